// The sessions an account can see and end (issue 30 point 4): a member's (member_sessions, whose refresh
// tokens end with them) and an operator's (operator_sessions). An ended session's access tokens are
// refused at their next request: each process remembers the sessions it found open until the database's
// notice that one ended (migration 039), so an open session costs no query.
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { ActiveSession } from '../../../contract/sessions';
import type { AppContext } from '../../platform/context';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import type { SignedInListener } from '../../platform/guards';
import type { AccessClaims } from '../../platform/tokens';
import type { SessionClient } from './client';

/** Each table is also the channel of its notices (migration 039). */
export type SessionTable = 'member_sessions' | 'operator_sessions';

/** Both tables have the same columns (schema.ts); Kysely is given one name to type them by. */
function sessionsIn(db: Kysely<Database>, table: SessionTable) {
  return {
    select: db.selectFrom(table as 'member_sessions'),
    update: db.updateTable(table as 'member_sessions'),
  };
}

export async function insertOperatorSession(
  db: Kysely<Database>,
  session: { id: string; userId: string; client: SessionClient },
): Promise<void> {
  await db
    .insertInto('operator_sessions')
    .values({ id: session.id, user_id: session.userId, ...session.client })
    .execute();
}

export async function listOpenSessions(
  db: Kysely<Database>,
  table: SessionTable,
  { userId, sessionId }: AccessClaims,
): Promise<ActiveSession[]> {
  const rows = await sessionsIn(db, table)
    .select.select(['id', 'device', 'os', 'browser', 'country', 'started_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .orderBy('last_seen_at', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    device: row.device,
    os: row.os,
    browser: row.browser,
    country: row.country,
    startedAt: row.started_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    isCurrent: row.id === sessionId,
  }));
}

/**
 * Ends the account's open sessions that `which` picks: one by id, or all but one (`except`), or all.
 * A member's refresh tokens of those sessions are revoked with them. This process forgets them at once;
 * the others on the database's notice. How many ended.
 */
export async function endOpenSessions(
  ctx: Pick<AppContext, 'db' | 'changeNotices'>,
  table: SessionTable,
  userId: string,
  which: SessionChoice,
): Promise<number> {
  const ended = await ctx.db.transaction().execute((trx) => endOpenSessionsIn(trx, table, userId, which));
  forgetEndedSessions(ctx, table, ended);
  return ended.length;
}

type SessionChoice = { sessionId: string } | { except?: string | undefined };

/**
 * `endOpenSessions` within the caller's transaction, for an action that ends sessions with its other
 * writes; the caller then forgets the ids it answers (`forgetEndedSessions`) once committed.
 */
export async function endOpenSessionsIn(
  trx: Kysely<Database>,
  table: SessionTable,
  userId: string,
  which: SessionChoice,
): Promise<string[]> {
  let chosen = sessionsIn(trx, table)
    .update.set({ ended_at: sql`now()`, end_reason: 'revoked' })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null);
  if ('sessionId' in which) chosen = chosen.where('id', '=', which.sessionId);
  else if (which.except) chosen = chosen.where('id', '<>', which.except);
  const ended = (await chosen.returning('id').execute()).map((session) => session.id);
  if (table === 'member_sessions' && ended.length > 0) {
    await trx
      .updateTable('refresh_tokens')
      .set({ revoked_at: sql`now()` })
      .where('family_id', 'in', ended)
      .where('revoked_at', 'is', null)
      .execute();
  }
  return ended;
}

/** This process stops admitting the ended sessions at once; the others do on the database's notice. */
export function forgetEndedSessions(
  ctx: Pick<AppContext, 'changeNotices'>,
  table: SessionTable,
  sessionIds: readonly string[],
): void {
  const open = ctx.changeNotices.remember<true>(table);
  for (const sessionId of sessionIds) open.forget(sessionId);
}

async function findOpen(db: Kysely<Database>, table: SessionTable, sessionId: string) {
  const row = await sessionsIn(db, table)
    .select.select('id')
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return row === undefined ? undefined : true;
}

/**
 * A guard listener that refuses a token whose session has ended. `isSessionRequired`: a token without
 * a session (issued before sessions were kept for it) is refused too.
 */
export function refuseEndedSessions(table: SessionTable, isSessionRequired: boolean): SignedInListener {
  const refuse = () => {
    throw new HttpError('TOKEN_INVALID', 'Invalid or expired token');
  };
  // No promise when memory knows the session is open (every poll of an open app).
  return (request: FastifyRequest, { sessionId }) => {
    if (!sessionId) return isSessionRequired ? refuse() : undefined;
    const open = request.server.ctx.changeNotices.remember<true>(table);
    if (open.known(sessionId)) return undefined;
    return open
      .fresh(sessionId, () => findOpen(request.server.ctx.db, table, sessionId))
      .then((isOpen) => (isOpen ? undefined : refuse()));
  };
}

/** An operator's last-seen moves at most once a minute; operators make few requests, each may check. */
export async function touchOperatorSession(
  request: FastifyRequest,
  { sessionId }: AccessClaims,
): Promise<void> {
  if (!sessionId) return;
  await request.server.ctx.db
    .updateTable('operator_sessions')
    .set({ last_seen_at: sql`now()` })
    .where('id', '=', sessionId)
    .where('last_seen_at', '<', sql<Date>`now() - interval '1 minute'`)
    .execute();
}
