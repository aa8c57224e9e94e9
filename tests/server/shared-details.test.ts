// A visitor of a public card shares their details with its owner, with no account (issue 26).
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { ContactListSchema } from '../../contract/contacts';
import { SHARES_PER_HOUR } from '../../server/modules/contacts/shared-details';
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

type Json = Record<string, unknown>;

const LIN = {
  name: 'Lin Visitor',
  email: 'lin.visitor@example.com',
  phone: '+33 6 12 34 56 78',
  company: 'Atelier Lin',
  role: 'Designer',
  note: 'We talked about type design at the coffee stand.',
  consent: true,
};

function calls(t: () => TestContext) {
  const share = (key: string, payload: Json, remoteAddress = '198.51.100.20') =>
    t().app.inject({
      method: 'POST',
      url: `/api/nfc/${key}/share-details`,
      payload,
      remoteAddress,
    });
  const contactsOf = async (token: string) =>
    ContactListSchema.parse(
      json(await t().app.inject({ method: 'GET', url: '/api/contact', headers: bearer(token) })),
    );
  return { share, contactsOf };
}

describeOnEachDatabase('sharing details with a card’s owner', (t) => {
  const { share, contactsOf } = calls(t);

  it('puts the visitor among the owner’s contacts, marked shared, and tells the owner by e-mail', async () => {
    const owner = await createMember(t(), { name: 'Nina NoCard' });
    const handle = await cardHandleOf(t(), owner.accessToken);

    const shared = await share(handle, { ...LIN, email: uniqueEmail('lin'), source: 'qr' });
    expect(shared.statusCode).toBe(201);
    expect(json(shared)).toEqual({ message: 'Details shared' });

    const [contact] = await contactsOf(owner.accessToken);
    expect(contact).toMatchObject({
      name: LIN.name,
      phone: LIN.phone,
      company: LIN.company,
      role: LIN.role,
      notes: LIN.note,
      nfcUID: null,
      sharedWithYou: { source: 'qr', at: expect.any(String) },
    });
    expect(Date.now() - Date.parse(contact?.sharedWithYou?.at ?? '')).toBeLessThan(60_000);

    const mail = await t().sink.waitForMail(owner.email, { subject: 'shared their details' });
    expect(mail.text).toContain('Someone who scanned your QR code shared their details with you.');
    expect(mail.text).toContain(LIN.company);
    expect(mail.text).toContain(`${PUBLIC_URL}/contacts`);
  });

  it('works through an NFC card’s ID too', async () => {
    const owner = await createMemberWithCard(t());
    expect((await share(owner.nfcUID, { ...LIN, email: uniqueEmail('lin') })).statusCode).toBe(201);
    expect(await contactsOf(owner.accessToken)).toHaveLength(1);
  });

  it('refuses without consent, without a name, or with no way to reach them, and stores nothing', async () => {
    const owner = await createMember(t());
    const handle = await cardHandleOf(t(), owner.accessToken);
    const cases: [Json, string][] = [
      [{ ...LIN, consent: false }, 'Please agree to share your details'],
      [{ ...LIN, consent: undefined }, 'consent is required'],
      [{ ...LIN, name: '  ' }, 'Name is required'],
      [{ ...LIN, email: '', phone: '' }, 'Please give an e-mail address or a phone number'],
      [{ ...LIN, email: 'not-an-address' }, 'Please enter a valid email address'],
      [{ ...LIN, phone: 'call me' }, 'Phone may contain only digits, spaces, +, -, ( and )'],
      [{ ...LIN, email: '', sendMeTheCard: true }, 'An e-mail address is needed to send you the card'],
      [{ ...LIN, note: 'x'.repeat(501) }, 'Note must be at most 500 characters'],
    ];
    for (const [payload, message] of cases) {
      const refused = await share(handle, payload);
      expect(refused.statusCode, message).toBe(400);
      expect(json(refused)).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: expect.arrayContaining([message]),
      });
    }
    expect(await contactsOf(owner.accessToken)).toEqual([]);
  });

  it('answers a bot that fills the hidden field as it answers a person, and keeps nothing', async () => {
    const owner = await createMember(t());
    const handle = await cardHandleOf(t(), owner.accessToken);
    const answer = await share(handle, { ...LIN, leaveEmpty: 'http://spam.example' });
    expect(answer.statusCode).toBe(201);
    expect(json(answer)).toEqual({ message: 'Details shared' });
    expect(await contactsOf(owner.accessToken)).toEqual([]);
  });

  it('stores a person once, however they write their e-mail or phone number, and keeps the owner’s own contact', async () => {
    const owner = await createMember(t());
    const handle = await cardHandleOf(t(), owner.accessToken);
    const email = uniqueEmail('lin');
    await share(handle, { ...LIN, email });
    await share(handle, { ...LIN, email: email.toUpperCase(), phone: '', note: 'Again' });
    await share(handle, { ...LIN, email: '', phone: '+33 (6) 12-34-56-78', note: 'And again' });
    const contacts = await contactsOf(owner.accessToken);
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ email, notes: LIN.note });

    // A member the owner saved already is marked shared when they share, not stored a second time.
    const saved = await createMember(t(), { name: 'Grace Hopper' });
    await t().app.inject({
      method: 'POST',
      url: '/api/contact/create',
      headers: bearer(owner.accessToken),
      payload: { nfcUID: await cardHandleOf(t(), saved.accessToken) },
    });
    await share(handle, { ...LIN, name: 'Grace H.', email: saved.email, phone: '', source: 'link' });
    const grace = (await contactsOf(owner.accessToken)).filter((contact) => contact.email === saved.email);
    expect(grace).toEqual([
      expect.objectContaining({
        name: 'Grace Hopper',
        sharedWithYou: expect.objectContaining({ source: 'link' }),
      }),
    ]);
  });

  it('e-mails the visitor a copy of the card when asked, once a day, with the unsubscribe link', async () => {
    const owner = await createMember(t(), { name: 'Nina NoCard' });
    const handle = await cardHandleOf(t(), owner.accessToken);
    const email = uniqueEmail('lin');
    expect((await share(handle, { ...LIN, email, sendMeTheCard: true })).statusCode).toBe(201);
    const copy = await t().sink.waitForMail(email, { subject: 'A business card' });
    expect(copy.text).toContain(
      "You asked for Nina NoCard's business card on the card page on Tapnet, so here it is.",
    );
    expect(copy.text).toContain(`${PUBLIC_URL}/c/${handle}`);
    expect(copy.text).toContain('Never e-mail me again');
    expect(copy.attachments.map((attachment) => attachment.filename)).toEqual(['nina-nocard.vcf']);

    await share(handle, { ...LIN, email, sendMeTheCard: true });
    await t().mailer().deliverDue();
    expect(t().sink.messages(email)).toHaveLength(1);
  });

  it('sends the owner no e-mail when they opted out; the contact still arrives', async () => {
    const owner = await createMember(t());
    await t().app.inject({
      method: 'POST',
      url: '/api/user/notification-settings',
      headers: bearer(owner.accessToken),
      payload: { emailOptOut: true },
    });
    const handle = await cardHandleOf(t(), owner.accessToken);
    expect((await share(handle, { ...LIN, email: uniqueEmail('lin') })).statusCode).toBe(201);
    await t().mailer().deliverDue();
    expect(
      t()
        .sink.messages(owner.email)
        .filter((mail) => /shared their details/.test(mail.subject)),
    ).toEqual([]);
    expect(await contactsOf(owner.accessToken)).toHaveLength(1);
  });

  it('takes no more for an hour once a card has had its hour’s shares, from wherever they come', async () => {
    const owner = await createMember(t());
    const handle = await cardHandleOf(t(), owner.accessToken);
    const ownerId = (
      await t().db.selectFrom('users').select('id').where('email', '=', owner.email).executeTakeFirstOrThrow()
    ).id;
    await sql`INSERT INTO contacts (owner_id, name, email, shared_at, shared_source)
      SELECT ${ownerId}::uuid, 'Visitor ' || n, 'visitor' || n || '@example.com', now() - interval '5 minutes', 'qr'
      FROM generate_series(1, ${SHARES_PER_HOUR}) AS n`.execute(t().db);

    const refused = await share(handle, { ...LIN, email: uniqueEmail('late') }, '203.0.113.99');
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toEqual({
      error: 'This card cannot take more details right now. Please try again in an hour.',
      code: 'SHARE_LIMIT_REACHED',
    });
    expect(await contactsOf(owner.accessToken)).toHaveLength(SHARES_PER_HOUR);

    // An hour later the card takes them again.
    await t()
      .db.updateTable('contacts')
      .set({ shared_at: sql<Date>`now() - interval '61 minutes'` })
      .where('owner_id', '=', ownerId)
      .execute();
    expect((await share(handle, { ...LIN, email: uniqueEmail('later') }, '203.0.113.99')).statusCode).toBe(
      201,
    );
  });

  it('limits one address to sixty shares a minute with one card: a room after a talk, not a script', async () => {
    const owner = await createMember(t());
    const handle = await cardHandleOf(t(), owner.accessToken);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 61; attempt += 1) {
      statuses.push(
        (await share(handle, { ...LIN, email: `room-${attempt}@example.com`, phone: '' }, '192.0.2.61'))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 60).every((status) => status === 201)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect(await contactsOf(owner.accessToken)).toHaveLength(60);
  });
});
