// The one pattern for a form's submit or a button's one-shot call: what runs, and how the last run failed.
// A plain hook rather than `useActionState`: most of these actions start from a click, not a form, and a
// failure is shown where the action is, never thrown to an error boundary.
import { useCallback, useState } from 'react';

export type ActionOutcome<Result> = { ok: true; result: Result } | { ok: false; error: unknown };

type ActionState<Input> =
  | { status: 'idle' }
  | { status: 'running'; input: Input }
  | { status: 'failed'; error: unknown };

export interface Action<Input, Result> {
  /** Runs the action; the outcome says how it went, so the caller never needs a try/catch. */
  run(input: Input): Promise<ActionOutcome<Result>>;
  isBusy: boolean;
  /** What the running call was given (which of several buttons is busy); undefined when idle. */
  runningWith: Input | undefined;
  /** The last run's failure until the next run or `reset`; undefined when it did not fail. */
  error: unknown;
  hasFailed: boolean;
  reset(): void;
}

export function useAction<Input = void, Result = void>(
  action: (input: Input) => Promise<Result>,
): Action<Input, Result> {
  const [state, setState] = useState<ActionState<Input>>({ status: 'idle' });

  async function run(input: Input): Promise<ActionOutcome<Result>> {
    setState({ status: 'running', input });
    try {
      const result = await action(input);
      setState({ status: 'idle' });
      return { ok: true, result };
    } catch (error) {
      setState({ status: 'failed', error });
      return { ok: false, error };
    }
  }

  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return {
    run,
    isBusy: state.status === 'running',
    runningWith: state.status === 'running' ? state.input : undefined,
    error: state.status === 'failed' ? state.error : undefined,
    hasFailed: state.status === 'failed',
    reset,
  };
}
