// Events through the pending-writes queue (issue 27): a contact's event and the member's current event
// are kept on the device offline, the latest choice replacing one still waiting, and sent once when the
// connection returns; a refusal becomes a notice. The server is stubbed at fetch (tests/support/stub-server.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CurrentEventResource } from '../../src/api/contacts';
import { readCachedResource } from '../../src/db/cached-resources';
import { db } from '../../src/db/tapnet-db';
import { StorageKeys } from '../../src/session/storage-keys';
import { reconcileTokenMirror } from '../../src/session/token-store';
import { enqueueWrite, flushWrites } from '../../src/sync/queue';
import { ContactEventWrite, CurrentEventWrite } from '../../src/sync/writes/event-writes';
import { offline, stubServer } from '../support/stub-server';
import { jsonResponse, makeContact, tokenExpiringIn } from './helpers';

const owner = { ownerUserId: 'user-1' };

const grace = makeContact('contact-1', { name: 'Grace Hopper' });

beforeEach(async () => {
  localStorage.clear();
  localStorage.setItem(StorageKeys.token, tokenExpiringIn(600));
  localStorage.setItem(StorageKeys.refreshToken, 'refresh.token.one');
  await Promise.all([
    db.pendingWrites.clear(),
    db.authMirror.clear(),
    db.writeNotices.clear(),
    db.cachedResources.clear(),
  ]);
  await reconcileTokenMirror();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a contact's event", () => {
  it('waits offline as the latest choice only, and is sent once when the connection returns', async () => {
    stubServer(offline);
    const payload = { contactId: grace._id, contactName: grace.name };
    await enqueueWrite(ContactEventWrite, { ...payload, event: 'Web Summit' }, owner);
    await enqueueWrite(ContactEventWrite, { ...payload, event: 'Web Summit 2026' }, owner);
    expect(await flushWrites()).toMatchObject({ sent: 0, remaining: 1 });

    const sent = stubServer((request) => jsonResponse(200, { ...grace, event: request.body?.event }));
    expect(await flushWrites()).toEqual({ sent: 1, refused: 0, conflicts: 0, remaining: 0 });
    expect(sent.map((request) => [request.method, request.path, request.body])).toEqual([
      ['PUT', '/api/contact/contact-1/event', { event: 'Web Summit 2026' }],
    ]);
  });

  it('refused for good, tells the member which contact kept its event', async () => {
    await enqueueWrite(
      ContactEventWrite,
      { contactId: grace._id, contactName: grace.name, event: 'Web Summit 2026' },
      owner,
    );
    stubServer(() => jsonResponse(404, { error: 'Contact not found', code: 'CONTACT_NOT_FOUND' }));
    expect(await flushWrites()).toMatchObject({ sent: 0, refused: 1, remaining: 0 });
    expect(await db.writeNotices.toArray()).toEqual([
      expect.objectContaining({
        message: 'The event of Grace Hopper was not saved: Contact not found',
        keptText: 'Web Summit 2026',
        announcement: 'Failed to save the event. Please try again.',
      }),
    ]);
  });
});

describe('the current event', () => {
  it('set then ended offline sends only the end, and the copy the screen reads is the answer', async () => {
    stubServer(offline);
    await enqueueWrite(CurrentEventWrite, { event: 'Web Summit 2026' }, owner);
    await enqueueWrite(CurrentEventWrite, { event: null }, owner);
    expect(await db.pendingWrites.count()).toBe(1);

    const sent = stubServer((request) => jsonResponse(200, { event: request.body?.event ?? null }));
    expect(await flushWrites()).toEqual({ sent: 1, refused: 0, conflicts: 0, remaining: 0 });
    expect(sent.map((request) => [request.method, request.path, request.body])).toEqual([
      ['PUT', '/api/contact/current-event', { event: null }],
    ]);
    expect((await readCachedResource(CurrentEventResource, 'user-1'))?.value).toEqual({ event: null });
  });
});
