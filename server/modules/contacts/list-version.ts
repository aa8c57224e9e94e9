// The list's tag for GET /api/contact, remembered between change notices (migration 023), so that the
// 304 every open app asks for every 25 s reads nothing from the database.
import type { AppContext } from '../../platform/context';
import { contactListTag, isNotModified } from './list-etag';
import { findContactListVersion } from './queries';

/** The notice that a member's list version moved (migration 023). */
const CHANNEL = 'contact_list_version';

/**
 * Memory may only say "not modified". Any other answer reads the version from the database, so a
 * process that has not yet heard of a change costs the client a 200, never a wrong tag on it; and one
 * that has missed a notice is no worse than a poll made a few milliseconds earlier.
 */
export async function contactListTagFor(
  ctx: AppContext,
  userId: string,
  ifNoneMatch: string | undefined,
): Promise<{ tag: string; notModified: boolean }> {
  const tags = ctx.changeNotices.remember<string>(CHANNEL);
  const known = tags.known(userId);
  if (known !== undefined && isNotModified(ifNoneMatch, known)) return { tag: known, notModified: true };
  const tag = await tags.fresh(userId, async () =>
    contactListTag(userId, await findContactListVersion(ctx.db, userId)),
  );
  return { tag, notModified: isNotModified(ifNoneMatch, tag) };
}
