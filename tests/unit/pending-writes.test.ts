// The pending-writes queue (DESIGN.md §4 Offline writes), first through contact saves: queueing, replay
// order, the lock, the refresh on 401 and what survives a reload; then the Dexie upgrade and merging.
// The server is stubbed at fetch (tests/support/stub-server.ts): these tests are about what the client
// does around it. IndexedDB is fake-indexeddb.
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateContactRequest } from '../../contract/contacts';
import { readAuthMirror } from '../../src/db/auth-mirror';
import { db, TapnetDb } from '../../src/db/tapnet-db';
import { StorageKeys } from '../../src/session/storage-keys';
import { reconcileTokenMirror } from '../../src/session/token-store';
import { saveContact } from '../../src/sync/contact-saves';
import { claimAnnouncement } from '../../src/sync/pending';
import { enqueueWrite, flushWrites, writeOutcome } from '../../src/sync/queue';
import { ContactFlagWrite, ContactNotesWrite } from '../../src/sync/writes/contact-writes';
import { mergeFields } from '../../src/sync/writes/resource-edits';
import { offline, type SentRequest, stubServer } from '../support/stub-server';
import { jsonResponse, makeToken, tokenExpiringIn } from './helpers';

const accessToken = tokenExpiringIn(600);
const renewedToken = makeToken({ sub: 'user-1', role: 'user', exp: Math.floor(Date.now() / 1000) + 900 });
const refreshToken = 'refresh.token.one';
const rotatedRefreshToken = 'refresh.token.two';

const cardA: CreateContactRequest = { nfcUID: `${'a'.repeat(40)}-1`, name: 'Ada Lovelace' };
const cardB: CreateContactRequest = { nfcUID: `${'b'.repeat(40)}-2`, name: 'Grace Hopper' };

const created = (sent: SentRequest) =>
  jsonResponse(201, {
    message: 'Contact saved successfully!',
    contact: {
      _id: String(sent.body?.nfcUID),
      name: String(sent.body?.name),
      email: '',
      phone: '',
      company: '',
      role: '',
      linkedinURL: '',
      additionalURL: '',
      pronouns: '',
      notes: '',
      lat: null,
      lng: null,
      isFlagged: false,
      connectedAt: new Date().toISOString(),
      contactDetailsSent: false,
      inviteSentByEmail: false,
      fromInvitation: false,
      nfcUID: String(sent.body?.nfcUID),
    },
  });

async function queueWhileOffline(...cards: CreateContactRequest[]): Promise<void> {
  stubServer(offline);
  for (const card of cards) expect(await saveContact(card)).toEqual({ kind: 'queued' });
}

const saves = (sent: SentRequest[]) => sent.filter((request) => request.path === '/api/contact/create');

