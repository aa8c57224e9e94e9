// Webhooks against a receiver on this machine. The outbound guard refuses loopback, so these tests list
// 127.0.0.1 in OUTBOUND_ALLOW_HOSTS, as an operator would for a receiver on the intranet; that is also
// what lets the receiver's address be plain http. Retries are made due by moving next_attempt_at to now
// (the clock passing), never by waiting.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CreatedWebhookSchema,
  WebhookDeliveryListSchema,
  WebhookEventSchema,
  WebhookListSchema,
} from '../../contract/webhooks';
import { deliverDueWebhooks } from '../../server/modules/webhooks';
import { type LoopbackServer, type RecordedRequest, startLoopbackServer } from '../support/loopback-server';
import {
  bearer,
  cardHandleOf,
  createMember,
  createMemberWithCard,
  describeOnEachDatabase,
  json,
  type TestContext,
  uniqueEmail,
} from './helpers';

let receiver: LoopbackServer;
beforeAll(async () => {
  receiver = await startLoopbackServer();
});
afterAll(async () => {
  await receiver.close();
});

/** The receiver's check, written from docs/behaviour/contacts-in-other-apps.md. */
function isSignedWith(secret: string, request: RecordedRequest): boolean {
  const header = String(request.headers['tapnet-signature']);
  const { t, v1 } = Object.fromEntries(header.split(',').map((part) => part.split('='))) as Record<
    string,
    string
  >;
  const expected = createHmac('sha256', secret).update(`${t}.${request.body}`).digest('hex');
  return (
    Math.abs(Date.now() / 1000 - Number(t)) < 300 &&
    v1?.length === expected.length &&
    timingSafeEqual(Buffer.from(v1), Buffer.from(expected))
  );
}

/** An idempotent receiver: the events it handled, each once, by id. */
function handledEvents(path: string) {
  const seen = new Map<string, unknown>();
  for (const request of receiver.requests(path)) {
    const event = WebhookEventSchema.parse(JSON.parse(request.body));
    if (!seen.has(event.id)) seen.set(event.id, event);
  }
  return [...seen.values()] as ReturnType<typeof WebhookEventSchema.parse>[];
}

