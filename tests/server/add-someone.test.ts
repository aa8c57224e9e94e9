// A member adds someone who has no card (issue 26 point 3): validated, stored once per Idempotency-Key,
// and matched against the member's own contacts (never another member's) by e-mail or phone.
import { expect, it } from 'vitest';
import { AddSomeoneResponseSchema } from '../../contract/add-someone';
import { ContactListSchema } from '../../contract/contacts';
import {
  bearer,
  createMember,
  createMemberWithCard,
  describeOnEachDatabase,
  json,
  type TestContext,
} from './helpers';

type Json = Record<string, unknown>;

const PAPER_CARD = {
  name: 'Rosa Paper',
  email: 'Rosa.Paper@Example.com',
  phone: '+44 20 7946 0018',
  company: 'Paper & Ink',
  role: 'Printer',
  where: 'at the print fair, Leeds',
  note: 'Wants samples of the letterpress cards.',
};

function calls(t: () => TestContext) {
  const add = (token: string, payload: Json, key?: string) =>
    t().app.inject({
      method: 'POST',
      url: '/api/contact/add',
      headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const contactsOf = async (token: string) =>
    ContactListSchema.parse(
      json(await t().app.inject({ method: 'GET', url: '/api/contact', headers: bearer(token) })),
    );
  const answerOf = (response: Awaited<ReturnType<typeof add>>) =>
    AddSomeoneResponseSchema.parse(json(response));
  return { add, contactsOf, answerOf };
}

describeOnEachDatabase('adding someone who has no card', (t) => {
  const { add, contactsOf, answerOf } = calls(t);

  it('stores them as a contact added by hand, listed as the API answers it', async () => {
    const member = await createMember(t());
    const added = await add(member.accessToken, { ...PAPER_CARD, lat: 53.8, lng: -1.55 });
    expect(added.statusCode).toBe(200);
    expect(added.headers['contact-list-etag']).toBeTruthy();
    const answer = answerOf(added);
    expect(answer).toMatchObject({ outcome: 'added', message: 'Contact added' });
    const [listed, ...others] = await contactsOf(member.accessToken);
    expect(others).toEqual([]);
    expect(listed).toEqual(answer.outcome === 'added' ? answer.contact : undefined);
    expect(listed).toMatchObject({
      name: 'Rosa Paper',
      email: 'rosa.paper@example.com',
      phone: PAPER_CARD.phone,
      company: 'Paper & Ink',
      role: 'Printer',
      notes: PAPER_CARD.note,
      whereMet: 'at the print fair, Leeds',
      lat: 53.8,
      lng: -1.55,
      nfcUID: null,
      addedByHand: true,
      sharedWithYou: null,
    });
  });

  it('needs only a name, and says in words what is wrong, storing nothing', async () => {
    const member = await createMember(t());
    expect(answerOf(await add(member.accessToken, { name: '  Only A Name ' }))).toMatchObject({
      outcome: 'added',
      contact: { name: 'Only A Name', email: '', phone: '', whereMet: null },
    });
    const refusals: [Json, string][] = [
      [{ name: ' ' }, 'Name is required'],
      [{ name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
      [{ name: 'A', email: 'not-an-address' }, 'Please enter a valid email address'],
      [{ name: 'A', phone: 'call me' }, 'Phone may contain only digits, spaces, +, -, ( and )'],
      [{ name: 'A', note: 'n'.repeat(1001) }, 'Note must be at most 1000 characters'],
      [{ name: 'A', where: 'w'.repeat(121) }, 'Where you met must be at most 120 characters'],
      [{ name: 'A', lat: 91, lng: 0 }, 'lat must be between -90 and 90'],
      [{ name: 'A', lat: 10 }, 'lat and lng go together'],
      [{ name: 'A', onMatch: 'replace' }, 'Invalid option'],
    ];
    for (const [payload, message] of refusals) {
      const refused = await add(member.accessToken, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(refused).code).toBe('VALIDATION_FAILED');
      expect(refused.body, JSON.stringify(payload)).toContain(message);
    }
    expect(await contactsOf(member.accessToken)).toHaveLength(1);
  });

  it('stores a replay with the same Idempotency-Key once, answering as the first time', async () => {
    const member = await createMember(t());
    const first = await add(member.accessToken, PAPER_CARD, 'add-someone-replay-1');
    const again = await add(member.accessToken, PAPER_CARD, 'add-someone-replay-1');
    expect(json(again)).toEqual(json(first));
    expect(await contactsOf(member.accessToken)).toHaveLength(1);
    const reused = await add(
      member.accessToken,
      { ...PAPER_CARD, name: 'Someone Else' },
      'add-someone-replay-1',
    );
    expect(reused.statusCode).toBe(422);
    expect(json(reused).code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('answers a match by e-mail in any case, or phone in any punctuation, and stores nothing', async () => {
    const member = await createMember(t());
    const first = answerOf(await add(member.accessToken, PAPER_CARD));
    const byEmail = answerOf(
      await add(member.accessToken, { name: 'R. Paper', email: 'ROSA.PAPER@example.COM' }),
    );
    expect(byEmail).toMatchObject({
      outcome: 'matches',
      message: 'This looks like Rosa Paper, who is already among your contacts.',
      match: { _id: first.outcome === 'added' ? first.contact._id : '', name: 'Rosa Paper' },
    });
    const byPhone = answerOf(await add(member.accessToken, { name: 'Rosa', phone: '+44 (20) 79460018' }));
    expect(byPhone).toMatchObject({ outcome: 'matches', match: { name: 'Rosa Paper' } });
    expect(await contactsOf(member.accessToken)).toHaveLength(1);
  });

  it('merges the new details into the match when asked: empty fields filled, the rest kept in its notes', async () => {
    const member = await createMember(t());
    await add(member.accessToken, {
      name: 'Rosa Paper',
      phone: '+44 20 7946 0018',
      role: 'Printer',
      note: 'First met.',
    });
    const merged = answerOf(
      await add(member.accessToken, {
        name: 'Rosa P.',
        phone: '+44 (20) 7946-0018',
        email: 'rosa@paper.example',
        role: 'Head printer',
        note: 'Second time, at the fair.',
        onMatch: 'merge',
      }),
    );
    expect(merged).toMatchObject({
      outcome: 'merged',
      message: 'Added the new details to Rosa Paper',
      contact: {
        name: 'Rosa Paper',
        email: 'rosa@paper.example',
        role: 'Printer',
        notes: 'First met.\n\nSecond time, at the fair.\nRole: Head printer',
        addedByHand: true,
      },
    });
    const [listed, ...others] = await contactsOf(member.accessToken);
    expect(others).toEqual([]);
    expect(listed).toEqual(merged.outcome === 'merged' ? merged.contact : undefined);
  });

  it('keeps both when asked, and merges into a card the member saved', async () => {
    const member = await createMember(t());
    const owner = await createMemberWithCard(t(), { name: 'Carded Person', phone: '+1 555 0100' });
    await t().app.inject({
      method: 'POST',
      url: '/api/contact/create',
      headers: bearer(member.accessToken),
      payload: { nfcUID: owner.nfcUID },
    });
    const kept = answerOf(
      await add(member.accessToken, { name: 'Namesake', phone: '15550100', onMatch: 'keep-both' }),
    );
    expect(kept).toMatchObject({ outcome: 'added', contact: { name: 'Namesake', addedByHand: true } });
    const merged = answerOf(
      await add(member.accessToken, {
        name: 'Carded',
        phone: '(1) 555-0100',
        where: 'at lunch',
        onMatch: 'merge',
      }),
    );
    expect(merged).toMatchObject({
      outcome: 'merged',
      contact: { name: 'Carded Person', whereMet: 'at lunch', addedByHand: false, nfcUID: owner.nfcUID },
    });
    expect(await contactsOf(member.accessToken)).toHaveLength(2);
  });

  it('tags them with the member’s current event, as every save; a merge fills only a missing event', async () => {
    const member = await createMember(t());
    const setEvent = (event: string | null) =>
      t().app.inject({
        method: 'PUT',
        url: '/api/contact/current-event',
        headers: bearer(member.accessToken),
        payload: { event },
      });
    const plain = answerOf(await add(member.accessToken, { name: 'Before The Show', phone: '+1 555 0101' }));
    expect(plain).toMatchObject({ outcome: 'added', contact: { event: null } });
    expect((await setEvent('Print Fair 2026')).statusCode).toBe(200);
    // As the outbox replays an add made offline: an Idempotency-Key, and a merge decided beforehand.
    const queued = answerOf(
      await add(member.accessToken, { ...PAPER_CARD, onMatch: 'merge' }, 'add-someone-event-1'),
    );
    expect(queued).toMatchObject({
      outcome: 'added',
      contact: { name: 'Rosa Paper', event: 'Print Fair 2026' },
    });
    const filled = answerOf(
      await add(member.accessToken, { name: 'Before', phone: '15550101', onMatch: 'merge' }),
    );
    expect(filled).toMatchObject({
      outcome: 'merged',
      contact: { name: 'Before The Show', event: 'Print Fair 2026' },
    });
    expect((await setEvent('Another Fair')).statusCode).toBe(200);
    const kept = answerOf(
      await add(member.accessToken, { name: 'Rosa', email: PAPER_CARD.email, onMatch: 'merge' }),
    );
    expect(kept).toMatchObject({ outcome: 'merged', contact: { event: 'Print Fair 2026' } });
    expect((await setEvent(null)).statusCode).toBe(200);
    const after = answerOf(await add(member.accessToken, { name: 'After The Show' }));
    expect(after).toMatchObject({ outcome: 'added', contact: { event: null } });
    expect(
      (await contactsOf(member.accessToken))
        .map(({ name, event }) => ({ name, event }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual([
      { name: 'After The Show', event: null },
      { name: 'Before The Show', event: 'Print Fair 2026' },
      { name: 'Rosa Paper', event: 'Print Fair 2026' },
    ]);
  });

  it('never matches another member’s contacts', async () => {
    const [ada, bob] = [await createMember(t()), await createMember(t())];
    await add(ada.accessToken, PAPER_CARD);
    expect(answerOf(await add(bob.accessToken, PAPER_CARD))).toMatchObject({ outcome: 'added' });
    expect(await contactsOf(bob.accessToken)).toHaveLength(1);
    expect(await contactsOf(ada.accessToken)).toHaveLength(1);
  });
});