beforeEach(async () => {
  localStorage.clear();
  localStorage.setItem(StorageKeys.token, accessToken);
  localStorage.setItem(StorageKeys.refreshToken, refreshToken);
  await Promise.all([db.pendingWrites.clear(), db.authMirror.clear(), db.writeNotices.clear()]);
  await reconcileTokenMirror();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('saveContact', () => {
  it('queues the save with its idempotency key and owner when the network fails', async () => {
    const sent = stubServer(offline);
    expect(await saveContact(cardA)).toEqual({ kind: 'queued' });
    const [entry] = await db.pendingWrites.toArray();
    expect(entry).toMatchObject({ payload: cardA, ownerUserId: 'user-1', attempts: 0 });
    expect(entry?.idempotencyKey).toBe(sent[0]?.headers.get('Idempotency-Key'));
    expect(entry?.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  });

  it('queues without trying when the browser knows it is offline', async () => {
    const sent = stubServer(created);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await saveContact(cardA)).toEqual({ kind: 'queued' });
    expect(sent).toHaveLength(0);
    expect(await db.pendingWrites.count()).toBe(1);
    vi.restoreAllMocks();
  });

  it('maps the server answers to outcomes', async () => {
    stubServer(created);
    expect(await saveContact(cardA)).toEqual({ kind: 'saved' });
    stubServer(() => jsonResponse(400, { error: 'Contact already exists', code: 'CONTACT_EXISTS' }));
    expect(await saveContact(cardA)).toEqual({ kind: 'exists' });
    stubServer(() => jsonResponse(400, { error: 'Cannot save your own business card.', code: 'OWN_CARD' }));
    expect(await saveContact(cardA)).toEqual({ kind: 'own-card' });
    stubServer(() => jsonResponse(404, { error: 'Card not found.', code: 'CARD_NOT_FOUND' }));
    expect(await saveContact(cardA)).toEqual({ kind: 'failed', message: 'Card not found.' });
    stubServer(() => jsonResponse(200, { ok: true }));
    expect(await saveContact(cardA)).toEqual({ kind: 'unexpected' });
    expect(await db.pendingWrites.count()).toBe(0);
  });
});

describe('flushWrites', () => {
  it('replays queued saves one by one in queue order and empties the queue', async () => {
    await queueWhileOffline(cardA, cardB);
    const sent = stubServer(created);
    expect(await flushWrites()).toEqual({ sent: 2, refused: 0, conflicts: 0, remaining: 0 });
    expect(saves(sent).map((request) => request.body?.nfcUID)).toEqual([cardA.nfcUID, cardB.nfcUID]);
    expect(saves(sent).every((request) => request.authorization === `Bearer ${accessToken}`)).toBe(true);
    expect(await db.pendingWrites.count()).toBe(0);
  });

  it('sends each save once when two flushes run at the same time', async () => {
    await queueWhileOffline(cardA, cardB);
    const sent = stubServer(created);
    await Promise.all([flushWrites(), flushWrites()]);
    expect(saves(sent).map((request) => request.body?.nfcUID)).toEqual([cardA.nfcUID, cardB.nfcUID]);
  });

  it('keeps the same idempotency key across every attempt of a save', async () => {
    const firstAttempt = stubServer(offline);
    await saveContact(cardA);
    const failedReplay = stubServer(() => jsonResponse(503, { error: 'Service unavailable' }));
    await flushWrites();
    const replay = stubServer(created);
    await flushWrites();
    const keys = [...firstAttempt, ...failedReplay, ...replay].map((request) =>
      request.headers.get('Idempotency-Key'),
    );
    expect(new Set(keys).size).toBe(1);
    expect(keys).toHaveLength(3);
  });

  it('on a 401 refreshes once with the mirrored refresh token and retries with the new token', async () => {
    await queueWhileOffline(cardA, cardB);
    const sent = stubServer((request) => {
      if (request.path === '/api/auth/refresh-token') {
        return jsonResponse(200, { accessToken: renewedToken, refreshToken: rotatedRefreshToken });
      }
      return request.authorization === `Bearer ${renewedToken}`
        ? created(request)
        : jsonResponse(401, { error: 'Token expired' });
    });
    expect(await flushWrites()).toMatchObject({ sent: 2, remaining: 0 });
    const refreshes = sent.filter((request) => request.path === '/api/auth/refresh-token');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]).toMatchObject({ authorization: null, body: { refreshToken } });
    expect(saves(sent).map((request) => request.authorization)).toEqual([
      `Bearer ${accessToken}`,
      `Bearer ${renewedToken}`,
      `Bearer ${renewedToken}`,
    ]);
    // The page's refresh token was rotated away by the replay: the page adopts the mirrored pair.
    expect(await readAuthMirror()).toMatchObject({ refreshToken: rotatedRefreshToken, isAheadOfPage: true });
    await reconcileTokenMirror();
    expect(localStorage.getItem(StorageKeys.token)).toBe(renewedToken);
    expect(localStorage.getItem(StorageKeys.refreshToken)).toBe(rotatedRefreshToken);
    expect(await readAuthMirror()).toMatchObject({ isAheadOfPage: false });
  });

  it('keeps the saves when the refresh is refused, for the next session of the same member', async () => {
    await queueWhileOffline(cardA);
    const sent = stubServer((request) =>
      request.path === '/api/auth/refresh-token'
        ? jsonResponse(401, { error: 'Invalid refresh token' })
        : jsonResponse(401, { error: 'Token expired' }),
    );
    expect(await flushWrites()).toMatchObject({ sent: 0, remaining: 1 });
    expect(saves(sent)).toHaveLength(1);
    expect(await db.pendingWrites.toArray()).toEqual([expect.objectContaining({ lastError: 'HTTP 401' })]);
  });

  it('stops at a 5xx or a network error and keeps that save and the ones after it', async () => {
    await queueWhileOffline(cardA, cardB);
    const sent = stubServer(() => jsonResponse(500, { error: 'Internal Server Error' }));
    expect(await flushWrites()).toEqual({ sent: 0, refused: 0, conflicts: 0, remaining: 2 });
    expect(saves(sent)).toHaveLength(1);
    stubServer(offline);
    await flushWrites();
    const entries = await db.pendingWrites.orderBy('id').toArray();
    expect(entries.map((entry) => entry.payload)).toEqual([cardA, cardB]);
    expect(entries[0]).toMatchObject({ attempts: 2, lastError: 'Failed to fetch' });
  });

  it('removes a save the server refuses for good and records it for the member', async () => {
    await queueWhileOffline(cardA, cardB);
    stubServer((request) =>
      request.body?.nfcUID === cardA.nfcUID
        ? jsonResponse(400, { error: 'Cannot save your own business card.', code: 'OWN_CARD' })
        : jsonResponse(400, { error: 'Contact already exists', code: 'CONTACT_EXISTS' }),
    );
    expect(await flushWrites()).toEqual({ sent: 1, refused: 1, conflicts: 0, remaining: 0 });
    expect(await db.pendingWrites.count()).toBe(0);
    expect(await db.writeNotices.toArray()).toEqual([
      expect.objectContaining({
        ownerUserId: 'user-1',
        type: 'refused',
        message: 'Failed to save contact: Cannot save your own business card. (Ada Lovelace)',
      }),
    ]);
  });

  it('ends an offline tap of an unknown or unclaimed card for good: recorded once, never sent again', async () => {
    const unknown = { nfcUID: `${'c'.repeat(40)}-1` };
    const unclaimed = { nfcUID: `${'d'.repeat(40)}-2` };
    await queueWhileOffline(unknown, unclaimed);
    const sent = stubServer((request) =>
      request.body?.nfcUID === unknown.nfcUID
        ? jsonResponse(404, { error: 'Card not found.', code: 'CARD_NOT_FOUND' })
        : jsonResponse(404, { error: 'This card has not been activated yet.', code: 'CARD_UNCLAIMED' }),
    );
    expect(await flushWrites()).toEqual({ sent: 0, refused: 2, conflicts: 0, remaining: 0 });
    expect((await db.writeNotices.toArray()).map((notice) => notice.message)).toEqual([
      'Failed to save contact: Card not found. (Tapnet card 1)',
      'Failed to save contact: This card has not been activated yet. (Tapnet card 2)',
    ]);
    expect(await flushWrites()).toEqual({ sent: 0, refused: 0, conflicts: 0, remaining: 0 });
    expect(saves(sent)).toHaveLength(2);
  });

  it('announces a flag refused for good once, in the spec’s words, and tells the screen it was refused', async () => {
    stubServer(offline);
    const writeId = await enqueueWrite(
      ContactFlagWrite,
      { contactId: 'contact-1', isFlagged: true, contactName: 'Grace Hopper' },
      { ownerUserId: 'user-1' },
    );
    expect(await writeOutcome('user-1', writeId)).toBe('waiting');
    stubServer(() => jsonResponse(404, { error: 'Contact not found', code: 'CONTACT_NOT_FOUND' }));
    expect(await flushWrites()).toEqual({ sent: 0, refused: 1, conflicts: 0, remaining: 0 });
    expect(await writeOutcome('user-1', writeId)).toBe('refused');
    const [notice] = await db.writeNotices.toArray();
    expect(notice).toMatchObject({
      message: 'The flag on Grace Hopper was not changed: Contact not found',
      announcement: 'Failed to update flag status. Please try again.',
    });
    expect(await claimAnnouncement(notice?.id ?? 0)).toBe('Failed to update flag status. Please try again.');
    expect(await claimAnnouncement(notice?.id ?? 0)).toBeNull();
    expect(await db.writeNotices.count()).toBe(1);
  });

  it('names the fields a validation refusal gives, so the member can put them right', async () => {
    stubServer(offline);
    await enqueueWrite(
      ContactNotesWrite,
      { contactId: 'contact-1', notes: 'Long story', base: '', contactName: 'Grace Hopper' },
      { ownerUserId: 'user-1' },
    );
    stubServer(() =>
      jsonResponse(400, {
        error: 'Validation failed',
        code: 'VALIDATION_FAILED',
        errors: ['Notes are too long'],
      }),
    );
    await flushWrites();
    expect(await db.writeNotices.toArray()).toEqual([
      expect.objectContaining({
        message: 'Your notes about Grace Hopper were not saved: Validation failed: Notes are too long',
        keptText: 'Long story',
        announcement: 'Failed to save notes. Please try again.',
      }),
    ]);
  });

  it("never replays one member's saves with another member's token", async () => {
    await queueWhileOffline(cardA);
    localStorage.setItem(StorageKeys.token, makeToken({ sub: 'user-2', role: 'user', exp: 9_999_999_999 }));
    await reconcileTokenMirror();
    const sent = stubServer(created);
    expect(await flushWrites()).toEqual({ sent: 0, refused: 0, conflicts: 0, remaining: 0 });
    expect(sent).toHaveLength(0);
    expect(await db.pendingWrites.count()).toBe(1);
  });

  it('loses nothing queued across a reload', async () => {
    await queueWhileOffline(cardA);
    db.close();
    const reopened = new TapnetDb();
    expect((await reopened.pendingWrites.toArray()).map((entry) => entry.payload)).toEqual([cardA]);
    reopened.close();
    await db.open();
    const sent = stubServer(created);
    expect(await flushWrites()).toMatchObject({ sent: 1 });
    expect(saves(sent)).toHaveLength(1);
  });
});

