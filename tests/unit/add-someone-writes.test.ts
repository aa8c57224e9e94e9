// Adding someone who has no card (issue 26 point 3) through the one queue: posted online (a match is
// answered for the member to choose), queued offline as a merge, replayed once, and told to the member
// when the replay found them among their contacts. The server is stubbed at fetch; IndexedDB is fake.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AddSomeoneRequest } from '../../contract/add-someone';
import { db } from '../../src/db/tapnet-db';
import { StorageKeys } from '../../src/session/storage-keys';
import { reconcileTokenMirror } from '../../src/session/token-store';
import { addSomeoneByHand } from '../../src/sync/contact-adds';
import { flushWrites } from '../../src/sync/queue';
import { offline, type SentRequest, stubServer } from '../support/stub-server';
import { jsonResponse, makeContact, tokenExpiringIn } from './helpers';

const rosa: AddSomeoneRequest = {
  name: 'Rosa Paper',
  email: 'rosa@paper.example',
  phone: '+44 20 7946 0018',
  where: 'at the print fair',
  note: 'Wants samples.',
};
const nameOnly: AddSomeoneRequest = { name: 'Only A Name' };

const answer =
  (outcome: 'added' | 'merged' | 'matches', name = 'Rosa Paper') =>
  (sent: SentRequest) => {
    const contact = makeContact('c-1', { name, addedByHand: true, email: String(sent.body?.email ?? '') });
    return jsonResponse(
      200,
      outcome === 'matches'
        ? { outcome, message: `This looks like ${name}`, match: contact }
        : { outcome, message: 'Contact added', contact },
    );
  };

const adds = (sent: SentRequest[]) => sent.filter((request) => request.path === '/api/contact/add');

beforeEach(async () => {
  localStorage.clear();
  localStorage.setItem(StorageKeys.token, tokenExpiringIn(600));
  localStorage.setItem(StorageKeys.refreshToken, 'refresh.token.one');
  await Promise.all([db.pendingWrites.clear(), db.authMirror.clear(), db.writeNotices.clear()]);
  await reconcileTokenMirror();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('addSomeoneByHand', () => {
  it('posts the add with a key and answers what the server did', async () => {
    const sent = stubServer(answer('added'));
    expect(await addSomeoneByHand(rosa)).toMatchObject({ kind: 'added', contact: { name: 'Rosa Paper' } });
    expect(adds(sent)[0]?.headers.get('Idempotency-Key')).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    stubServer(answer('matches'));
    expect(await addSomeoneByHand(rosa)).toMatchObject({ kind: 'matches', match: { name: 'Rosa Paper' } });
    stubServer(() =>
      jsonResponse(400, { error: 'Please enter a valid email address', code: 'VALIDATION_FAILED' }),
    );
    expect(await addSomeoneByHand({ ...rosa, email: 'x' })).toMatchObject({ kind: 'failed' });
    expect(await db.pendingWrites.count()).toBe(0);
  });

  it('queues an add made offline as a merge, since the queue cannot ask', async () => {
    const sent = stubServer(answer('added'));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await addSomeoneByHand(rosa)).toEqual({ kind: 'queued' });
    expect(sent).toHaveLength(0);
    const [queued] = await db.pendingWrites.toArray();
    expect(queued).toMatchObject({
      kind: 'contact.add',
      ownerUserId: 'user-1',
      payload: { onMatch: 'merge' },
    });
  });

  it('after a lost answer, queues a merge under a new key, or a name alone as it was tried', async () => {
    const sent = stubServer(offline);
    expect(await addSomeoneByHand(rosa)).toEqual({ kind: 'queued' });
    expect(await addSomeoneByHand(nameOnly)).toEqual({ kind: 'queued' });
    const [withEmail, withName] = await db.pendingWrites.toArray();
    const [firstTry, secondTry] = adds(sent).map((request) => request.headers.get('Idempotency-Key'));
    expect(withEmail?.payload).toMatchObject({ onMatch: 'merge' });
    expect(withEmail?.idempotencyKey).not.toBe(firstTry);
    expect(withName?.payload).toMatchObject({ ...nameOnly, onMatch: 'ask' });
    expect(withName?.idempotencyKey).toBe(secondTry);
  });
});

describe('replaying queued adds', () => {
  async function queueOffline(...people: AddSomeoneRequest[]) {
    stubServer(offline);
    for (const person of people) expect(await addSomeoneByHand(person)).toEqual({ kind: 'queued' });
  }

  it('sends each add once under two flushes, with the key it was queued with', async () => {
    await queueOffline(rosa, nameOnly);
    const keys = (await db.pendingWrites.toArray()).map((write) => write.idempotencyKey);
    const sent = stubServer(answer('added'));
    await Promise.all([flushWrites(), flushWrites()]);
    expect(adds(sent).map((request) => request.body?.name)).toEqual(['Rosa Paper', 'Only A Name']);
    expect(adds(sent).map((request) => request.headers.get('Idempotency-Key'))).toEqual(keys);
    expect(await db.pendingWrites.count()).toBe(0);
    expect(await db.writeNotices.count()).toBe(0);
  });

  it('tells the member when the replay found them among their contacts', async () => {
    await queueOffline(rosa);
    stubServer(answer('merged', 'Rosa P. Paper'));
    expect(await flushWrites()).toMatchObject({ sent: 1, refused: 0 });
    expect(await db.writeNotices.toArray()).toEqual([
      expect.objectContaining({
        type: 'replaced',
        message:
          'Rosa Paper was already among your contacts as Rosa P. Paper: the new details were added there.',
      }),
    ]);
  });

  it('keeps what the member typed in the notice when the server refuses it for good', async () => {
    await queueOffline(rosa);
    stubServer(() => jsonResponse(400, { error: 'Name is required', code: 'VALIDATION_FAILED' }));
    expect(await flushWrites()).toMatchObject({ sent: 0, refused: 1 });
    const [notice] = await db.writeNotices.toArray();
    expect(notice).toMatchObject({ type: 'refused' });
    expect(notice?.message).toContain('Rosa Paper was not added to your contacts: Name is required');
    expect(notice?.keptText).toBe(
      'Rosa Paper\nrosa@paper.example\n+44 20 7946 0018\nat the print fair\nWants samples.',
    );
  });
});
