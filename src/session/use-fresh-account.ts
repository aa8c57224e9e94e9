// The account fetched anew for a screen that edits it (/my-card, /account), with a way to try again.
import { useCallback, useEffect, useState } from 'react';
import type { Account } from '../../contract/user';
import { fetchAccount } from '../api/user';
import { useSessionStore } from './session-store';

export type AccountLoad = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; account: Account };

export function useFreshAccount() {
  const [load, setLoad] = useState<AccountLoad>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  /** Shows an account the server sent back and shares it with the rest of the app. */
  const adopt = useCallback((account: Account) => {
    useSessionStore.getState().signIn(account);
    setLoad({ kind: 'ready', account });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is what fetches again.
  useEffect(() => {
    let isCurrent = true;
    setLoad({ kind: 'loading' });
    fetchAccount()
      .then((account) => isCurrent && adopt(account))
      .catch(() => isCurrent && setLoad({ kind: 'failed' }));
    return () => {
      isCurrent = false;
    };
  }, [adopt, attempt]);

  const retry = useCallback(() => setAttempt((current) => current + 1), []);
  return { load, adopt, retry };
}
