// Builds the process's security monitor and puts it in front of every route (server/platform/app.ts calls this
// before any other hook or route is registered, so a block is refused before anything else runs).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Mailer } from '../mail/mailer';
import { builtInRanges } from './allowlist';
import { registerSecurityHooks } from './hooks';
import { SecurityMonitor } from './monitor';
import { pruneEvents } from './store';
import { recordTraffic } from './traffic-recorder';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

export async function setUpSecurity(
  app: FastifyInstance,
  options: {
    config: Config;
    /** Only PostgreSQL is shared between processes; embedded PGlite has one, so nothing to re-read. */
    isSharedDatabase: boolean;
    mailer: Mailer;
    countryOf?: (ipAddress: string) => string | null;
  },
): Promise<SecurityMonitor> {
  const { config, isSharedDatabase, mailer, countryOf } = options;
  const monitor = new SecurityMonitor({
    db: app.ctx.db,
    settings: { ...config.security, syncIntervalMs: isSharedDatabase ? config.security.syncIntervalMs : 0 },
    builtInAllowlist: builtInRanges(config.trustProxy),
    countryOf,
    log: app.log,
    async sendAlert(subject, text) {
      const to = config.security.alertEmail;
      if (!to) return;
      await mailer.send({ to, subject, text, html: `<pre>${escapeHtml(text)}</pre>` });
    },
  });
  registerSecurityHooks(app, monitor);
  if (config.security.trafficRecordFile) recordTraffic(app, config.security.trafficRecordFile);
  await monitor.start();
  // Before the database closes (onClose), so the last events are written.
  app.addHook('preClose', async () => monitor.stop());
  return monitor;
}

/** Housekeeping: events past their retention, daily counts past theirs, blocks over 90 days old. */
export async function pruneSecurityEvents(app: FastifyInstance): Promise<number> {
  const { eventRetentionDays, dailyCountRetentionDays } = app.ctx.config.security;
  return pruneEvents(app.ctx.db, new Date(), eventRetentionDays, dailyCountRetentionDays);
}
