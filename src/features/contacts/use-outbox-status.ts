// The signed-in member's queued saves, live from Dexie, and saves the server refused while replaying.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { cardSerial } from '../../../contract/card-paths';
import { db, FailedSaveSchema, keepParsed, OutboxEntrySchema } from '../../db/tapnet-db';
import { readAccessToken } from '../../session/token-store';
import { readTokenSubject } from '../../session/tokens';
import { showToast } from '../../ui/toast-store';

export interface PendingSave {
  id: number;
  /** The card's name as it was seen, or its serial number for a card tapped offline and never seen. */
  label: string;
}

/** This member's saves waiting to sync, oldest first; none while Dexie is still answering. */
export function usePendingSaves(): PendingSave[] {
  const userId = readTokenSubject(readAccessToken());
  const rows = useLiveQuery(
    () => (userId ? db.outbox.where('ownerUserId').equals(userId).sortBy('id') : []),
    [userId],
  );
  return keepParsed(OutboxEntrySchema, rows ?? []).valid.map(({ id, payload }) => ({
    id,
    label: saveLabel(payload.name, payload.nfcUID),
  }));
}

function saveLabel(name: string | null | undefined, nfcUID: string): string {
  return name?.trim() || `Tapnet card ${cardSerial(nfcUID)}`;
}

/** Spec §8's text, naming the card: a save tapped offline may be refused long after the tap. */
export function describeFailedSave(failed: { name: string | null; nfcUID: string; message: string }): string {
  return `Failed to save contact: ${failed.message} (${saveLabel(failed.name, failed.nfcUID)})`;
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
    for (const failed of valid) showToast('error', describeFailedSave(failed));
    db.failedSaves.bulkDelete(rows.map((row) => row.id)).catch(() => {});
  }, [rows]);
}
