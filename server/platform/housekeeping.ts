// Periodic clean-up of data nobody needs any more: the platform's own, then each module's `daily`.
// Every process checks each hour; of all the processes sharing one database, the first to claim the
// day's run does it, the others find it claimed.
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from './db/schema';
import { pruneIdempotencyKeys } from './idempotency';
import { pruneDeliveredMail } from './mail/delivery';
import type { ApiModule } from './module';
import { pruneSecurityEvents } from './security/setup';
import { HOUR_MS } from './time';

const CHECK_INTERVAL_MS = HOUR_MS;
const LAST_RUN_KEY = 'housekeeping_last_run';

/**
 * One atomic statement decides which process runs today's housekeeping: the row lock of the upsert
 * lets one of several concurrent claims through, and a run younger than 23 hours claims nothing.
 */
async function claimTodaysRun(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql`
    INSERT INTO settings (key, value) VALUES (${LAST_RUN_KEY}, now()::text)
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value
      WHERE settings.value::timestamptz < now() - interval '23 hours'
    RETURNING key`.execute(db);
  return rows.length > 0;
}

export function scheduleHousekeeping(app: FastifyInstance, modules: readonly ApiModule[]): void {
  const run = async () => {
    try {
      if (!(await claimTodaysRun(app.ctx.db))) return;
      const pruned = await pruneIdempotencyKeys(app.ctx.db);
      if (pruned > 0) app.log.info({ pruned }, 'pruned old idempotency keys');
      const mail = await pruneDeliveredMail(app.ctx.db);
      if (mail > 0) app.log.info({ pruned: mail }, 'pruned delivered mail');
      const events = await pruneSecurityEvents(app);
      if (events > 0) app.log.info({ pruned: events }, 'pruned old security events');
      for (const module of modules) await module.daily?.(app);
    } catch (error) {
      app.log.warn({ err: error }, 'housekeeping failed; it is tried again within the hour');
      // Give the claim back, so that the next hourly check (of any process) runs it again.
      await app.ctx.db
        .deleteFrom('settings')
        .where('key', '=', LAST_RUN_KEY)
        .execute()
        .catch(() => undefined);
    }
  };
  // After start-up, not during it: the first run waits until the server is listening.
  app.addHook('onReady', async () => {
    void run();
  });
  const timer = setInterval(() => void run(), CHECK_INTERVAL_MS);
  // A timer alone must not keep the process alive, and closing the app stops it.
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
