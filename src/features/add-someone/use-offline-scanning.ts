// Whether scanning works with no signal on this device, and getting it there: at once when the member
// opens "Add someone" online, on request when the browser asks to save data, and again once back online.
import { useCallback, useEffect, useRef, useState } from 'react';
import { getScanningReadyOffline, isSavingData, isScanningReadyOffline } from './ocr-offline';

export type OfflineScanning = 'checking' | 'ready' | 'getting' | 'needs-network' | 'ask' | 'failed';

export function useOfflineScanning() {
  const [state, setState] = useState<OfflineScanning>('checking');
  const isGetting = useRef(false);

  const get = useCallback(async () => {
    if (isGetting.current) return;
    isGetting.current = true;
    setState('getting');
    try {
      setState((await getScanningReadyOffline()) ? 'ready' : 'failed');
    } catch (error) {
      console.warn('Getting the card reader failed', error);
      setState('failed');
    } finally {
      isGetting.current = false;
    }
  }, []);

  /** Checks the cache again (a card read online has filled it too); gets the files when it may. */
  const recheck = useCallback(
    async (mayGet: boolean) => {
      if (isGetting.current) return;
      if (await isScanningReadyOffline().catch(() => false)) return setState('ready');
      if (!navigator.onLine) return setState('needs-network');
      if (isSavingData() || !mayGet) return setState('ask');
      await get();
    },
    [get],
  );

  useEffect(() => {
    void recheck(true);
    const backOnline = () => void recheck(true);
    window.addEventListener('online', backOnline);
    return () => window.removeEventListener('online', backOnline);
  }, [recheck]);

  return { state, get, recheck: () => recheck(false) };
}
