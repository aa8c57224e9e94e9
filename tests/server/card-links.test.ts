// A member's card link, /c/<handle> (issue 26): every member's card from the first minute, without an
// NFC card; the same lookup, vCard, saves and analytics as a Card ID; a handle the member changes.
import { expect, it } from 'vitest';
import { ContactListSchema, CreateContactResponseSchema } from '../../contract/contacts';
import { AccountSchema } from '../../contract/user';
import {
  bearer,
  cardHandleOf,
  createMember,
  createMemberWithCard,
  describeOnEachDatabase,
  json,
  PUBLIC_URL,
  type TestContext,
  uniqueEmail,
} from './helpers';

type Member = Awaited<ReturnType<typeof createMember>>;

function calls(t: () => TestContext) {
  const get = (url: string, token?: string) =>
    t().app.inject({ method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) });
  const post = (url: string, payload: Record<string, unknown>, token?: string) =>
    t().app.inject({ method: 'POST', url, payload, ...(token ? { headers: bearer(token) } : {}) });
  const changeHandle = (member: Member, handle: string) =>
    post('/api/user/card-link', { handle }, member.accessToken);
  const saveCard = (member: Member, key: string) =>
    post('/api/contact/create', { nfcUID: key }, member.accessToken);
  return { get, post, changeHandle, saveCard };
}

