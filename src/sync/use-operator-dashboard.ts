// The state of an operator dashboard (insights-and-operators.md §4 Operator dashboards): logged-out,
// loading, error, empty-data or loaded, and the moves between them, for the admin and security screens.
// The operator's session (login, logout, expiry) is kept here; the figures are a live read of the
// dashboard's endpoint (use-live-endpoint.ts), asked while an operator is signed in.
import { useCallback, useState } from 'react';
import type { OperatorLoginRequest } from '../../contract/operators';
import {
  failureDetail,
  hasOperatorToken,
  logInOperator,
  logOutOperator,
  OperatorAreas,
  type OperatorEndpoint,
  type OperatorLoginOutcome,
} from '../api/operators';
import type { SuccessAnswer } from '../api/transport';
import { type LiveRead, useLiveEndpoint } from './use-live-endpoint';

/**
 * `logged-out` carries the message the login form shows above itself (a session that expired);
 * `loaded` keeps its data while Refresh Data runs, with when it arrived.
 */
export type OperatorDashboardState<T> =
  | { status: 'logged-out'; notice: string | null }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'empty' }
  | { status: 'loaded'; data: T; loadedAt: Date; isRefreshing: boolean };

export interface OperatorDashboard<T> {
  state: OperatorDashboardState<T>;
  logIn(credentials: OperatorLoginRequest): Promise<OperatorLoginOutcome>;
  /** Removes the token, drops the data and shows a fresh login form. */
  logOut(): void;
  /** Loads again; the figures on screen stay until the new ones arrive. */
  refresh(): void;
  /** For a dashboard action that met a 401 or 403 (its call has removed the token): back to login. */
  showSessionExpired(): void;
}

/** Whether an operator is signed in, what the login form says, and how many logins this screen saw. */
interface OperatorSession {
  isSignedIn: boolean;
  notice: string | null;
  logins: number;
}

type DashboardEndpoint = OperatorEndpoint & { method: 'GET' };

function dashboardState<E extends DashboardEndpoint, T>(
  endpoint: E,
  session: OperatorSession,
  read: LiveRead<SuccessAnswer<E>>,
  select: (answer: SuccessAnswer<E>) => T | null,
): OperatorDashboardState<T> {
  const area = OperatorAreas[endpoint.auth];
  if (!session.isSignedIn) return { status: 'logged-out', notice: session.notice };
  switch (read.status) {
    case 'idle':
    case 'loading':
      return { status: 'loading' };
    case 'expired':
      return { status: 'logged-out', notice: area.sessionExpiredMessage };
    case 'failed':
      return { status: 'error', message: `${area.loadFailedPrefix}: ${failureDetail(read.failure)}` };
    case 'ready': {
      const data = select(read.value);
      if (data === null) return { status: 'empty' };
      return { status: 'loaded', data, loadedAt: read.loadedAt, isRefreshing: read.isRefreshing };
    }
  }
}

/**
 * The dashboard of `endpoint`'s role: `select` takes the figures out of its answer, null being the
 * empty-data state. With a stored token the figures load at once, without one the login form shows.
 */
export function useOperatorDashboard<E extends DashboardEndpoint, T>(
  endpoint: E,
  select: (answer: SuccessAnswer<E>) => T | null,
): OperatorDashboard<T> {
  const role = endpoint.auth;
  const [session, setSession] = useState<OperatorSession>(() => ({
    isSignedIn: hasOperatorToken(role),
    notice: null,
    logins: 0,
  }));
  const read = useLiveEndpoint(endpoint, { enabled: session.isSignedIn, freshness: session.logins });

  const logIn = useCallback(
    async (credentials: OperatorLoginRequest) => {
      const outcome = await logInOperator(role, credentials);
      if (outcome.ok) setSession(({ logins }) => ({ isSignedIn: true, notice: null, logins: logins + 1 }));
      return outcome;
    },
    [role],
  );

  const leave = useCallback(
    (notice: string | null) => {
      logOutOperator(role);
      setSession(({ logins }) => ({ isSignedIn: false, notice, logins }));
    },
    [role],
  );
  const logOut = useCallback(() => leave(null), [leave]);
  const showSessionExpired = useCallback(
    () => leave(OperatorAreas[role].sessionExpiredMessage),
    [leave, role],
  );

  return {
    state: dashboardState(endpoint, session, read, select),
    logIn,
    logOut,
    refresh: read.reload,
    showSessionExpired,
  };
}
