// The signed-in member's queued saves, live from Dexie, and saves the server refused while replaying.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { db, FailedSaveSchema, keepParsed } from '../../db/tapnet-db';
import { readAccessToken, readTokenSubject } from '../../session/tokens';
import { showToast } from '../../ui/toast-store';

/** How many of this member's saves wait to sync; 0 while Dexie is still answering. */
export function usePendingSaveCount(): number {
  const userId = readTokenSubject(readAccessToken());
  return (
    useLiveQuery(() => (userId ? db.outbox.where('ownerUserId').equals(userId).count() : 0), [userId]) ?? 0
  );
}

/** Tells the member once about each queued save that could not be stored, then forgets it. */
export function useFailedSaveToasts(): void {
  const userId = readTokenSubject(readAccessToken());
  const rows = useLiveQuery(
    () => (userId ? db.failedSaves.where('ownerUserId').equals(userId).toArray() : []),
    [userId],
  );
  useEffect(() => {
    if (!rows || rows.length === 0) return;
    const { valid } = keepParsed(FailedSaveSchema, rows);
    for (const failed of valid) showToast('error', `Failed to save contact: ${failed.message}`);
    db.failedSaves.bulkDelete(rows.map((row) => row.id)).catch(() => {});
  }, [rows]);
}
