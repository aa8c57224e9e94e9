// Delivers queued webhook events, in every server process (as mail is): each attempt is a signed POST
// through the outbound guard, with a time limit and a cap on the answer read. A 2xx delivers it; anything
// else is retried with growing delays for up to 3 days, with the same body and event id, so a receiver
// that keeps the ids it has seen handles each event once. An endpoint that fails 10 times in a row is
// turned off and its member is told by e-mail.
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from '../../../contract/webhooks';
import { webhookDisabledMail } from '../../platform/mail/templates';
import { outboundDestinations } from '../../platform/outbound/destinations';
import { outboundFetch } from '../../platform/outbound/outbound-fetch';
import { startWorkLoop, type WorkLoop } from '../../platform/work-loop';
import { findAccount } from '../user';
import { claimDueDelivery, type DueDelivery, findWebhookOwner, markDelivered, markFailed } from './queries';

const POLL_INTERVAL_MS = 1_000;
/** Nothing is read past this much of a receiver's answer: only its status matters. */
const MAX_ANSWER_BYTES = 64 * 1024;
const FIRST_RETRY_DELAY_MS = 30_000;
const MAX_RETRY_DELAY_MS = 6 * 60 * 60_000;
export const GIVE_UP_AFTER_DAYS = 3;
export const DISABLE_AFTER_FAILURES = 10;
/** The settings screen that lists the member's webhooks. */
export const WEBHOOKS_SCREEN_PATH = '/other-apps';

/** 30 s, 1 min, 2 min … up to 6 hours between attempts. */
export function webhookRetryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

/** `t=<seconds>,v1=<hex>`: the HMAC-SHA256 of "<t>.<body>" under the endpoint's secret. */
export function webhookSignature(secret: string, body: string, timestampSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${digest}`;
}

type Outcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

export function startWebhookDelivery(app: FastifyInstance): WorkLoop {
  const { db, config } = app.ctx;
  const destinations = outboundDestinations(config.webhooks.outboundAllowHosts);
  const userAgent = `Tapnet-Webhooks/1 (+${config.publicUrl})`;

  async function send(delivery: DueDelivery): Promise<Outcome> {
    try {
      const response = await outboundFetch(destinations, delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': userAgent,
          [WEBHOOK_EVENT_ID_HEADER]: delivery.eventId,
          [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(
            delivery.secret,
            delivery.body,
            Math.floor(Date.now() / 1000),
          ),
        },
        body: delivery.body,
        signal: AbortSignal.timeout(config.webhooks.timeoutMs),
        maxBytes: MAX_ANSWER_BYTES,
        maxRedirects: 0,
      });
      if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
      return { ok: false, status: response.status, error: `The receiver answered HTTP ${response.status}` };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { ok: false, status: null, error: reason || 'No answer' };
    }
  }

  async function tellOwner(delivery: DueDelivery): Promise<void> {
    const owner = await findWebhookOwner(db, delivery.endpointId);
    const account = owner && (await findAccount(db, owner.user_id));
    if (!owner || !account) return;
    await app.ctx.mailer.send(
      webhookDisabledMail({
        to: account.email,
        name: account.name,
        url: owner.url,
        failures: DISABLE_AFTER_FAILURES,
        settingsLink: `${config.publicUrl}${WEBHOOKS_SCREEN_PATH}`,
      }),
    );
  }

  async function deliverOne(delivery: DueDelivery): Promise<void> {
    const outcome = await send(delivery);
    if (outcome.ok) {
      await markDelivered(db, delivery, outcome.status);
      return;
    }
    const retryAt = new Date(Date.now() + webhookRetryDelayMs(delivery.attempts));
    const isGivingUp =
      retryAt.getTime() - delivery.createdAt.getTime() > GIVE_UP_AFTER_DAYS * 24 * 60 * 60_000;
    const failures = await markFailed(db, delivery, {
      status: outcome.status,
      error: outcome.error,
      retryAt: isGivingUp ? null : retryAt,
      disableAfter: DISABLE_AFTER_FAILURES,
    });
    app.log.warn(
      { endpointId: delivery.endpointId, eventId: delivery.eventId, attempts: delivery.attempts, failures },
      `webhook delivery failed: ${outcome.error}`,
    );
    if (failures === DISABLE_AFTER_FAILURES) await tellOwner(delivery);
  }

  return startWorkLoop({
    intervalMs: POLL_INTERVAL_MS,
    log: app.log,
    what: 'webhook delivery',
    async takeOne() {
      // The lease outlasts the longest attempt, so a crashed process's claim is retried after it.
      const delivery = await claimDueDelivery(db, config.webhooks.timeoutMs + 60_000);
      if (!delivery) return false;
      await deliverOne(delivery);
      return true;
    },
  });
}
