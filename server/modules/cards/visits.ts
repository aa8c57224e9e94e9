// Whether a card page event counts toward its owner's analytics (issue 30 point 1): never the owner's
// own, and once per visitor, card and kind in any run of openings less than 30 minutes apart. Visitors
// are told apart by a salted daily hash (Plausible's scheme), so nothing kept says who they were.
import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { CardEventType } from '../../../contract/card';
import type { Database } from '../../platform/db/schema';
import { MINUTE_MS } from '../../platform/time';

type Db = Kysely<Database>;

/** Openings closer together than this are one visit (Plausible's session length). */
export const REPEAT_OPENING_WINDOW_MS = 30 * MINUTE_MS;

export interface CardVisitor {
  nfcUid: string;
  /** The random id the page keeps in this browser; pages built before it existed send none. */
  visitorId: string | undefined;
  /** Without an id: the address key and browser stand for the visitor, as in Plausible. */
  addressKey: string;
  userAgent: string;
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The day's salt, made by whichever process needs it first and shared through the database; each process
 * keeps today's in memory. The days before lose theirs when a new day's is first asked for, and with it
 * any way back from a visit to a visitor.
 */
export class DailySalts {
  #today: { day: string; salt: Uint8Array } | undefined;

  constructor(private readonly db: Db) {}

  async saltOf(at: Date): Promise<Uint8Array> {
    const day = utcDay(at);
    if (this.#today?.day === day) return this.#today.salt;
    await this.db
      .insertInto('card_visit_salts')
      .values({ day, salt: randomBytes(32) })
      .onConflict((conflict) => conflict.column('day').doNothing())
      .execute();
    // A new day: the days before lose their salt at once, not at the next clean-up.
    await this.db.deleteFrom('card_visit_salts').where('day', '<', day).execute();
    const { salt } = await this.db
      .selectFrom('card_visit_salts')
      .select('salt')
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    this.#today = { day, salt };
    return salt;
  }
}

/** The visit's key: nothing in it can be read back without the day's salt. */
function visitKey(salt: Uint8Array, visitor: CardVisitor, kind: string): Buffer {
  const who = visitor.visitorId
    ? `id\0${visitor.visitorId}`
    : `address\0${visitor.addressKey}\0${visitor.userAgent}`;
  return createHash('sha256').update(salt).update(`\0${visitor.nfcUid}\0${who}\0${kind}`).digest();
}

/**
 * Records the opening and says whether it starts a new visit: the first of its kind from this visitor,
 * or the first after 30 minutes without one. Every opening moves the window on, as a session does.
 */
export async function isNewVisit(
  db: Db,
  salts: DailySalts,
  visitor: CardVisitor,
  event: { type: CardEventType; link: string | null },
  at: Date,
): Promise<boolean> {
  const kind = event.link ? `${event.type}:${event.link}` : event.type;
  const visit = visitKey(await salts.saltOf(at), visitor, kind);
  const { rows } = await sql<{ counted: boolean }>`
    INSERT INTO card_visits AS visits (visit, last_at, counted_at) VALUES (${visit}, ${at}, ${at})
    ON CONFLICT (visit) DO UPDATE SET
      last_at = EXCLUDED.last_at,
      counted_at = CASE
        WHEN visits.last_at <= EXCLUDED.last_at - ${`${REPEAT_OPENING_WINDOW_MS} milliseconds`}::interval
        THEN EXCLUDED.last_at ELSE visits.counted_at END
    RETURNING counted_at = last_at AS counted`.execute(db);
  return rows[0]?.counted === true;
}

/** The daily clean-up: visits idle past the window, and the salts of days that are over. */
export async function forgetOldVisits(db: Db, now: Date): Promise<void> {
  await db
    .deleteFrom('card_visits')
    .where('last_at', '<', new Date(now.getTime() - REPEAT_OPENING_WINDOW_MS))
    .execute();
  await db.deleteFrom('card_visit_salts').where('day', '<', utcDay(now)).execute();
}