describeOnEachDatabase('card links', (t) => {
  const { get, post, changeHandle, saveCard } = calls(t);

  it('gives every new member an unguessable card link that shows their card without any NFC card', async () => {
    const member = await createMember(t(), { name: 'Nina NoCard' });
    const account = AccountSchema.parse(json(await get('/api/user/account', member.accessToken)));
    expect(account.nfcUID).toBeNull();
    expect(account.cardHandle).toMatch(/^[0-9a-f]{16}$/);
    const handle = account.cardHandle ?? '';

    const card = await get(`/api/nfc/${handle}`);
    expect(card.statusCode).toBe(200);
    expect(json(card)).toMatchObject({ name: 'Nina NoCard', email: member.email, nfcUID: handle });

    const vCard = await get(`/api/nfc/${handle}/vcard`);
    expect(vCard.statusCode).toBe(200);
    expect(vCard.body).toContain('FN:Nina NoCard');

    const other = await createMember(t());
    expect(await cardHandleOf(t(), other.accessToken)).not.toBe(handle);
  });

  it('saves the person behind a card link once, and records its page events by source', async () => {
    const owner = await createMember(t(), { name: 'Nina NoCard' });
    const handle = await cardHandleOf(t(), owner.accessToken);
    const visitor = await createMember(t());

    const saved = await saveCard(visitor, handle);
    expect(saved.statusCode).toBe(201);
    expect(CreateContactResponseSchema.parse(saved.json()).contact).toMatchObject({
      name: 'Nina NoCard',
      nfcUID: handle,
    });
    expect(json(await saveCard(visitor, handle))).toMatchObject({ code: 'CONTACT_EXISTS' });

    const event = await post(`/api/nfc/${handle}/events`, { type: 'view', source: 'qr' });
    expect(event.statusCode).toBe(204);
    const rows = await t()
      .db.selectFrom('card_events')
      .innerJoin('users', 'users.id', 'card_events.card_owner_id')
      .select(['card_events.source', 'card_events.type'])
      .where('users.email', '=', owner.email)
      .execute();
    expect(rows).toEqual([{ source: 'qr', type: 'view' }]);
  });

  it('opens the same card by card link and by Card ID once an NFC card is linked', async () => {
    const owner = await createMemberWithCard(t());
    const byLink = json(await get(`/api/nfc/${owner.cardHandle}`));
    const byCard = json(await get(`/api/nfc/${owner.nfcUID}`));
    const { nfcUID: _link, ...linkCard } = byLink;
    const { nfcUID: _card, ...nfcCard } = byCard;
    expect(linkCard).toEqual(nfcCard);
  });

  it('lets a member choose a handle; old links still open the card, and no one else can take either', async () => {
    const owner = await createMember(t(), { name: 'Ada Lovelace' });
    const first = await cardHandleOf(t(), owner.accessToken);
    const wanted = `ada-${first.slice(0, 8)}`;

    const changed = await changeHandle(owner, `  ${wanted.toUpperCase()} `);
    expect(changed.statusCode).toBe(200);
    expect(AccountSchema.parse(changed.json()).cardHandle).toBe(wanted);

    // The old link finds the card, under its current address.
    expect(json(await get(`/api/nfc/${first}`))).toMatchObject({ name: 'Ada Lovelace', nfcUID: wanted });

    const other = await createMember(t());
    for (const handle of [first, wanted]) {
      const refused = await changeHandle(other, handle);
      expect(refused.statusCode).toBe(409);
      expect(json(refused)).toEqual({
        error: 'This card link is taken. Please choose another.',
        code: 'CARD_LINK_TAKEN',
      });
    }
    expect(json(await get(`/api/nfc/${first}`))).toMatchObject({ name: 'Ada Lovelace' });

    // Taking back one's own old handle makes it current again.
    const back = await changeHandle(owner, first);
    expect(AccountSchema.parse(back.json()).cardHandle).toBe(first);
    expect(json(await get(`/api/nfc/${wanted}`))).toMatchObject({ nfcUID: first });
    const current = await t()
      .db.selectFrom('card_links')
      .innerJoin('users', 'users.id', 'card_links.user_id')
      .select('card_links.handle')
      .where('users.email', '=', owner.email)
      .where('card_links.is_current', '=', true)
      .execute();
    expect(current).toEqual([{ handle: first }]);
  });

  it('refuses a handle that is not 4 to 40 letters, digits and dashes, and changes nothing', async () => {
    const owner = await createMember(t());
    const handle = await cardHandleOf(t(), owner.accessToken);
    for (const bad of ['abc', '-ada', 'ada-', 'ada lovelace', 'adä', 'a'.repeat(41)]) {
      const refused = await changeHandle(owner, bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(json(refused).code).toBe('VALIDATION_FAILED');
    }
    expect(await cardHandleOf(t(), owner.accessToken)).toBe(handle);
  });

  it('answers an unknown card link, or one of a deleted account, with Card not found', async () => {
    expect(json(await get('/api/nfc/no-such-handle'))).toEqual({
      error: 'Card not found.',
      code: 'CARD_NOT_FOUND',
    });
    const owner = await createMember(t());
    const handle = await cardHandleOf(t(), owner.accessToken);
    const deleted = await t().app.inject({
      method: 'DELETE',
      url: '/api/user/delete-account',
      headers: bearer(owner.accessToken),
      payload: { password: owner.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect(json(await get(`/api/nfc/${handle}`)).code).toBe('CARD_NOT_FOUND');
  });
});

describeOnEachDatabase('sending my card without an NFC card', (t) => {
  const { get, post, saveCard } = calls(t);

  async function contactOf(sender: Member, person: { name: string; email: string }) {
    const owner = await createMember(t(), person);
    await saveCard(sender, await cardHandleOf(t(), owner.accessToken));
    const [contact] = ContactListSchema.parse(json(await get('/api/contact', sender.accessToken)));
    if (!contact) throw new Error('no contact');
    return { owner, contact };
  }

  it('e-mails the card with its card link, in the sender’s pronouns', async () => {
    const sender = await createMember(t(), { name: 'Nina NoCard' });
    await post(
      '/api/user/updateBusinessCard',
      { name: 'Nina NoCard', email: sender.email, pronouns: 'she/her' },
      sender.accessToken,
    );
    const handle = await cardHandleOf(t(), sender.accessToken);
    const { contact } = await contactOf(sender, { name: 'Grace Hopper', email: uniqueEmail('grace') });

    const sent = await post(`/api/contact/send-card/${contact._id}`, {}, sender.accessToken);
    expect(sent.statusCode).toBe(200);
    const mail = await t().sink.waitForMail(contact.email, { subject: 'A business card' });
    expect(mail.text).toContain('Nina NoCard sent you her business card through Tapnet.');
    expect(mail.text).toContain(`${PUBLIC_URL}/c/${handle}`);
    expect(mail.attachments.map((attachment) => attachment.filename)).toEqual(['nina-nocard.vcf']);
  });

  it('uses no pronoun for a sender who gave none', async () => {
    const sender = await createMember(t(), { name: 'Sam Quiet' });
    const { contact } = await contactOf(sender, { name: 'Grace Hopper', email: uniqueEmail('grace') });
    await post(`/api/contact/send-card/${contact._id}`, {}, sender.accessToken);
    const mail = await t().sink.waitForMail(contact.email, { subject: 'A business card' });
    expect(mail.text).toContain('Sam Quiet sent you a business card through Tapnet.');
    expect(mail.text).not.toMatch(/\b(their|his|her) business card/);
  });

  it('promises no invitation to a member who already has the sender', async () => {
    const sender = await createMember(t(), { name: 'Nina NoCard' });
    const { owner, contact } = await contactOf(sender, { name: 'Grace Hopper', email: uniqueEmail('grace') });
    // Grace has Nina already: she saved Nina's card.
    await saveCard(owner, await cardHandleOf(t(), sender.accessToken));

    expect((await post(`/api/contact/send-card/${contact._id}`, {}, sender.accessToken)).statusCode).toBe(
      200,
    );
    const mail = await t().sink.waitForMail(owner.email, { subject: 'A business card' });
    expect(mail.text).not.toContain('invited you');
    expect(mail.text).not.toContain('/invitations');
    expect(json(await get('/api/invitations', owner.accessToken))).toEqual([]);
  });
});
