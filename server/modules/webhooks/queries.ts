// SQL of members' webhooks and their delivery queue.
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Webhook, WebhookDelivery, WebhookEventType } from '../../../contract/webhooks';
import type { Database, WebhookEndpointsTable } from '../../platform/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

function toWebhook(row: Selectable<WebhookEndpointsTable>): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    createdAt: row.created_at.toISOString(),
    disabledAt: row.disabled_at?.toISOString() ?? null,
    failuresInARow: row.failures_in_a_row,
  };
}

export async function listWebhooks(db: Db, userId: string): Promise<Webhook[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toWebhook);
}

/**
 * Registers the endpoint unless the member already has `max`; the member's row is locked first, so
 * two requests at once cannot both take the last place.
 */
export async function insertWebhook(
  db: Kysely<Database>,
  values: { userId: string; url: string; events: readonly string[]; secret: string; max: number },
): Promise<Webhook | undefined> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', values.userId).forNoKeyUpdate().execute();
    const existing = await listWebhooks(trx, values.userId);
    if (existing.length >= values.max) return undefined;
    const row = await trx
      .insertInto('webhook_endpoints')
      .values({
        user_id: values.userId,
        url: values.url,
        // An array literal both engines read the same way (a bound JS array is not, on every driver).
        events: sql<string[]>`ARRAY[${sql.join(values.events)}]::text[]`,
        secret: values.secret,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toWebhook(row);
  });
}

export async function deleteWebhook(db: Db, userId: string, id: string): Promise<boolean> {
  const row = await db
    .deleteFrom('webhook_endpoints')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** On again, with its waiting deliveries due now. */
export async function enableWebhook(db: Kysely<Database>, userId: string, id: string) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('webhook_endpoints')
      .set({ disabled_at: null, failures_in_a_row: 0 })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    await trx
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: sql<Date>`now()` })
      .where('endpoint_id', '=', id)
      .where('delivered_at', 'is', null)
      .where('given_up_at', 'is', null)
      .execute();
    return toWebhook(row);
  });
}

export async function isOwnWebhook(db: Db, userId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function listDeliveries(db: Db, endpointId: string, limit: number): Promise<WebhookDelivery[]> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    eventId: row.event_id,
    eventType: row.event_type as WebhookEventType,
    createdAt: row.created_at.toISOString(),
    state: row.delivered_at ? 'delivered' : row.given_up_at ? 'failed' : 'pending',
    attempts: row.attempts,
    lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
    lastStatus: row.last_status,
    lastError: row.last_error,
  }));
}

export async function hasWebhookFor(db: Db, userId: string, type: WebhookEventType): Promise<boolean> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('user_id', '=', userId)
    .where(sql<boolean>`${type} = ANY(events)`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** One delivery per endpoint of the member that takes this event, disabled ones too (kept for later). */
export async function insertDeliveries(
  db: Db,
  event: { userId: string; eventId: string; type: WebhookEventType; body: string },
): Promise<void> {
  await sql`
    INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, body)
    SELECT id, ${event.eventId}, ${event.type}, ${event.body}
    FROM webhook_endpoints
    WHERE user_id = ${event.userId} AND ${event.type} = ANY(events)
    ON CONFLICT (endpoint_id, event_id) DO NOTHING`.execute(db);
}

export interface DueDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  body: string;
  attempts: number;
  createdAt: Date;
  url: string;
  secret: string;
}

/**
 * Claims the next due delivery of an endpoint that is on, by moving its next attempt `leaseMs` ahead
 * in the statement that picks it (FOR UPDATE SKIP LOCKED): no two processes send it at once, and one
 * that crashed mid-send leaves it to be retried when the lease ends.
 */
