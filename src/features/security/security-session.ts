// What the dashboard's own actions (unblock, block, allowlist, rule modes, export) need from the screen
// around them, and the one way they make a call: an expired session goes back to the login at once.
import { createContext, useContext, useEffect } from 'react';
import type { PathParams } from '../../../contract/endpoint';
import {
  actionFailureMessage,
  failureDetail,
  type OperatorCallOutcome,
  type OperatorEndpoint,
  type OperatorFailure,
} from '../../api/operators';
import type { SuccessAnswer } from '../../api/transport';
import { type LiveState, useLiveEndpoint } from '../../sync/use-live-endpoint';
import { useAction } from '../../ui/use-action';

export interface SecuritySession {
  /** A call met a 401 or 403 (its token is gone): back to the login with the session-expired message. */
  showSessionExpired(): void;
  /** Loads the dashboard's figures again (after an unblock, a block, an allowlist change). */
  refresh(): void;
  /** When the figures on screen were read: the tools' lists are read again with them. */
  loadedAt: Date | null;
}

export const SecuritySessionContext = createContext<SecuritySession | null>(null);

function useSecuritySession(): SecuritySession {
  const session = useContext(SecuritySessionContext);
  if (!session) throw new Error('A security dashboard action outside the security dashboard');
  return session;
}

export function useRefreshDashboard(): () => void {
  return useSecuritySession().refresh;
}

/** A call that failed; the failure says how (a refusal or no answer), the message spec §8's detail. */
export class SecurityCallError extends Error {
  constructor(readonly failure: OperatorFailure) {
    super(failureDetail(failure));
  }
}

/** The session ended during the call; the screen has gone back to the login, so nothing is shown. */
class SessionEndedError extends Error {}

/**
 * What to tell the operator about a failed action: the server's own words for a refusal ('Please enter a
 * valid IP address'), else what went wrong; null when there is nothing to say.
 */
export function failureMessage(error: unknown): string | null {
  if (error === undefined || error instanceof SessionEndedError) return null;
  if (error instanceof SecurityCallError) return actionFailureMessage(error.failure);
  return error instanceof Error ? error.message : String(error);
}

/** An operator call as an action: `run` resolves with the answer, or with the failure to show. */
export function useSecurityCall<Input, T>(call: (input: Input) => Promise<OperatorCallOutcome<T>>) {
  const { showSessionExpired } = useSecuritySession();
  return useAction(async (input: Input): Promise<T> => {
    const outcome = await call(input);
    if (outcome.kind === 'expired') {
      showSessionExpired();
      throw new SessionEndedError();
    }
    if (outcome.kind === 'failed') throw new SecurityCallError(outcome.failure);
    return outcome.value;
  });
}

export type ListState<T> =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; value: T };

function listState<T>(read: LiveState<T>): ListState<T> {
  if (read.status === 'failed') return { status: 'failed', message: failureDetail(read.failure) };
  if (read.status === 'ready') return { status: 'ready', value: read.value };
  return { status: 'loading' };
}

/**
 * A list an operator tool shows (blocks, allowlist, rules, audit log): a live read of `endpoint`, again
 * on `reload` and with every reload of the dashboard's figures. A refused token ends the session.
 */
export function useSecurityList<E extends OperatorEndpoint & { method: 'GET' }>(
  endpoint: E,
  params?: PathParams<E['path']>,
  query?: Record<string, string>,
): { state: ListState<SuccessAnswer<E>>; reload(): void } {
  const { showSessionExpired, loadedAt } = useSecuritySession();
  const read = useLiveEndpoint(endpoint, { params, query, freshness: loadedAt?.getTime() });
  const isExpired = read.status === 'expired';
  useEffect(() => {
    if (isExpired) showSessionExpired();
  }, [isExpired, showSessionExpired]);
  return { state: listState(read), reload: read.reload };
}
