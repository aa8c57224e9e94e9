// A member's contact list remembered between change notices (migration 023): its tag, so that the 304
// every open app asks for every 25 s reads nothing from the database, and, once a 200 has read it, the
// list's JSON, so that an unchanged list is sent again without reading or serialising it (issue 25).
// A notice outdates the JSON without dropping it: the next 200 reads only what changed since and splices
// it in (list-splice.ts), so the whole list after a change costs what the change costs (issue 24).
import type { Kysely } from 'kysely';
import type { AppContext } from '../../platform/context';
import type { MemoryBound } from '../../platform/db/change-notices';
import type { Database } from '../../platform/db/schema';
import { contactListTag, isNotModified } from './list-etag';
import { type BuiltList, builtListWeight, splicedList, wholeList } from './list-splice';
import { findContactListVersion, readContactListPart } from './queries';

/** The notice that a member's list version moved (migration 023). */
export const CONTACT_LIST_CHANNEL = 'contact_list_version';

/**
 * Past this many contacts written since the remembered list, it is built whole again: splicing costs
 * about what building costs per contact, and the part read beyond this is not kept waiting in memory.
 */
const SPLICE_LIMIT = 1000;

/**
 * What the lists of one process may hold: 32 MiB (about 50,000 contacts, or 500 members of 100), the
 * least recently asked forgotten first, outdated lists too. A remembered tag alone counts for 256 bytes.
 */
export const LIST_MEMORY_BOUND: MemoryBound<KnownList> = {
  weigh: (list) => 256 + (list.built ? builtListWeight(list.built) : 0),
  limit: 32 * 1024 * 1024,
  keepsOutdated: true,
};

export interface KnownList {
  version: string;
  tag: string;
  /**
   * The list as GET /api/contact answers it, as last built: at `version`, it is sent as it is; at
   * another (older, or newer when a change landed while the version was read), it is brought up to
   * date from there.
   */
  built?: BuiltList;
}

function listMemory(ctx: AppContext) {
  return ctx.changeNotices.remember<KnownList>(CONTACT_LIST_CHANNEL, LIST_MEMORY_BOUND);
}

/**
 * The member's list as far as a revalidation needs it, when memory may answer: it answers "not
 * modified" on its own; anything else only where notices arrive before a commit answers (PGlite), so
 * memory is then as current as the database. Synchronous: a poll answered from memory waits for nothing.
 */
export function rememberedContactList(
  ctx: AppContext,
  userId: string,
  ifNoneMatch: string | undefined,
): KnownList | undefined {
  const known = listMemory(ctx).known(userId);
  return known !== undefined && (ctx.changeNotices.areImmediate || isNotModified(ifNoneMatch, known.tag))
    ? known
    : undefined;
}

/**
 * The list's version read from the database (one primary-key row), and remembered with the list last
 * built: a process that has not yet heard of a change, its own included, costs the client a 200, never
 * a wrong tag or list.
 */
export async function currentContactList(ctx: AppContext, userId: string): Promise<KnownList> {
  const memory = listMemory(ctx);
  return memory.fresh(userId, async () => {
    const version = await findContactListVersion(ctx.db, userId);
    const last = memory.lastKnown(userId);
    if (last?.version === version) return last;
    return { version, tag: contactListTag(userId, version), ...(last?.built && { built: last.built }) };
  });
}

/** The list as `base`, or a list built later, is brought up to date; whole when there is none. */
async function buildContactList(
  db: Kysely<Database>,
  userId: string,
  base: BuiltList | undefined,
): Promise<BuiltList> {
  if (base) {
    const part = await readContactListPart(db, userId, { since: base.version, limit: SPLICE_LIMIT });
    // Changes since `base` are all there: not too many, no tombstone after it pruned, and the database
    // not behind it (restored from a backup).
    const since = BigInt(base.version);
    if (part.count <= SPLICE_LIMIT && since >= BigInt(part.oldestCursor) && since <= BigInt(part.version)) {
      return splicedList(base, part);
    }
  }
  return wholeList(await readContactListPart(db, userId));
}

/** The newer of two lists built (by this request's read and by another's meanwhile). */
function newer(one: BuiltList | undefined, other: BuiltList | undefined): BuiltList | undefined {
  if (!one || !other) return one ?? other;
  return BigInt(one.version) >= BigInt(other.version) ? one : other;
}

/**
 * The list's JSON and its tag: remembered, or brought up to date from the list last built (or built
 * whole by the database), in one snapshot with the version it is at, and remembered until the next
 * notice. Its tag may be newer than `list`'s if a change landed meanwhile.
 */
export async function contactListBody(
  ctx: AppContext,
  userId: string,
  list: KnownList,
): Promise<{ tag: string; body: Buffer }> {
  if (list.built?.version === list.version) return { tag: list.tag, body: list.built.body };
  const memory = listMemory(ctx);
  const read = await memory.fresh(userId, async () => {
    const built = await buildContactList(ctx.db, userId, newer(memory.lastKnown(userId)?.built, list.built));
    return { version: built.version, tag: contactListTag(userId, built.version), built };
  });
  return { tag: read.tag, body: read.built.body };
}
