// The state of an operator dashboard (insights-and-operators.md §4 Operator dashboards): logged-out,
// loading, error, empty-data or loaded, and the moves between them, for the admin and security screens.
// The operator's session (login, logout, expiry) is kept here; the figures are a live read of the
// dashboard's endpoint (use-live-endpoint.ts), asked while an operator is signed in.
import { useCallback, useRef, useState } from 'react';
import type { OperatorLoginRequest } from '../../contract/operators';
import {
  completeOperatorPasskey,
  completeOperatorSecondFactor,
  failureDetail,
  hasOperatorToken,
  logInOperator,
  logOutOperator,
  OperatorAreas,
  type OperatorEndpoint,
} from '../api/operators';
import { OperatorSessionCalls } from '../api/sessions';
import type { SuccessAnswer } from '../api/transport';
import { type LiveRead, useLiveEndpoint } from './use-live-endpoint';
import { usePasskeys } from './use-passkeys';
import { type EnrolmentControls, useEnrolment, useSecondFactorStatus } from './use-second-factor';
import { type SessionListControls, useSessionList } from './use-session-list';

/**
 * `logged-out` carries the message the login form shows above itself (a session that expired);
 * `loaded` keeps its data while Refresh Data runs, with when it arrived.
 */
export type OperatorDashboardState<T> =
  | { status: 'logged-out'; notice: string | null }
  /** Signed in to set up the second factor the server requires, and to nothing else. */
  | { status: 'enrolling' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'empty' }
  | { status: 'loaded'; data: T; loadedAt: Date; isRefreshing: boolean };

/** How a sign-in step went, as the login form shows it. */
export type OperatorSignInStep = { ok: true; needsCode?: boolean } | { ok: false; message: string };

export interface OperatorDashboard<T> {
  state: OperatorDashboardState<T>;
  logIn(credentials: OperatorLoginRequest): Promise<OperatorSignInStep>;
  /** The sign-in's second step, after a password that was right. */
  verifySecondFactor(code: string): Promise<OperatorSignInStep>;
  /** The same step with one of the operator's passkeys. */
  verifyPasskey(): Promise<OperatorSignInStep>;
  /** The operator's own account: second factor, passkeys and sessions, read while it is open. */
  account: {
    isOpen: boolean;
    open(): void;
    close(): void;
    secondFactor: ReturnType<typeof useSecondFactorStatus>;
    isEnrolling: boolean;
    startEnrolling(): void;
    /** Also the first sign-in's, when the server requires a second factor. */
    enrolment: EnrolmentControls;
    passkeys: ReturnType<typeof usePasskeys>;
    sessions: SessionListControls;
  };
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
  /** Signed in to the enrolment only (OPERATOR_SECOND_FACTOR=required, no factor yet). */
  mustEnrol?: boolean;
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
  if (session.mustEnrol) return { status: 'enrolling' };
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
  const read = useLiveEndpoint(endpoint, {
    enabled: session.isSignedIn && !session.mustEnrol,
    freshness: session.logins,
  });
  /** Between the password and the code: the token only the second step accepts. */
  const secondFactorToken = useRef<string | null>(null);

  const signedIn = useCallback((mustEnrol: boolean) => {
    secondFactorToken.current = null;
    setSession(({ logins }) => ({ isSignedIn: true, mustEnrol, notice: null, logins: logins + 1 }));
  }, []);

  const logIn = useCallback(
    async (credentials: OperatorLoginRequest): Promise<OperatorSignInStep> => {
      const outcome = await logInOperator(role, credentials);
      if (!outcome.ok) return outcome;
      if (outcome.next === 'second-factor') {
        secondFactorToken.current = outcome.secondFactorToken;
        return { ok: true, needsCode: true };
      }
      signedIn(outcome.next === 'enrolment');
      return { ok: true };
    },
    [role, signedIn],
  );

  const verifySecondFactor = useCallback(
    async (code: string): Promise<OperatorSignInStep> => {
      const outcome = await completeOperatorSecondFactor(role, secondFactorToken.current ?? '', code);
      if (outcome.ok) signedIn(false);
      return outcome;
    },
    [role, signedIn],
  );

  const verifyPasskey = useCallback(async (): Promise<OperatorSignInStep> => {
    const outcome = await completeOperatorPasskey(role, secondFactorToken.current ?? '');
    if (outcome.ok) signedIn(false);
    return outcome;
  }, [role, signedIn]);

  const [isAccountOpen, setAccountOpen] = useState(false);
  const [isEnrolling, setEnrolling] = useState(false);
  const secondFactor = useSecondFactorStatus(role, isAccountOpen && session.isSignedIn);
  const sessions = useSessionList(OperatorSessionCalls[role], isAccountOpen && session.isSignedIn);
  const { reload: reloadSecondFactor } = secondFactor;
  const { retry: reloadSessions } = sessions;
  const isHeldAtEnrolment = session.mustEnrol === true;
  const enrolled = useCallback(() => {
    setEnrolling(false);
    if (isHeldAtEnrolment) {
      signedIn(false);
      return;
    }
    reloadSecondFactor();
    reloadSessions();
  }, [isHeldAtEnrolment, signedIn, reloadSecondFactor, reloadSessions]);
  const enrolment = useEnrolment(role, enrolled);
  const passkeysChanged = useCallback(() => {
    reloadSecondFactor();
    reloadSessions();
  }, [reloadSecondFactor, reloadSessions]);
  const passkeys = usePasskeys(role, isAccountOpen && session.isSignedIn, passkeysChanged);

  const leave = useCallback(
    (notice: string | null) => {
      logOutOperator(role);
      setAccountOpen(false);
      setEnrolling(false);
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
    verifySecondFactor,
    verifyPasskey,
    account: {
      isOpen: isAccountOpen,
      open: () => setAccountOpen(true),
      close: () => {
        setAccountOpen(false);
        setEnrolling(false);
      },
      secondFactor,
      isEnrolling,
      startEnrolling: () => setEnrolling(true),
      enrolment,
      passkeys,
      sessions,
    },
    logOut,
    refresh: read.reload,
    showSessionExpired,
  };
}