describe('the version-8 upgrade', () => {
  it('moves queued saves, flags and refused saves into the one queue, in order, nothing lost', async () => {
    const name = `tapnet-upgrade-${crypto.randomUUID()}`;
    const old = new Dexie(name);
    old.version(7).stores({
      outbox: '++id, ownerUserId, &idempotencyKey',
      authMirror: 'key',
      failedSaves: '++id, ownerUserId',
      contactSets: 'ownerUserId',
      cardPages: 'nfcUID, seenAt',
      cachedResources: '[ownerUserId+name], ownerUserId',
      contactLists: 'ownerUserId',
      insightRefreshCounts: '[ownerUserId+kind+day], day',
      pendingFlags: '[ownerUserId+contactId], ownerUserId',
    });
    await old.table('outbox').bulkAdd([
      {
        payload: cardB,
        queuedAt: 2,
        idempotencyKey: 'key-of-save-b',
        ownerUserId: 'user-1',
        attempts: 3,
        lastError: 'HTTP 503',
      },
      {
        payload: cardA,
        queuedAt: 1,
        idempotencyKey: 'key-of-save-a',
        ownerUserId: 'user-2',
        attempts: 0,
        lastError: null,
      },
    ]);
    await old.table('pendingFlags').add({
      ownerUserId: 'user-1',
      contactId: 'contact-1',
      isFlagged: true,
      isFlaggedOnServer: false,
      queuedAt: 5,
    });
    await old.table('failedSaves').add({
      ownerUserId: 'user-1',
      nfcUID: cardA.nfcUID,
      name: 'Ada Lovelace',
      message: 'Cannot save your own business card.',
      failedAt: 7,
    });
    old.close();

    const upgraded = new TapnetDb(name);
    const writes = await upgraded.pendingWrites.orderBy('id').toArray();
    expect(writes).toEqual([
      expect.objectContaining({
        kind: 'contact.save',
        ownerUserId: 'user-1',
        payload: cardB,
        idempotencyKey: 'key-of-save-b',
        attempts: 3,
        lastError: 'HTTP 503',
      }),
      expect.objectContaining({
        kind: 'contact.save',
        ownerUserId: 'user-2',
        payload: cardA,
        idempotencyKey: 'key-of-save-a',
      }),
      expect.objectContaining({
        kind: 'contact.flag',
        ownerUserId: 'user-1',
        coalesceKey: 'contact.flag:contact-1',
        payload: { contactId: 'contact-1', isFlagged: true },
      }),
    ]);
    expect(await upgraded.writeNotices.toArray()).toEqual([
      expect.objectContaining({
        ownerUserId: 'user-1',
        type: 'refused',
        message: 'Failed to save contact: Cannot save your own business card. (Ada Lovelace)',
      }),
    ]);
    expect(upgraded.tables.map((table) => table.name)).not.toContain('outbox');
    upgraded.close();
    await Dexie.delete(name);
  });
});

describe("merging an edit with another device's change (412)", () => {
  const base = { industries: [], technologies: ['Fintech'], customInterests: '', eventTypes: [] };

  it("keeps both devices' choices and a field changed on one side only", () => {
    const mine = { ...base, industries: ['Finance'], technologies: [] };
    const theirs = { ...base, industries: ['Retail', 'Healthcare'], customInterests: 'open banking' };
    const replaced: string[] = [];
    expect(mergeFields(base, mine, theirs, true, replaced)).toEqual({
      industries: ['Retail', 'Healthcare', 'Finance'],
      technologies: [],
      customInterests: 'open banking',
      eventTypes: [],
    });
    expect(replaced).toEqual([]);
  });

  it('keeps the newer of a text both changed and names what was replaced', () => {
    const mine = { ...base, customInterests: 'payments' };
    const theirs = { ...base, customInterests: 'open banking' };
    const replaced: string[] = [];
    expect(mergeFields(base, mine, theirs, true, replaced).customInterests).toBe('payments');
    expect(replaced).toEqual(['customInterests']);
    expect(mergeFields(base, mine, theirs, false).customInterests).toBe('open banking');
  });
});
