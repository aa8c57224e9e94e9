// What the dashboard's own actions (unblock, block, allowlist, rule modes, export) need from the screen
// around them, and the one way they make a call: an expired session goes back to the login at once.
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import type { OperatorCallOutcome } from '../../api/operators';
import { refusalAnswer } from '../../api/security';
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

/** A call that failed; the outcome says how (a refusal or no answer), its message what was said. */
export class SecurityCallError extends Error {
  constructor(readonly outcome: Extract<OperatorCallOutcome<unknown>, { kind: 'failed' }>) {
    super(outcome.message);
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
  if (!(error instanceof Error)) return String(error);
  const body = error instanceof SecurityCallError ? refusalAnswer(error.outcome) : null;
  if (!body) return error.message;
  return body.errors?.length ? body.errors.join(' ') : body.error;
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
    if (outcome.kind === 'failed') throw new SecurityCallError(outcome);
    return outcome.value;
  });
}

export type ListState<T> =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; value: T };

/**
 * A list an operator tool shows (blocks, allowlist, rules, audit log), read when the tool opens, again on
 * `reload` and with every reload of the dashboard's figures. Always live: an operator acts on what holds
 * now, so nothing is kept between visits.
 */
export function useSecurityList<T>(load: () => Promise<OperatorCallOutcome<T>>) {
  const { showSessionExpired, loadedAt } = useSecuritySession();
  const freshness = loadedAt?.getTime();
  const [state, setState] = useState<ListState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is what loads again.
  useEffect(() => {
    let isCurrent = true;
    void load().then((outcome) => {
      if (!isCurrent) return;
      if (outcome.kind === 'expired') showSessionExpired();
      else if (outcome.kind === 'failed') setState({ status: 'failed', message: outcome.message });
      else setState({ status: 'ready', value: outcome.value });
    });
    return () => {
      isCurrent = false;
    };
  }, [attempt, freshness]);

  const reload = useCallback(() => setAttempt((current) => current + 1), []);
  return { state, reload };
}
