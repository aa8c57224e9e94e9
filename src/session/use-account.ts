// The signed-in account for screens that show it; fetched once when the session check did not bring it.
import { useEffect } from 'react';
import { fetchAccount } from '../api/user';
import { useSessionStore } from './session-store';

export function useAccount() {
  const status = useSessionStore((state) => state.status);
  const account = useSessionStore((state) => state.account);

  useEffect(() => {
    if (status !== 'signedIn' || account) return;
    let isCurrent = true;
    fetchAccount()
      .then((fetched) => {
        if (isCurrent) useSessionStore.getState().signIn(fetched);
      })
      // Offline the screen shows what storage knows; the next start fetches again.
      .catch(() => {});
    return () => {
      isCurrent = false;
    };
  }, [status, account]);

  return account;
}
