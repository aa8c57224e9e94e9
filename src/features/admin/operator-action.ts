// An admin action over an operator call: a 401 or 403 ends the session, any other failure is shown.
import { failureDetail, type OperatorCallOutcome, type OperatorFailure } from '../../api/operators';
import { useAction } from '../../ui/use-action';
import { useDashboardActions } from './dashboard-context';

/** Thrown so that the action's error line shows the call's own words. */
class OperatorActionError extends Error {}

export function failureText(error: unknown): string | null {
  if (error === undefined) return null;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs `call` and hands a successful value to `onDone`; an expired session goes back to the login,
 * a failure stays as the action's error for the screen to show, in the words `wordsFor` gives it.
 */
export function useOperatorAction<Input, T>(
  call: (input: Input) => Promise<OperatorCallOutcome<T>>,
  onDone: (value: T, input: Input) => void,
  wordsFor: (failure: OperatorFailure) => string = failureDetail,
) {
  const { showSessionExpired } = useDashboardActions();
  return useAction(async (input: Input) => {
    const outcome = await call(input);
    if (outcome.kind === 'expired') showSessionExpired();
    else if (outcome.kind === 'failed') throw new OperatorActionError(wordsFor(outcome.failure));
    else onDone(outcome.value, input);
  });
}
