// A read with no cache (docs "Calling the server"): what an operator screen shows, asked of the server
// each time the screen needs it, with the operator token of the endpoint's role. The member screens'
// counterpart is useCachedResource (a Dexie copy that serves offline); operators act on what holds now,
// so nothing is kept between visits.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PathParams } from '../../contract/endpoint';
import { callOperatorEndpoint, type OperatorEndpoint, type OperatorFailure } from '../api/operators';
import type { SendArguments, SuccessAnswer } from '../api/transport';

/**
 * `idle` until asked (`enabled` false); `expired` when the role's token is missing or was refused (the
 * operator client has removed it); `ready` keeps its value while a reload runs, with when it arrived.
 */
export type LiveState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'expired' }
  | { status: 'failed'; failure: OperatorFailure }
  | { status: 'ready'; value: T; loadedAt: Date; isRefreshing: boolean };

export interface LiveReadOptions<E extends OperatorEndpoint> {
  params?: PathParams<E['path']>;
  /** The query string's values (a filtered list, a page of it). */
  query?: Record<string, string>;
  /** False: nothing is asked (no operator signed in), and an answer still on its way is dropped. */
  enabled?: boolean;
  /** A change reads again (a login, the dashboard's own reload that lists follow). */
  freshness?: unknown;
}

export type LiveRead<T> = LiveState<T> & {
  /** Reads again; a value on screen stays until the new one arrives. */
  reload(): void;
};

/** Reads `endpoint` when the screen mounts, on `reload`, and when its params or freshness change. */
export function useLiveEndpoint<E extends OperatorEndpoint & { method: 'GET' }>(
  endpoint: E,
  { params, query, enabled = true, freshness }: LiveReadOptions<E> = {},
): LiveRead<SuccessAnswer<E>> {
  const [state, setState] = useState<LiveState<SuccessAnswer<E>>>(() =>
    enabled ? { status: 'loading' } : { status: 'idle' },
  );
  const [attempt, setAttempt] = useState(0);
  // Parameters arrive as a new object each render; their text is what decides whether to read again.
  const paramsKey = JSON.stringify(params ?? null);
  const queryKey = JSON.stringify(query ?? null);
  // One object per read to make: a new one when the parameters, the freshness or the attempt change.
  const read = useMemo(
    () => ({
      params: JSON.parse(paramsKey) ?? undefined,
      query: (JSON.parse(queryKey) as Record<string, string> | null) ?? undefined,
      freshness,
      attempt,
    }),
    [paramsKey, queryKey, freshness, attempt],
  );

  useEffect(() => {
    if (!enabled) {
      setState({ status: 'idle' });
      return;
    }
    let isCurrent = true;
    setState((current) =>
      current.status === 'ready' ? { ...current, isRefreshing: true } : { status: 'loading' },
    );
    // SendArguments<E> is a conditional type TypeScript cannot resolve for a generic E; the options are
    // this read's own parameters and query, which the caller passed in as that endpoint's.
    const options = [{ params: read.params, query: read.query }] as unknown as SendArguments<E>;
    void callOperatorEndpoint<E>(endpoint, ...options).then((outcome) => {
      // Overtaken by a newer read, a log-out or the screen closing: the answer is dropped.
      if (!isCurrent) return;
      if (outcome.kind === 'expired') setState({ status: 'expired' });
      else if (outcome.kind === 'failed') setState({ status: 'failed', failure: outcome.failure });
      else setState({ status: 'ready', value: outcome.value, loadedAt: new Date(), isRefreshing: false });
    });
    return () => {
      isCurrent = false;
    };
  }, [endpoint, enabled, read]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, reload };
}
