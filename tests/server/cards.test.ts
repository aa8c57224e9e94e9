import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { NO_CARD_LOOKS } from '../../contract/card-extras';
import { CardEventWriter } from '../../server/modules/cards/card-event-writer';
import { toVCard, vCardFileName } from '../../server/platform/vcard';
import {
  adminToken,
  bearer,
  businessCard,
  createMember,
  createMemberWithCard,
  describeOnEachDatabase,
  issueCard,
  json,
  PUBLIC_URL,
} from './helpers';

type Json = Record<string, unknown>;

describeOnEachDatabase('issuing cards', (t) => {
  it('issues a batch of unique IDs of the spec format with their tap URLs', async () => {
    const response = await t().app.inject({
      method: 'POST',
      url: '/api/admin/cards',
      headers: bearer(await adminToken(t())),
      payload: { count: 25 },
    });
    expect(response.statusCode).toBe(201);
    const { cards } = json<{ cards: { nfcUID: string; url: string }[] }>(response);
    expect(cards).toHaveLength(25);
    expect(new Set(cards.map((card) => card.nfcUID)).size).toBe(25);
    for (const card of cards) {
      expect(card.nfcUID).toMatch(/^[0-9a-f]{40}-\d+$/);
      expect(card.url).toBe(`${PUBLIC_URL}/nfc/${card.nfcUID}`);
    }
  });

  it('accepts 1 to 1000 cards per batch and only from an admin', async () => {
    const token = await adminToken(t());
    for (const count of [0, 1001, 2.5, '10']) {
      const response = await t().app.inject({
        method: 'POST',
        url: '/api/admin/cards',
        headers: bearer(token),
        payload: { count },
      });
      expect(response.statusCode).toBe(400);
    }
    const member = await createMember(t());
    const asMember = await t().app.inject({
      method: 'POST',
      url: '/api/admin/cards',
      headers: bearer(member.accessToken),
      payload: { count: 1 },
    });
    expect(asMember.statusCode).toBe(401);
    const anonymous = await t().app.inject({
      method: 'POST',
      url: '/api/admin/cards',
      payload: { count: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('exports every card as CSV with its URL and claimed state', async () => {
    const nfcUID = await issueCard(t());
    const member = await createMember(t());
    await t().app.inject({
      method: 'POST',
      url: '/api/user/updateProfile',
      headers: bearer(member.accessToken),
      payload: { nfcUID },
    });
    const response = await t().app.inject({
      method: 'GET',
      url: '/api/admin/cards/export',
      headers: bearer(await adminToken(t())),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe('nfcUID,url,state,issuedAt');
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^${nfcUID},${PUBLIC_URL}/nfc/${nfcUID},claimed,`)),
    );
  });
});

describeOnEachDatabase('business card, profile and card link', (t) => {
  const post = (url: string, token: string, payload: Json) =>
    t().app.inject({ method: 'POST', url, headers: bearer(token), payload });

  it('saves the business card and returns it with the account', async () => {
    const member = await createMember(t());
    const response = await post('/api/user/updateBusinessCard', member.accessToken, businessCard);
    expect(response.statusCode).toBe(200);
    expect(json(response).businessCard).toEqual({ ...businessCard, ...NO_CARD_LOOKS });
    const account = await t().app.inject({
      method: 'GET',
      url: '/api/user/account',
      headers: bearer(member.accessToken),
    });
    expect(json(account).businessCard).toEqual({ ...businessCard, ...NO_CARD_LOOKS });
  });

  it('requires name and email on the card, checks the rest loosely and stores nothing on error', async () => {
    const member = await createMember(t());
    const response = await post('/api/user/updateBusinessCard', member.accessToken, {
      ...businessCard,
      name: ' ',
      email: 'not-an-email',
      phone: 'call me',
      linkedinURL: 'not a url',
      company: 'x'.repeat(121),
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).errors).toEqual(
      expect.arrayContaining([
        'Name is required',
        'Please enter a valid email address',
        'Phone may contain only digits, spaces, +, -, ( and )',
        'LinkedIn must be a web address',
        'Company must be at most 120 characters',
      ]),
    );
    const account = await t().app.inject({
      method: 'GET',
      url: '/api/user/account',
      headers: bearer(member.accessToken),
    });
    expect(json(account).businessCard).toMatchObject({ name: member.name, email: member.email, company: '' });
  });

  it('links an issued card, refuses one held by someone else or never issued, and unlinks with null', async () => {
    const [first, second] = [await createMember(t()), await createMember(t())];
    const nfcUID = await issueCard(t());
    const linked = await post('/api/user/updateProfile', first.accessToken, { nfcUID });
    expect(linked.statusCode).toBe(200);
    expect(json(linked).nfcUID).toBe(nfcUID);

    const taken = await post('/api/user/updateProfile', second.accessToken, { nfcUID });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).error).toBe('This card is already linked to another account.');
    const unknown = await post('/api/user/updateProfile', second.accessToken, {
      nfcUID: `${'a'.repeat(40)}-1`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).error).toMatch(/Card not found/);
    const malformed = await post('/api/user/updateProfile', second.accessToken, { nfcUID: 'ABC-1' });
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed).errors).toEqual(['Please enter a valid Card ID.']);

    const unlinked = await post('/api/user/updateProfile', first.accessToken, { nfcUID: null });
    expect(json(unlinked).nfcUID).toBeNull();
    expect(json(await post('/api/user/updateProfile', second.accessToken, { nfcUID })).nfcUID).toBe(nfcUID);
  });

  it('linking a new card releases the old one', async () => {
    const member = await createMember(t());
    const [lost, replacement] = [await issueCard(t()), await issueCard(t())];
    await post('/api/user/updateProfile', member.accessToken, { nfcUID: lost });
    await post('/api/user/updateProfile', member.accessToken, { nfcUID: replacement });
    const lookup = await t().app.inject({ method: 'GET', url: `/api/nfc/${lost}` });
    expect(json(lookup).code).toBe('CARD_UNCLAIMED');
  });

  it('changes the name, and refuses a new e-mail (it needs the confirmed change) without half-applying', async () => {
    const member = await createMember(t());
    const renamed = await post('/api/user/updateProfile', member.accessToken, {
      name: 'Ada King',
      email: member.email.toUpperCase(),
    });
    expect(renamed.statusCode).toBe(200);
    expect(json(renamed)).toMatchObject({ name: 'Ada King', email: member.email });
    const moved = await post('/api/user/updateProfile', member.accessToken, {
      name: 'Changed',
      email: 'ada.king@example.com',
    });
    expect(moved.statusCode).toBe(400);
    expect(json(moved).code).toBe('EMAIL_CHANGE_NEEDS_CONFIRMATION');
    const account = await t().app.inject({
      method: 'GET',
      url: '/api/user/account',
      headers: bearer(member.accessToken),
    });
    expect(json(account)).toMatchObject({ name: 'Ada King', email: member.email });
  });

  it('refuses all of it without a member token, before looking at the body', async () => {
    for (const url of ['/api/user/updateBusinessCard', '/api/user/updateProfile']) {
      const response = await t().app.inject({ method: 'POST', url, payload: { nonsense: true } });
      expect(response.statusCode).toBe(401);
    }
  });
});

describeOnEachDatabase('the public card', (t) => {
  it('shows a linked card with its owner, says when a card is unclaimed, and when it does not exist', async () => {
    const member = await createMember(t());
    const nfcUID = await issueCard(t());
    expect(json(await t().app.inject({ method: 'GET', url: `/api/nfc/${nfcUID}` }))).toEqual({
      error: 'This card has not been activated yet.',
      code: 'CARD_UNCLAIMED',
    });
    await t().app.inject({
      method: 'POST',
      url: '/api/user/updateProfile',
      headers: bearer(member.accessToken),
      payload: { nfcUID },
    });
    const bare = json(await t().app.inject({ method: 'GET', url: `/api/nfc/${nfcUID}` }));
    expect(bare).toMatchObject({ nfcUID, name: member.name, email: member.email, company: '' });

    await t().app.inject({
      method: 'POST',
      url: '/api/user/updateBusinessCard',
      headers: bearer(member.accessToken),
      payload: businessCard,
    });
    const account = json(
      await t().app.inject({ method: 'GET', url: '/api/user/account', headers: bearer(member.accessToken) }),
    );
    const card = await t().app.inject({ method: 'GET', url: `/api/nfc/${nfcUID}` });
    expect(card.statusCode).toBe(200);
    // An ordinary card's URL proves no tap (secure-cards.test.ts has the verified ones).
    expect(json(card)).toEqual({
      ...businessCard,
      ...NO_CARD_LOOKS,
      nfcUID,
      userId: account._id,
      tap: { verified: false, counter: null },
    });

    const missing = await t().app.inject({ method: 'GET', url: `/api/nfc/${'b'.repeat(40)}-7` });
    expect(missing.statusCode).toBe(404);
    expect(json(missing)).toEqual({ error: 'Card not found.', code: 'CARD_NOT_FOUND' });
  });

  it('serves the card as a vCard 3.0 download', async () => {
    const { nfcUID } = await createMemberWithCard(t());
    const response = await t().app.inject({ method: 'GET', url: `/api/nfc/${nfcUID}/vcard` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="ada-lovelace.vcf"');
    expect(response.body).toContain('BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada;;;\r\nFN:Ada Lovelace\r\n');
    expect(response.body).toContain('ORG:Analytical Engines\\; Ltd\r\n');
    expect(response.body).toContain('TITLE:Mathematician\\, Poet\r\n');
    expect(response.body).toContain('URL;TYPE=LinkedIn:https://linkedin.com/in/ada\r\n');
    expect(response.body.endsWith('END:VCARD\r\n')).toBe(true);
    expect(
      (await t().app.inject({ method: 'GET', url: `/api/nfc/${'c'.repeat(40)}-1/vcard` })).statusCode,
    ).toBe(404);
  });

  it('records page events of a linked card without the visitor address, and refuses unknown types', async () => {
    const { nfcUID } = await createMemberWithCard(t());
    const send = (payload: Json) =>
      t().app.inject({
        method: 'POST',
        url: `/api/nfc/${nfcUID}/events`,
        payload,
        headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile' },
      });
    expect((await send({ type: 'view' })).statusCode).toBe(204);
    expect((await send({ type: 'tap', referrer: 'none' })).statusCode).toBe(204);
    expect((await send({ type: 'link_click', link: 'linkedin' })).statusCode).toBe(204);
    expect((await send({ type: 'hack' })).statusCode).toBe(400);
    const events = await t().db.selectFrom('card_events').selectAll().where('nfc_uid', '=', nfcUID).execute();
    expect(events.map((event) => event.type).sort()).toEqual(['link_click', 'tap', 'view']);
    expect(events.every((event) => event.is_mobile)).toBe(true);
    expect(JSON.stringify(events)).not.toContain('127.0.0.1');
  });

  it('stores every one of a crowd’s events arriving at once, each with its own fields', async () => {
    // Forty people behind the venue's one address, each their own visitor (one person's repeats count once).
    const { nfcUID } = await createMemberWithCard(t());
    const kinds = [
      { type: 'tap' },
      { type: 'view' },
      { type: 'link_click', link: 'linkedin' },
      { type: 'save' },
    ];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        t().app.inject({
          method: 'POST',
          url: `/api/nfc/${nfcUID}/events`,
          payload: {
            ...kinds[index % kinds.length],
            source: 'nfc',
            visitor: `crowd-visitor-${String(index).padStart(4, '0')}`,
          },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(40).fill(204));
    const stored = await t()
      .db.selectFrom('card_events')
      .select(['type', 'link'])
      .where('nfc_uid', '=', nfcUID)
      .execute();
    const count = (type: string) => stored.filter((event) => event.type === type).length;
    expect(['tap', 'view', 'link_click', 'save'].map(count)).toEqual([10, 10, 10, 10]);
    expect(stored.filter((event) => event.link === 'linkedin')).toHaveLength(10);
  });

  it('fails only the event that cannot be stored when events are written together', async () => {
    const { nfcUID, email } = await createMemberWithCard(t());
    const { id: userId } = await t()
      .db.selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const writer = new CardEventWriter(t().db);
    const event = {
      nfcUid: nfcUID,
      type: 'tap',
      link: null,
      source: 'nfc',
      isMobile: false,
      isVerifiedTap: false,
    } as const;
    // Asked for together, so written together; the second names an owner who no longer exists (an
    // account deleted between the card's lookup and the write).
    const outcomes = await Promise.allSettled([
      writer.write({ ...event, cardOwnerId: userId, referrer: 'first' }),
      writer.write({ ...event, cardOwnerId: randomUUID(), referrer: 'gone' }),
      writer.write({ ...event, cardOwnerId: userId, referrer: 'third' }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const stored = await t()
      .db.selectFrom('card_events')
      .select('referrer')
      .where('nfc_uid', '=', nfcUID)
      .execute();
    expect(stored.map((row) => row.referrer).sort()).toEqual(['first', 'third']);
  });
});

it('folds long vCard lines at 75 octets without splitting characters', () => {
  const vcard = toVCard({
    ...businessCard,
    ...NO_CARD_LOOKS,
    nfcUID: 'x',
    userId: 'y',
    name: 'Zoë Ünïcödé',
    role: 'é'.repeat(60),
    company: '',
    pronouns: '',
  });
  for (const line of vcard.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  const unfolded = vcard.replace(/\r\n /g, '');
  expect(unfolded).toContain(`TITLE:${'é'.repeat(60)}\r\n`);
  expect(vCardFileName('Zoë Ünïcödé')).toBe('zoe-unicode.vcf');
  expect(vCardFileName('王')).toBe('contact.vcf');
});
