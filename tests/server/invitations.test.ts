import { expect, it } from 'vitest';
import {
  bearer,
  businessCard,
  createMember,
  createMemberWithCard,
  describeOnEachDatabase,
  json,
  type TestContext,
} from './helpers';

type Json = Record<string, unknown>;
type Member = { accessToken: string; email: string };

function invitationCalls(t: () => TestContext) {
  const saveCard = (saver: Member, nfcUID: string) =>
    t().app.inject({
      method: 'POST',
      url: '/api/contact/create',
      headers: bearer(saver.accessToken),
      payload: { nfcUID },
    });
  const listInvitations = (member: Member) =>
    t().app.inject({ method: 'GET', url: '/api/invitations', headers: bearer(member.accessToken) });
  const invitationsOf = async (member: Member) => json<Json[]>(await listInvitations(member));
  const accept = (member: Member, id: string) =>
    t().app.inject({
      method: 'POST',
      url: `/api/invitations/${id}/accept`,
      headers: bearer(member.accessToken),
    });
  const deny = (member: Member, id: string) =>
    t().app.inject({ method: 'DELETE', url: `/api/invitations/${id}`, headers: bearer(member.accessToken) });
  const contactsOf = async (member: Member) =>
    json<Json[]>(
      await t().app.inject({ method: 'GET', url: '/api/contact', headers: bearer(member.accessToken) }),
    );
  /** The only invitation `member` has; fails when there is none or several. */
  const onlyInvitationOf = async (member: Member) => {
    const invitations = await invitationsOf(member);
    expect(invitations).toHaveLength(1);
    return invitations[0] as { _id: string } & Json;
  };

  return { saveCard, listInvitations, invitationsOf, accept, deny, contactsOf, onlyInvitationOf };
}

describeOnEachDatabase('invitations: created when a card is saved', (t) => {
  const { saveCard, listInvitations, invitationsOf, accept, onlyInvitationOf } = invitationCalls(t);
  it("invites the card's owner when someone saves their card, showing the saver's current card", async () => {
    const owner = await createMemberWithCard(t());
    const saver = await createMemberWithCard(t(), {
      name: 'Grace Hopper',
      company: 'US Navy',
      role: 'Rear Admiral',
      email: 'grace@example.com',
    });
    expect(await invitationsOf(owner)).toEqual([]);
    expect((await saveCard(saver, owner.nfcUID)).statusCode).toBe(201);

    const response = await listInvitations(owner);
    expect(response.statusCode).toBe(200);
    const invitations = json<Json[]>(response);
    expect(invitations).toEqual([
      {
        _id: expect.any(String),
        name: 'Grace Hopper',
        company: 'US Navy',
        role: 'Rear Admiral',
        email: 'grace@example.com',
      },
    ]);

    await t().app.inject({
      method: 'POST',
      url: '/api/user/updateBusinessCard',
      headers: bearer(saver.accessToken),
      payload: { ...businessCard, name: 'Grace B. Hopper', company: 'Yale', email: 'grace@yale.example' },
    });
    expect(await onlyInvitationOf(owner)).toMatchObject({
      name: 'Grace B. Hopper',
      company: 'Yale',
      email: 'grace@yale.example',
    });
    expect(await invitationsOf(saver)).toEqual([]);
  });

  it('shows an inviter without a business card by the name and e-mail of their account', async () => {
    const owner = await createMemberWithCard(t());
    const saver = await createMember(t(), { name: 'Alan Turing' });
    await saveCard(saver, owner.nfcUID);
    expect(await onlyInvitationOf(owner)).toMatchObject({
      name: 'Alan Turing',
      company: '',
      role: '',
      email: saver.email,
    });
  });

  it('lists the newest invitation first and only my own', async () => {
    const owner = await createMemberWithCard(t());
    const first = await createMember(t(), { name: 'First Saver' });
    const second = await createMember(t(), { name: 'Second Saver' });
    const bystander = await createMemberWithCard(t());
    await saveCard(first, owner.nfcUID);
    await saveCard(second, owner.nfcUID);
    await saveCard(first, bystander.nfcUID);
    const invitations = await invitationsOf(owner);
    expect(invitations.map((invitation) => invitation.name)).toEqual(['Second Saver', 'First Saver']);
  });

  it('creates no invitation for an own card, a repeated save, or an owner who already has the saver', async () => {
    const owner = await createMemberWithCard(t());
    expect((await saveCard(owner, owner.nfcUID)).statusCode).toBe(400);
    expect(await invitationsOf(owner)).toEqual([]);

    const saver = await createMemberWithCard(t());
    await saveCard(saver, owner.nfcUID);
    expect((await saveCard(saver, owner.nfcUID)).statusCode).toBe(400);
    await onlyInvitationOf(owner);

    const other = await createMemberWithCard(t());
    await saveCard(owner, other.nfcUID);
    const invitationToOther = await onlyInvitationOf(other);
    // `other` now saves the owner back directly: no invitation is needed, and the owner's pending
    // invitation to `other` is answered by that save.
    await saveCard(other, owner.nfcUID);
    expect(await invitationsOf(other)).toEqual([]);
    expect((await accept(other, invitationToOther._id)).statusCode).toBe(404);
    // The owner, who already has `other`, is not invited back either: only the first saver's invitation waits.
    await onlyInvitationOf(owner);
  });
});

