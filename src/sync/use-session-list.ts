// A session list on screen: loaded when shown, and again after a session is ended.
import { useCallback, useEffect, useState } from 'react';
import type { ActiveSession } from '../../contract/sessions';
import type { SessionCalls } from '../api/sessions';

export type SessionListState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; sessions: ActiveSession[] };

export interface SessionListControls {
  state: SessionListState;
  /** The session being ended, or 'others'. */
  ending: string | null;
  retry(): void;
  /** Whether it ended (the list then reads again). */
  end(id: string): Promise<boolean>;
  endOthers(): Promise<boolean>;
}

/** `calls` must keep its identity (the module-level calls of src/api/sessions.ts); read while `enabled`. */
export function useSessionList(calls: SessionCalls, enabled = true): SessionListControls {
  const [state, setState] = useState<SessionListState>({ status: 'loading' });
  const [ending, setEnding] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setState({ status: 'ready', sessions: await calls.list() });
    } catch {
      setState({ status: 'failed' });
    }
  }, [calls]);

  useEffect(() => {
    if (enabled) void load();
  }, [enabled, load]);

  const act = useCallback(
    async (which: string, action: () => Promise<void>) => {
      setEnding(which);
      try {
        await action();
        await load();
        return true;
      } catch {
        return false;
      } finally {
        setEnding(null);
      }
    },
    [load],
  );

  return {
    state,
    ending,
    retry: () => {
      setState({ status: 'loading' });
      void load();
    },
    end: (id) => act(id, () => calls.end(id)),
    endOthers: () => act('others', () => calls.endOthers()),
  };
}
