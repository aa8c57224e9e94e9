// Keeping the contacts cache current (spec §4 Contacts cache): prefetch after sign-in, revalidation
// with the etag, delayed and replaced per member, and merging changes the server confirmed.
import { type ContactListResult, fetchContactList } from '../api/contact-list';
import {
  applyContactChanges,
  type ContactChange,
  hasFreshContactSet,
  mergeContactChange,
  storeContactList,
  takeContactsCache,
  takeContactsEtag,
  whenContactListFailsCheck,
} from '../db/contacts-cache';
import { readSignedInUserId } from '../session/signed-in-user';

/** Spec §9: a revalidation asked for runs this much later... */
export const REVALIDATION_DELAY_MS = 5_000;
/** ...and this much later when the page has just shown the cached list. */
export const CACHED_LOAD_REVALIDATION_DELAY_MS = 3_000;

/** `replaced`: a newer request for the same member took its place before it ran. */
export type RevalidationOutcome = 'changed' | 'unchanged' | 'failed' | 'replaced';

type FetchContactList = (etag: string | null) => Promise<ContactListResult>;

const isSignedInAs = (userId: string) => () => readSignedInUserId() === userId;

/** Spec §8: cache failures are warnings; the app goes on without the cache. */
function warn(action: string, error: unknown): void {
  console.warn(`Contacts cache: ${action} failed`, error);
}

async function readEtagOrNull(userId: string): Promise<string | null> {
  try {
    return await takeContactsEtag(userId);
  } catch (error) {
    warn('read', error);
    return null;
  }
}

async function hasFreshCache(userId: string): Promise<boolean> {
  try {
    return await hasFreshContactSet(userId);
  } catch (error) {
    warn('read', error);
    return false;
  }
}

const inFlight = new Map<string, Promise<RevalidationOutcome>>();

/**
 * Fetches the list with the cached etag now and stores what is new. Callers that arrive while one runs
 * for the same member share it. Never rejects: failures are logged and reported as `failed`.
 */
export function revalidateContacts(
  userId: string,
  fetchList: FetchContactList = fetchContactList,
): Promise<RevalidationOutcome> {
  const running = inFlight.get(userId);
  if (running) return running;
  const run = fetchAndStore(userId, fetchList).finally(() => inFlight.delete(userId));
  inFlight.set(userId, run);
  return run;
}

async function fetchAndStore(userId: string, fetchList: FetchContactList): Promise<RevalidationOutcome> {
  if (!isSignedInAs(userId)()) return 'failed';
  const etag = await readEtagOrNull(userId);
  let result: ContactListResult;
  try {
    result = await fetchList(etag);
  } catch (error) {
    console.warn('Contacts could not be revalidated', error);
    return 'failed';
  }
  if (result.status === 'unchanged') return 'unchanged';
  try {
    if (result.status === 'changes') {
      const isApplied = await applyContactChanges(userId, result, { isOwnerCurrent: isSignedInAs(userId) });
      return isApplied ? 'changed' : 'unchanged';
    }
    const isChanged = await storeContactList(userId, result.contacts, result.etag, {
      isOwnerCurrent: isSignedInAs(userId),
    });
    return isChanged ? 'changed' : 'unchanged';
  } catch (error) {
    warn('write', error);
    return 'failed';
  }
}

const recovering = new Set<string>();

/**
 * A reader of the member's whole list found a contact that no longer parses, so the list and its etag
 * cannot be trusted: drop them and fetch the whole list (spec §4 Contacts cache). Queued writes are kept
 * elsewhere and are not touched. A revalidation already running finishes first, so its answer to the old
 * etag cannot land after the fresh list.
 */
async function recoverFailedList(userId: string): Promise<void> {
  if (recovering.has(userId)) return;
  recovering.add(userId);
  try {
    await inFlight.get(userId);
    await takeContactsCache(userId).catch((error: unknown) => warn('drop', error));
    await revalidateContacts(userId);
  } finally {
    recovering.delete(userId);
  }
}

// Outside the reader's own transaction or live query, which cannot write.
whenContactListFailsCheck((userId) => {
  setTimeout(() => void recoverFailedList(userId), 0);
});

const pending = new Map<string, () => void>();

/**
 * Revalidates after `delayMs`. A newer request for the same member replaces the pending one, whose
 * promise then resolves to `replaced`.
 */
export function scheduleRevalidation(
  userId: string,
  { delayMs = REVALIDATION_DELAY_MS, fetchList }: { delayMs?: number; fetchList?: FetchContactList } = {},
): Promise<RevalidationOutcome> {
  pending.get(userId)?.();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      pending.delete(userId);
      revalidateContacts(userId, fetchList).then(resolve);
    }, delayMs);
    pending.set(userId, () => {
      clearTimeout(timer);
      pending.delete(userId);
      resolve('replaced');
    });
  });
}

/** Drops a pending revalidation, e.g. when the member signs out. */
export function cancelRevalidation(userId: string): void {
  pending.get(userId)?.();
}

/** After sign-in (spec §4): nothing when a valid cache exists, otherwise fetch and store. */
export async function prefetchContacts(
  userId: string,
  fetchList: FetchContactList = fetchContactList,
): Promise<RevalidationOutcome> {
  return (await hasFreshCache(userId)) ? 'unchanged' : revalidateContacts(userId, fetchList);
}

/** The contacts page opened: the cached list shows at once and is revalidated shortly after. */
export async function revalidateOnContactsLoad(userId: string): Promise<RevalidationOutcome> {
  return (await hasFreshCache(userId))
    ? scheduleRevalidation(userId, { delayMs: CACHED_LOAD_REVALIDATION_DELAY_MS })
    : revalidateContacts(userId);
}

/** Writes a change the server confirmed into the signed-in member's cache; never rejects. */
export async function applyChange(change: ContactChange): Promise<void> {
  const userId = readSignedInUserId();
  if (!userId) return;
  try {
    await mergeContactChange(userId, change, { isOwnerCurrent: isSignedInAs(userId) });
  } catch (error) {
    warn('merge', error);
  }
}
