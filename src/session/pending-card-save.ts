// The card a signed-out visitor asked to save, kept until they sign in (spec §3, §4).
import type { PublicCard, TapProof } from '../../contract/card';
import { isTapProof, PUBLIC_CARD_FIELDS } from '../../contract/card-paths';
import { Stored } from './browser-storage';

/** Spec §9: a pending save older than this is dropped. */
export const PENDING_CARD_SAVE_VALIDITY_MS = 1_800_000;

/** Where people met, taken when the card was saved. */
export interface WhereWeMet {
  lat: number;
  lng: number;
}

/**
 * Spec §3: the timestamp plus the card fields and nfcUID; where they met, for a save made offline
 * (taken at the tap, as the location rules allow, since the sign-in comes later and elsewhere); and a
 * secure card's tap data, so that the save after sign-in is verified as met in person (issue 28).
 */
export type PendingCardSave = Omit<PublicCard, 'userId'> & {
  timestamp: number;
  tap?: TapProof;
} & Partial<WhereWeMet>;

export type PendingCardSaveRead =
  | { status: 'none' }
  | { status: 'invalid' }
  | { status: 'expired' }
  | { status: 'valid'; save: PendingCardSave };

/** Everything the visitor saw; the owner's id is looked up again when the save completes. */
const CARD_FIELDS = PUBLIC_CARD_FIELDS.filter(
  (field): field is Exclude<(typeof PUBLIC_CARD_FIELDS)[number], 'userId'> => field !== 'userId',
);

function parse(raw: string): PendingCardSave | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.timestamp !== 'number' || typeof record.nfcUID !== 'string') return undefined;
  const save = { timestamp: record.timestamp } as PendingCardSave;
  for (const field of CARD_FIELDS) save[field] = typeof record[field] === 'string' ? record[field] : '';
  if (isCoordinate(record.lat, 90) && isCoordinate(record.lng, 180)) {
    save.lat = record.lat;
    save.lng = record.lng;
  }
  if (typeof record.tap === 'object' && record.tap !== null && isTapProof(record.tap)) {
    save.tap = { p: record.tap.p, c: record.tap.c };
  }
  return save;
}

function isCoordinate(value: unknown, limit: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;
}

export function storePendingCardSave(
  card: PublicCard,
  now = Date.now(),
  whereWeMet: WhereWeMet | null = null,
  tap: TapProof | null = null,
): void {
  const save = {
    timestamp: now,
    nfcUID: card.nfcUID,
    ...whereWeMet,
    ...(tap ? { tap } : null),
  } as PendingCardSave;
  for (const field of CARD_FIELDS) save[field] = card[field];
  Stored.pendingCardSave.write(JSON.stringify(save));
}

export function readPendingCardSave(now = Date.now()): PendingCardSaveRead {
  const raw = Stored.pendingCardSave.read();
  if (raw === null) return { status: 'none' };
  const save = parse(raw);
  if (!save) return { status: 'invalid' };
  if (now - save.timestamp > PENDING_CARD_SAVE_VALIDITY_MS) return { status: 'expired' };
  return { status: 'valid', save };
}

export function clearPendingCardSave(): void {
  Stored.pendingCardSave.remove();
}

/** Removes a pending save that is unreadable or too old to honour (spec §4 App start session check). */
export function removeExpiredPendingCardSave(now = Date.now()): void {
  const { status } = readPendingCardSave(now);
  if (status === 'invalid' || status === 'expired') clearPendingCardSave();
}