describeOnEachDatabase('invitations: accepting and denying', (t) => {
  const { saveCard, invitationsOf, accept, deny, contactsOf, onlyInvitationOf } = invitationCalls(t);
  it("accepting adds the inviter's current card to my contacts once, marked as from an invitation", async () => {
    const owner = await createMemberWithCard(t());
    const saver = await createMemberWithCard(t(), { name: 'Grace Hopper', email: 'grace@example.com' });
    await saveCard(saver, owner.nfcUID);
    const invitation = await onlyInvitationOf(owner);

    const accepted = await accept(owner, invitation._id);
    expect(accepted.statusCode).toBe(200);
    expect(json(accepted)).toEqual({ message: 'Invitation accepted!' });
    expect(await contactsOf(owner)).toEqual([
      expect.objectContaining({
        ...businessCard,
        name: 'Grace Hopper',
        email: 'grace@example.com',
        nfcUID: saver.nfcUID,
        fromInvitation: true,
        lat: null,
        lng: null,
      }),
    ]);
    expect(await invitationsOf(owner)).toEqual([]);

    const again = await accept(owner, invitation._id);
    expect(again.statusCode).toBe(404);
    expect(json(again)).toEqual({ error: 'Invitation not found', code: 'INVITATION_NOT_FOUND' });
    expect(await contactsOf(owner)).toHaveLength(1);
  });

  it('accepting an inviter without a card adds them from their account, without a card ID', async () => {
    const owner = await createMemberWithCard(t());
    const saver = await createMember(t(), { name: 'Alan Turing' });
    await saveCard(saver, owner.nfcUID);
    await accept(owner, (await onlyInvitationOf(owner))._id);
    expect(await contactsOf(owner)).toEqual([
      expect.objectContaining({
        name: 'Alan Turing',
        email: saver.email,
        company: '',
        nfcUID: null,
        fromInvitation: true,
      }),
    ]);
  });

  it('accepting concurrently adds the inviter once', async () => {
    const owner = await createMemberWithCard(t());
    const saver = await createMemberWithCard(t());
    await saveCard(saver, owner.nfcUID);
    const { _id } = await onlyInvitationOf(owner);
    const answers = await Promise.all([accept(owner, _id), accept(owner, _id), accept(owner, _id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404, 404]);
    expect(await contactsOf(owner)).toHaveLength(1);
  });

  it('an answer replayed with its Idempotency-Key (made offline, answer lost) gets the first answer, not a 404', async () => {
    const owner = await createMemberWithCard(t());
    const saver = await createMemberWithCard(t());
    await saveCard(saver, owner.nfcUID);
    const { _id } = await onlyInvitationOf(owner);
    const answerOnce = () =>
      t().app.inject({
        method: 'POST',
        url: `/api/invitations/${_id}/accept`,
        headers: { ...bearer(owner.accessToken), 'idempotency-key': 'offline-accept-1' },
      });
    const [first, replay] = [await answerOnce(), await answerOnce()];
    expect([first.statusCode, replay.statusCode]).toEqual([200, 200]);
    expect(json(replay)).toEqual({ message: 'Invitation accepted!' });
    expect(await contactsOf(owner)).toHaveLength(1);
    // The same key with another answer is another request: refused, and nothing changes.
    const reused = await t().app.inject({
      method: 'DELETE',
      url: `/api/invitations/${_id}`,
      headers: { ...bearer(owner.accessToken), 'idempotency-key': 'offline-accept-1' },
    });
    expect(reused.statusCode).toBe(422);
    expect(json(reused).code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('denying deletes the invitation and adds nobody', async () => {
    const owner = await createMemberWithCard(t());
    const saver = await createMemberWithCard(t());
    await saveCard(saver, owner.nfcUID);
    const { _id } = await onlyInvitationOf(owner);

    const denied = await deny(owner, _id);
    expect(denied.statusCode).toBe(200);
    expect(json(denied)).toEqual({ message: 'Invitation denied.' });
    expect(await invitationsOf(owner)).toEqual([]);
    expect(await contactsOf(owner)).toEqual([]);
    expect((await deny(owner, _id)).statusCode).toBe(404);
    expect((await accept(owner, _id)).statusCode).toBe(404);
  });
});

describeOnEachDatabase('invitations: who may answer', (t) => {
  const { saveCard, invitationsOf, accept, deny, contactsOf, onlyInvitationOf } = invitationCalls(t);
  it('lets only the invitee answer: anyone else, the inviter included, gets 404', async () => {
    const owner = await createMemberWithCard(t());
    const saver = await createMemberWithCard(t());
    const stranger = await createMember(t());
    await saveCard(saver, owner.nfcUID);
    const { _id } = await onlyInvitationOf(owner);
    for (const member of [saver, stranger]) {
      const accepted = await accept(member, _id);
      expect(accepted.statusCode).toBe(404);
      expect(json(accepted)).toEqual({ error: 'Invitation not found', code: 'INVITATION_NOT_FOUND' });
      expect((await deny(member, _id)).statusCode).toBe(404);
    }
    expect(await contactsOf(saver)).toHaveLength(1);
    expect(await contactsOf(stranger)).toEqual([]);
    await onlyInvitationOf(owner);
  });

  it('answers ids that are not invitations with 400 or 404, never a server error', async () => {
    const member = await createMember(t());
    for (const id of ['not-a-uuid', '123', '%20', "1' OR '1'='1", crypto.randomUUID()]) {
      for (const response of [
        await accept(member, encodeURIComponent(id)),
        await deny(member, encodeURIComponent(id)),
      ]) {
        expect([400, 404]).toContain(response.statusCode);
        expect(JSON.stringify(json(response))).toContain('Invitation not found');
      }
    }
  });

  it('removes pending invitations with the account that sent them', async () => {
    const owner = await createMemberWithCard(t());
    const saver = await createMember(t());
    await saveCard(saver, owner.nfcUID);
    await onlyInvitationOf(owner);
    await t().db.deleteFrom('users').where('email', '=', saver.email).execute();
    expect(await invitationsOf(owner)).toEqual([]);
  });

  it('requires a member token', async () => {
    const id = crypto.randomUUID();
    for (const request of [
      { method: 'GET', url: '/api/invitations' },
      { method: 'POST', url: `/api/invitations/${id}/accept` },
      { method: 'DELETE', url: `/api/invitations/${id}` },
    ] as const) {
      expect((await t().app.inject(request)).statusCode).toBe(401);
      const bad = await t().app.inject({ ...request, headers: bearer('not-a-token') });
      expect(bad.statusCode).toBe(401);
    }
  });
});