export async function claimDueDelivery(
  db: Kysely<Database>,
  leaseMs: number,
): Promise<DueDelivery | undefined> {
  const { rows } = await sql<DueDelivery>`
    WITH claimed AS (
      UPDATE webhook_deliveries
      SET attempts = attempts + 1,
          last_attempt_at = now(),
          next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
      WHERE id = (
        SELECT deliveries.id FROM webhook_deliveries deliveries
        JOIN webhook_endpoints endpoints ON endpoints.id = deliveries.endpoint_id
        WHERE deliveries.delivered_at IS NULL AND deliveries.given_up_at IS NULL
          AND deliveries.next_attempt_at <= now() AND endpoints.disabled_at IS NULL
        ORDER BY deliveries.next_attempt_at, deliveries.id
        LIMIT 1
        FOR UPDATE OF deliveries SKIP LOCKED
      )
      RETURNING id, endpoint_id, event_id, event_type, body, attempts, created_at
    )
    SELECT claimed.id::text AS "id", claimed.endpoint_id AS "endpointId", claimed.event_id AS "eventId",
      claimed.event_type AS "eventType", claimed.body, claimed.attempts, claimed.created_at AS "createdAt",
      endpoints.url, endpoints.secret
    FROM claimed JOIN webhook_endpoints endpoints ON endpoints.id = claimed.endpoint_id`.execute(db);
  return rows[0];
}

export async function markDelivered(db: Kysely<Database>, delivery: DueDelivery, status: number) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('webhook_deliveries')
      .set({ delivered_at: sql<Date>`now()`, last_status: status, last_error: null })
      .where('id', '=', delivery.id)
      .execute();
    await trx
      .updateTable('webhook_endpoints')
      .set({ failures_in_a_row: 0 })
      .where('id', '=', delivery.endpointId)
      .execute();
  });
}

/**
 * Records a failed attempt: retried at `retryAt`, or given up when that is null. Answers how many
 * attempts to the endpoint failed in a row now; the endpoint is turned off when that reaches
 * `disableAfter` (the answer is then exactly `disableAfter`, once).
 */
export async function markFailed(
  db: Kysely<Database>,
  delivery: DueDelivery,
  failure: { status: number | null; error: string; retryAt: Date | null; disableAfter: number },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('webhook_deliveries')
      .set({
        last_status: failure.status,
        last_error: failure.error,
        ...(failure.retryAt ? { next_attempt_at: failure.retryAt } : { given_up_at: sql<Date>`now()` }),
      })
      .where('id', '=', delivery.id)
      .execute();
    const row = await trx
      .updateTable('webhook_endpoints')
      .set((eb) => ({
        failures_in_a_row: eb('failures_in_a_row', '+', 1),
        disabled_at: sql<Date | null>`CASE WHEN disabled_at IS NULL AND failures_in_a_row + 1 >= ${failure.disableAfter} THEN now() ELSE disabled_at END`,
      }))
      .where('id', '=', delivery.endpointId)
      .returning('failures_in_a_row')
      .executeTakeFirst();
    return row?.failures_in_a_row ?? 0;
  });
}

export async function findWebhookOwner(db: Db, endpointId: string) {
  return db
    .selectFrom('webhook_endpoints')
    .select(['user_id', 'url'])
    .where('id', '=', endpointId)
    .executeTakeFirst();
}

/**
 * Gives up deliveries older than `giveUpDays` (an endpoint turned off for that long), and deletes those
 * delivered or given up more than `keepDays` ago.
 */
export async function pruneDeliveries(db: Kysely<Database>, giveUpDays: number, keepDays: number) {
  await db
    .updateTable('webhook_deliveries')
    .set({ given_up_at: sql<Date>`now()`, last_error: 'Not delivered in time' })
    .where('delivered_at', 'is', null)
    .where('given_up_at', 'is', null)
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${giveUpDays})`)
    .execute();
  await db
    .deleteFrom('webhook_deliveries')
    .where((eb) => eb.or([eb('delivered_at', 'is not', null), eb('given_up_at', 'is not', null)]))
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${keepDays})`)
    .execute();
}
