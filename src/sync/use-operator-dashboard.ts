// The state of an operator dashboard (insights-and-operators.md §4 Operator dashboards): logged-out,
// loading, error, empty-data or loaded, and the moves between them, for the admin and security screens.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { OperatorLoginRequest } from '../../contract/operators';
import {
  hasOperatorToken,
  logInOperator,
  logOutOperator,
  OperatorAreas,
  type OperatorCallOutcome,
  type OperatorLoginOutcome,
  type OperatorRole,
} from '../api/operators';

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

/**
 * `load` reads the dashboard's data with the stored token; a `done` without data (null) is the
 * empty-data state. With a stored token the data loads at once, without one the login form shows.
 */
export function useOperatorDashboard<T>(
  role: OperatorRole,
  load: () => Promise<OperatorCallOutcome<T | null>>,
): OperatorDashboard<T> {
  const [state, setState] = useState<OperatorDashboardState<T>>(() =>
    hasOperatorToken(role) ? { status: 'loading' } : { status: 'logged-out', notice: null },
  );
  // Answers to a load that a log-out or a newer load has overtaken are dropped.
  const latestLoad = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const settle = useCallback(
    (outcome: OperatorCallOutcome<T | null>) => {
      const area = OperatorAreas[role];
      if (outcome.kind === 'expired') {
        setState({ status: 'logged-out', notice: area.sessionExpiredMessage });
      } else if (outcome.kind === 'failed') {
        setState({ status: 'error', message: `${area.loadFailedPrefix}: ${outcome.message}` });
      } else if (outcome.value === null) {
        setState({ status: 'empty' });
      } else {
        setState({ status: 'loaded', data: outcome.value, loadedAt: new Date(), isRefreshing: false });
      }
    },
    [role],
  );

  const startLoad = useCallback(() => {
    const thisLoad = ++latestLoad.current;
    setState((current) =>
      current.status === 'loaded' ? { ...current, isRefreshing: true } : { status: 'loading' },
    );
    void loadRef.current().then((outcome) => {
      if (thisLoad === latestLoad.current) settle(outcome);
    });
  }, [settle]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first render decides whether to load.
  useEffect(() => {
    if (hasOperatorToken(role)) startLoad();
    return () => {
      latestLoad.current++;
    };
  }, []);

  const logIn = useCallback(
    async (credentials: OperatorLoginRequest) => {
      const outcome = await logInOperator(role, credentials);
      if (outcome.ok) startLoad();
      return outcome;
    },
    [role, startLoad],
  );

  const logOut = useCallback(() => {
    latestLoad.current++;
    logOutOperator(role);
    setState({ status: 'logged-out', notice: null });
  }, [role]);

  const showSessionExpired = useCallback(() => {
    latestLoad.current++;
    logOutOperator(role);
    setState({ status: 'logged-out', notice: OperatorAreas[role].sessionExpiredMessage });
  }, [role]);

  return { state, logIn, logOut, refresh: startLoad, showSessionExpired };
}
