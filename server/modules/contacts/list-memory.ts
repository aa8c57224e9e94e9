// A member's contact list remembered between change notices (migration 023): its tag, so that the 304
// every open app asks for every 25 s reads nothing from the database, and, once a 200 has read it, the
// list's JSON, so that an unchanged list is sent again without reading or serialising it (issue 25).
import type { AppContext } from '../../platform/context';
import type { MemoryBound } from '../../platform/db/change-notices';
import { contactListTag, isNotModified } from './list-etag';
import { findContactListVersion, listContactsJson } from './queries';

/** The notice that a member's list version moved (migration 023). */
const CHANNEL = 'contact_list_version';

/**
 * What the lists of one process may hold: 32 MiB of JSON (about 60,000 contacts, or 600 members of
 * 100), the least recently asked forgotten first. A remembered tag alone counts for its entry's size.
 */
export const LIST_MEMORY_BOUND: MemoryBound<KnownList> = {
  weigh: (list) => 256 + (list.body?.byteLength ?? 0),
  limit: 32 * 1024 * 1024,
};

export interface KnownList {
  version: string;
  tag: string;
  /** The list as GET /api/contact answers it, UTF-8 JSON, once a 200 has read it at this version. */
  body?: Buffer;
}

function listMemory(ctx: AppContext) {
  return ctx.changeNotices.remember<KnownList>(CHANNEL, LIST_MEMORY_BOUND);
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
 * The list's version read from the database (one primary-key row), and remembered: a process that has
 * not yet heard of a change, its own included, costs the client a 200, never a wrong tag or list.
 */
export async function currentContactList(ctx: AppContext, userId: string): Promise<KnownList> {
  const memory = listMemory(ctx);
  return memory.fresh(userId, async () => {
    const version = await findContactListVersion(ctx.db, userId);
    const known = memory.known(userId);
    return known?.version === version ? known : { version, tag: contactListTag(userId, version) };
  });
}

/**
 * The list's JSON: remembered, or built once by the database (toContact's shape, as every other contact
 * call answers) and remembered until the next notice. Its tag may be newer than `list`'s if a change
 * landed meanwhile.
 */
export async function contactListBody(
  ctx: AppContext,
  userId: string,
  list: KnownList,
): Promise<Required<KnownList>> {
  if (list.body) return { ...list, body: list.body };
  const read = await listMemory(ctx).fresh(userId, async () => {
    // Version before list: a change landing in between is in the list, and its notice keeps this
    // pair from being remembered; the client's next revalidation gets the list again.
    const version = await findContactListVersion(ctx.db, userId);
    const body = Buffer.from(await listContactsJson(ctx.db, userId));
    return { version, tag: contactListTag(userId, version), body };
  });
  return read;
}
