// What a tab's own actions (an export, issuing cards) need from the dashboard around them.
import { createContext, useContext } from 'react';

export interface DashboardActions {
  /** A call met a 401 or 403: back to the login with the session-expired message. */
  showSessionExpired(): void;
  /** Loads the figures again, e.g. after cards were issued. */
  refresh(): void;
}

export const DashboardActionsContext = createContext<DashboardActions | null>(null);

export function useDashboardActions(): DashboardActions {
  const actions = useContext(DashboardActionsContext);
  if (!actions) throw new Error('useDashboardActions outside the admin dashboard');
  return actions;
}
