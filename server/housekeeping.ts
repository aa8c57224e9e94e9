// Periodic clean-up of data nobody needs any more, run by every server process (deletes are idempotent,
// so several processes sharing one PostgreSQL doing it too is harmless).
import type { FastifyInstance } from 'fastify';
import { pruneIdempotencyKeys } from './idempotency';
import { pruneDeliveredMail } from './mail/delivery';
import { pruneCardSends } from './modules/contacts/card-sends';
import { endExpiredSessions, pruneSessions } from './modules/sessions/retention';
import { pruneSecurityEvents } from './security/setup';

const HOUSEKEEPING_INTERVAL_MS = 24 * 60 * 60 * 1000;

export function scheduleHousekeeping(app: FastifyInstance): void {
  const run = async () => {
    try {
      const pruned = await pruneIdempotencyKeys(app.ctx.db);
      if (pruned > 0) app.log.info({ pruned }, 'pruned old idempotency keys');
      const mail = await pruneDeliveredMail(app.ctx.db);
      if (mail > 0) app.log.info({ pruned: mail }, 'pruned delivered mail');
      await pruneCardSends(app.ctx.db);
      const events = await pruneSecurityEvents(app);
      if (events > 0) app.log.info({ pruned: events }, 'pruned old security events');
      await endExpiredSessions(app.ctx.db);
      await pruneSessions(app.ctx.db, app.ctx.config.sessionRetentionDays);
    } catch (error) {
      app.log.warn({ err: error }, 'housekeeping failed; it runs again tomorrow');
    }
  };
  // After start-up, not during it: the first run waits until the server is listening.
  app.addHook('onReady', async () => {
    void run();
  });
  const timer = setInterval(() => void run(), HOUSEKEEPING_INTERVAL_MS);
  // A timer alone must not keep the process alive, and closing the app stops it.
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