describeOnEachDatabase(
  'webhooks',
  (t: () => TestContext) => {
    let path = '';
    let counter = 0;

    async function memberWithWebhook(events = ['contact.saved', 'contact.updated', 'contact.deleted']) {
      counter += 1;
      path = `/hooks/${t().kind}/${counter}`;
      const member = await createMember(t());
      const created = await t().app.inject({
        method: 'POST',
        url: '/api/user/webhooks',
        headers: bearer(member.accessToken),
        payload: { url: receiver.url(path), events },
      });
      expect(created.statusCode).toBe(201);
      return { member, webhook: CreatedWebhookSchema.parse(json(created)) };
    }

    async function save(token: string) {
      const owner = await createMemberWithCard(t(), { name: 'Grace Hopper', email: 'grace@example.com' });
      const saved = await t().app.inject({
        method: 'POST',
        url: '/api/contact/create',
        headers: bearer(token),
        payload: { nfcUID: owner.nfcUID },
      });
      return json<{ contact: { _id: string } }>(saved).contact._id;
    }

    /** Time passes: every waiting delivery comes due, and the worker runs. */
    async function later() {
      await sql`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE delivered_at IS NULL`.execute(
        t().db,
      );
      await deliverDueWebhooks(t().app);
    }

    it('sends each change as signed JSON with a stable event id and the contact as the API has it', async () => {
      const { member, webhook } = await memberWithWebhook();
      receiver.on(path, { status: 204 });
      const contactId = await save(member.accessToken);
      await t().app.inject({
        method: 'PUT',
        url: `/api/contact/${contactId}`,
        headers: bearer(member.accessToken),
        payload: { notes: 'COBOL' },
      });
      await t().app.inject({
        method: 'DELETE',
        url: `/api/contact/${contactId}`,
        headers: bearer(member.accessToken),
      });
      await deliverDueWebhooks(t().app);
      const requests = receiver.requests(path);
      expect(requests).toHaveLength(3);
      for (const request of requests) {
        expect(request.method).toBe('POST');
        expect(request.headers['content-type']).toBe('application/json');
        expect(isSignedWith(webhook.secret, request)).toBe(true);
        expect(request.headers['tapnet-event-id']).toBe(JSON.parse(request.body).id);
      }
      const events = handledEvents(path);
      expect(events.map((event) => event.type).sort()).toEqual([
        'contact.deleted',
        'contact.saved',
        'contact.updated',
      ]);
      const updated = events.find((event) => event.type === 'contact.updated');
      expect(updated?.contact).toMatchObject({ _id: contactId, name: 'Grace Hopper', notes: 'COBOL' });
      expect(isSignedWith('whsec_another', requests[0] as RecordedRequest)).toBe(false);
    });

    it('sends details.shared with the contact when a visitor shares their details on the card', async () => {
      const { member } = await memberWithWebhook(['details.shared']);
      receiver.on(path, { status: 204 });
      const handle = await cardHandleOf(t(), member.accessToken);
      const shared = await t().app.inject({
        method: 'POST',
        url: `/api/nfc/${handle}/share-details`,
        payload: { name: 'Lin Visitor', email: uniqueEmail('lin'), source: 'qr', consent: true },
        remoteAddress: '198.51.100.21',
      });
      expect(shared.statusCode).toBe(201);
      await deliverDueWebhooks(t().app);
      const [event] = handledEvents(path);
      expect(event?.type).toBe('details.shared');
      expect(event?.contact).toMatchObject({ name: 'Lin Visitor', sharedWithYou: { source: 'qr' } });
    });

    it('retries after the receiver fails, with the same event, and an idempotent receiver handles it once', async () => {
      const { member } = await memberWithWebhook(['contact.saved']);
      let calls = 0;
      receiver.on(path, () => {
        calls += 1;
        return { status: calls <= 2 ? 503 : 200 };
      });
      await save(member.accessToken);
      await deliverDueWebhooks(t().app);
      expect(receiver.requests(path)).toHaveLength(1);
      const [webhook] = WebhookListSchema.parse(
        json(
          await t().app.inject({
            method: 'GET',
            url: '/api/user/webhooks',
            headers: bearer(member.accessToken),
          }),
        ),
      );
      expect(webhook?.failuresInARow).toBe(1);
      await later();
      await later();
      await later();
      const requests = receiver.requests(path);
      expect(requests).toHaveLength(3);
      expect(new Set(requests.map((request) => request.body)).size).toBe(1);
      expect(handledEvents(path)).toHaveLength(1);
      const log = WebhookDeliveryListSchema.parse(
        json(
          await t().app.inject({
            method: 'GET',
            url: `/api/user/webhooks/${webhook?.id}/deliveries`,
            headers: bearer(member.accessToken),
          }),
        ),
      );
      expect(log).toEqual([
        expect.objectContaining({
          eventType: 'contact.saved',
          state: 'delivered',
          attempts: 3,
          lastStatus: 200,
          lastError: null,
        }),
      ]);
    });

    it('turns an endpoint off after 10 failures in a row, tells its member, and sends what waited once back on', async () => {
      const { member, webhook } = await memberWithWebhook(['contact.saved']);
      receiver.on(path, { status: 500, body: 'down' });
      await save(member.accessToken);
      await deliverDueWebhooks(t().app);
      for (let attempt = 1; attempt < 10; attempt += 1) await later();
      expect(receiver.requests(path)).toHaveLength(10);
      await later();
      expect(receiver.requests(path)).toHaveLength(10);
      const [listed] = WebhookListSchema.parse(
        json(
          await t().app.inject({
            method: 'GET',
            url: '/api/user/webhooks',
            headers: bearer(member.accessToken),
          }),
        ),
      );
      expect(listed).toMatchObject({ id: webhook.id, failuresInARow: 10, disabledAt: expect.any(String) });
      const mail = await t().sink.waitForMail(member.email, { subject: 'webhook was turned off' });
      expect(mail.text).toContain(receiver.url(path));
      const [entry] = WebhookDeliveryListSchema.parse(
        json(
          await t().app.inject({
            method: 'GET',
            url: `/api/user/webhooks/${webhook.id}/deliveries`,
            headers: bearer(member.accessToken),
          }),
        ),
      );
      expect(entry).toMatchObject({
        state: 'pending',
        attempts: 10,
        lastStatus: 500,
        lastError: 'The receiver answered HTTP 500',
      });

      receiver.on(path, { status: 200 });
      const enabled = await t().app.inject({
        method: 'POST',
        url: `/api/user/webhooks/${webhook.id}/enable`,
        headers: bearer(member.accessToken),
      });
      expect(json(enabled)).toMatchObject({ disabledAt: null, failuresInARow: 0 });
      await deliverDueWebhooks(t().app);
      expect(receiver.requests(path)).toHaveLength(11);
      expect(handledEvents(path)).toHaveLength(1);
    });

    it('refuses plain http, private addresses and a sixth endpoint', async () => {
      const member = await createMember(t());
      const create = (url: string) =>
        t().app.inject({
          method: 'POST',
          url: '/api/user/webhooks',
          headers: bearer(member.accessToken),
          payload: { url, events: ['contact.saved'] },
        });
      expect(json(await create('http://hooks.example.com/x'))).toMatchObject({
        code: 'WEBHOOK_URL_REFUSED',
        error: 'The webhook address must start with https://',
      });
      expect(json(await create('https://10.0.0.7/x'))).toMatchObject({
        code: 'WEBHOOK_URL_REFUSED',
        error: '10.0.0.7 a private address: list it in OUTBOUND_ALLOW_HOSTS to allow it',
      });
      for (let index = 0; index < 5; index += 1)
        expect((await create(`https://hooks.example.com/${index}`)).statusCode).toBe(201);
      const sixth = await create('https://hooks.example.com/6');
      expect(sixth.statusCode).toBe(409);
      expect(json(sixth)).toMatchObject({ code: 'WEBHOOK_LIMIT' });
    });

    it('shows a member none of another member’s webhooks', async () => {
      const { webhook } = await memberWithWebhook();
      const other = await createMember(t());
      for (const [method, url] of [
        ['GET', `/api/user/webhooks/${webhook.id}/deliveries`],
        ['DELETE', `/api/user/webhooks/${webhook.id}`],
        ['POST', `/api/user/webhooks/${webhook.id}/enable`],
      ] as const) {
        const refused = await t().app.inject({ method, url, headers: bearer(other.accessToken) });
        expect(json(refused)).toMatchObject({ code: 'WEBHOOK_NOT_FOUND', error: 'Webhook not found' });
      }
    });
  },
  { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' },
);
