// Flag changes made without a connection (spec §4 Contacts page): kept in Dexie as the state the member
// chose, per member and contact, shown as pending, and sent once the app is back online, so a reload or a
// closed tab before the connection returns loses nothing.
import { useLiveQuery } from 'dexie-react-hooks';
import type { Contact } from '../../contract/contacts';
import { refusalMessage } from '../api/client';
import { db, keepParsed, type PendingFlag, PendingFlagSchema } from '../db/tapnet-db';
import { readSignedInUserId, useSignedInUserId } from '../session/signed-in-user';
import { toggleFlag } from './contact-writes';

/** Tabs of one member share the rows; the lock keeps two of them from sending the same change twice. */
const PENDING_FLAGS_LOCK_NAME = 'tapnet-pending-flags';

const NO_PENDING_FLAGS: ReadonlyMap<string, boolean> = new Map();

/** The member's waiting changes, oldest first; rows that no longer parse cannot be sent and are dropped. */
async function readPendingFlags(ownerUserId: string): Promise<PendingFlag[]> {
  const rows = await db.pendingFlags.where('ownerUserId').equals(ownerUserId).sortBy('queuedAt');
  const { valid, invalid } = keepParsed(PendingFlagSchema, rows);
  if (invalid.length > 0)
    await db.pendingFlags.bulkDelete(
      rows.filter((row) => invalid.includes(row)).map((row) => [row.ownerUserId, row.contactId]),
    );
  return valid;
}

async function readPendingFlag(ownerUserId: string, contactId: string): Promise<PendingFlag | null> {
  const parsed = PendingFlagSchema.safeParse(await db.pendingFlags.get([ownerUserId, contactId]));
  return parsed.success ? parsed.data : null;
}

/** Contact id → the flag state the signed-in member chose that the server has not confirmed yet; live across tabs. */
export function usePendingFlags(): ReadonlyMap<string, boolean> {
  const userId = useSignedInUserId();
  return (
    useLiveQuery(async () => {
      if (!userId) return NO_PENDING_FLAGS;
      const rows = keepParsed(
        PendingFlagSchema,
        await db.pendingFlags.where('ownerUserId').equals(userId).toArray(),
      ).valid;
      return new Map(rows.map((row) => [row.contactId, row.isFlagged]));
    }, [userId]) ?? NO_PENDING_FLAGS
  );
}

/** A contact as the member sees it: with the flag they chose while it waits to be sent. */
export function withPendingFlags(contacts: Contact[], flags: ReadonlyMap<string, boolean>): Contact[] {
  if (flags.size === 0) return contacts;
  return contacts.map((contact) => {
    const isFlagged = flags.get(contact._id);
    return isFlagged === undefined || isFlagged === contact.isFlagged ? contact : { ...contact, isFlagged };
  });
}

/**
 * Keeps `isFlagged` for `contact` until it can be sent. The latest choice replaces an earlier one, and
 * choosing the state the server last had drops the row: the member took the change back, so there is
 * nothing to send (the server toggles, so sending it would be two writes that end where they began).
 */
export async function queueFlag(contact: Contact, isFlagged: boolean): Promise<void> {
  const ownerUserId = readSignedInUserId();
  if (!ownerUserId) return;
  await db.transaction('rw', db.pendingFlags, async () => {
    const stored = await readPendingFlag(ownerUserId, contact._id);
    const isFlaggedOnServer = stored?.isFlaggedOnServer ?? contact.isFlagged;
    if (isFlaggedOnServer === isFlagged) await db.pendingFlags.delete([ownerUserId, contact._id]);
    else
      await db.pendingFlags.put({
        ownerUserId,
        contactId: contact._id,
        isFlagged,
        isFlaggedOnServer,
        queuedAt: stored?.queuedAt ?? Date.now(),
      });
  });
}

export async function hasPendingFlag(contactId: string): Promise<boolean> {
  const ownerUserId = readSignedInUserId();
  return ownerUserId !== null && (await readPendingFlag(ownerUserId, contactId)) !== null;
}

export interface SendOutcome {
  /** Changes still wait: no connection, server trouble or an ended session; a later round sends them. */
  isWaiting: boolean;
  /** Refused by the server for good (e.g. the contact was deleted elsewhere); dropped from the queue. */
  refused: number;
}

let sending: Promise<SendOutcome> | null = null;

/** Sends the signed-in member's queued flags, one at a time; a second call while sending waits for the first. */
export function sendPendingFlags(): Promise<SendOutcome> {
  sending ??= withPendingFlagsLock(sendAll).finally(() => {
    sending = null;
  });
  return sending;
}

function withPendingFlagsLock<T>(work: () => Promise<T>): Promise<T> {
  return typeof navigator !== 'undefined' && navigator.locks
    ? navigator.locks.request(PENDING_FLAGS_LOCK_NAME, work)
    : work();
}

async function sendAll(): Promise<SendOutcome> {
  const ownerUserId = readSignedInUserId();
  let refused = 0;
  if (!ownerUserId) return { isWaiting: false, refused };
  // One at a time from the front, read again each round: a flag the member changes again while its first
  // change is on the way stays queued with the newer choice and goes in a later round.
  for (let [next] = await readPendingFlags(ownerUserId); next; [next] = await readPendingFlags(ownerUserId)) {
    // Another member signed in meanwhile: their token must not send this member's changes.
    if (readSignedInUserId() !== ownerUserId) return { isWaiting: true, refused };
    try {
      await sendFlag(next);
    } catch (error) {
      // Only a refusal that a retry cannot cure drops the change (as the outbox does); the server
      // toggles, so a change that did arrive without its answer is corrected by the next round's check.
      if (refusalMessage(error) === null) return { isWaiting: true, refused };
      await db.pendingFlags.delete([ownerUserId, next.contactId]);
      refused += 1;
    }
  }
  return { isWaiting: false, refused };
}

/** Sends one change and removes it once the server confirmed the state the member chose last. */
async function sendFlag({
  ownerUserId,
  contactId,
  isFlagged,
  isFlaggedOnServer,
}: PendingFlag): Promise<void> {
  // The server toggles; another device may have changed the flag meanwhile, so check the answer.
  let isFlaggedNow = await toggleFlag({ _id: contactId });
  if (isFlaggedNow !== isFlagged) isFlaggedNow = await toggleFlag({ _id: contactId });
  await db.transaction('rw', db.pendingFlags, async () => {
    const latest = await readPendingFlag(ownerUserId, contactId);
    // No row left: while this was on the way the member chose the state the server had before it, which
    // dropped the row; that choice is the latest and still has to reach the server.
    const wanted = latest?.isFlagged ?? isFlaggedOnServer;
    if (wanted === isFlaggedNow) await db.pendingFlags.delete([ownerUserId, contactId]);
    else
      await db.pendingFlags.put({
        ownerUserId,
        contactId,
        isFlagged: wanted,
        isFlaggedOnServer: isFlaggedNow,
        queuedAt: latest?.queuedAt ?? Date.now(),
      });
  });
}
