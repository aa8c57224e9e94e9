// A flag changed offline (spec §4 Contacts page): it waits in IndexedDB as the member chose it, for that
// member only, and is sent once the app is back online. fetch is stubbed: it is the boundary between the
// client and the server, and these tests are about what the client sends and keeps around it.
// IndexedDB is fake-indexeddb.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/db/tapnet-db';
import { StorageKeys } from '../../src/session/storage-keys';
import { hasPendingFlag, queueFlag, sendPendingFlags, withPendingFlags } from '../../src/sync/pending-flags';
import { jsonResponse, makeContact, makeToken, signInWithEmptyContactsCache } from './helpers';

const ada = makeContact('ada', { name: 'Ada Lovelace' });
const grace = makeContact('grace', { name: 'Grace Hopper' });

/**
 * The toggle endpoint as the server answers it, over flags it keeps per contact id. `beforeAnswer` runs
 * while a request is on its way, as a member's tap at that moment would.
 */
function flagServer(flags: Map<string, boolean>, beforeAnswer?: () => Promise<void>) {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const id = new URL(input.url).pathname.match(/^\/api\/contact\/([^/]+)\/toggle-flag$/)?.[1];
      sent.push(`${input.method} ${new URL(input.url).pathname}`);
      await beforeAnswer?.();
      const current = id === undefined ? undefined : flags.get(id);
      if (id === undefined || current === undefined) {
        return jsonResponse(404, { error: 'Contact not found', code: 'CONTACT_NOT_FOUND' });
      }
      flags.set(id, !current);
      return jsonResponse(200, { isFlagged: !current });
    }),
  );
  return sent;
}

function unreachableServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
}

function signInAs(userId: string) {
  localStorage.setItem(
    StorageKeys.token,
    makeToken({ sub: userId, role: 'user', exp: Math.floor(Date.now() / 1000) + 600 }),
  );
}

beforeEach(async () => {
  await signInWithEmptyContactsCache();
  await db.pendingFlags.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a flag changed offline', () => {
  it('shows as chosen while it waits, and choosing the stored state again drops it', async () => {
    await queueFlag(ada, true);
    expect(await hasPendingFlag('ada')).toBe(true);
    const shown = withPendingFlags([ada, grace], new Map([['ada', true]]));
    expect(shown.map((contact) => contact.isFlagged)).toEqual([true, false]);

    await queueFlag({ ...ada, isFlagged: true }, false);
    expect(await hasPendingFlag('ada')).toBe(false);
  });

  it('survives a reload: a new start of the app finds it and sends it', async () => {
    await queueFlag(ada, true);

    vi.resetModules();
    const reloaded = await import('../../src/sync/pending-flags');
    expect(await reloaded.hasPendingFlag('ada')).toBe(true);
    const flags = new Map([['ada', false]]);
    flagServer(flags);
    expect(await reloaded.sendPendingFlags()).toEqual({ isWaiting: false, refused: 0 });
    expect(flags.get('ada')).toBe(true);
    expect(await reloaded.hasPendingFlag('ada')).toBe(false);
  });

  it('sends only the latest choice, once, however often it was changed', async () => {
    const flags = new Map([['ada', false]]);
    const sent = flagServer(flags);
    await queueFlag(ada, true);
    await queueFlag({ ...ada, isFlagged: true }, false);
    await queueFlag(ada, true);

    expect(await sendPendingFlags()).toEqual({ isWaiting: false, refused: 0 });
    expect(sent).toEqual(['PATCH /api/contact/ada/toggle-flag']);
    expect(flags.get('ada')).toBe(true);
    expect(await sendPendingFlags()).toEqual({ isWaiting: false, refused: 0 });
    expect(sent).toHaveLength(1);
  });

  it('ends as the member chose last when they change it back while it is being sent', async () => {
    const flags = new Map([['ada', false]]);
    let hasTapped = false;
    const sent = flagServer(flags, async () => {
      if (hasTapped) return;
      hasTapped = true;
      // The card shows Ada flagged (pending); the member taps again.
      await queueFlag({ ...ada, isFlagged: true }, false);
    });
    await queueFlag(ada, true);

    expect(await sendPendingFlags()).toEqual({ isWaiting: false, refused: 0 });
    expect(sent).toHaveLength(2);
    expect(flags.get('ada')).toBe(false);
    expect(await hasPendingFlag('ada')).toBe(false);
  });

  it('is sent once back online, one request per contact, and then no longer waits', async () => {
    const flags = new Map([
      ['ada', false],
      ['grace', false],
    ]);
    const sent = flagServer(flags);
    await queueFlag(ada, true);
    await queueFlag(grace, true);

    expect(await sendPendingFlags()).toEqual({ isWaiting: false, refused: 0 });
    expect(sent).toEqual(['PATCH /api/contact/ada/toggle-flag', 'PATCH /api/contact/grace/toggle-flag']);
    expect(flags).toEqual(
      new Map([
        ['ada', true],
        ['grace', true],
      ]),
    );
    expect((await hasPendingFlag('ada')) || (await hasPendingFlag('grace'))).toBe(false);
  });

  it('ends as chosen when another device flagged it meanwhile (the server toggles)', async () => {
    const flags = new Map([['ada', true]]);
    const sent = flagServer(flags);
    await queueFlag(ada, true);

    await sendPendingFlags();
    expect(sent).toHaveLength(2);
    expect(flags.get('ada')).toBe(true);
  });

  it('keeps waiting, stored, while the server cannot be reached or is in trouble', async () => {
    unreachableServer();
    await queueFlag(ada, true);

    expect(await sendPendingFlags()).toEqual({ isWaiting: true, refused: 0 });
    expect(await hasPendingFlag('ada')).toBe(true);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(503, { error: 'Service unavailable', code: 'INTERNAL_ERROR' })),
    );
    expect(await sendPendingFlags()).toEqual({ isWaiting: true, refused: 0 });
    expect(await hasPendingFlag('ada')).toBe(true);

    const flags = new Map([['ada', false]]);
    flagServer(flags);
    expect(await sendPendingFlags()).toEqual({ isWaiting: false, refused: 0 });
    expect(flags.get('ada')).toBe(true);
    expect(await hasPendingFlag('ada')).toBe(false);
  });

  it('is dropped and counted when the server refuses it (the contact was deleted elsewhere)', async () => {
    flagServer(new Map([['grace', false]]));
    await queueFlag(ada, true);
    await queueFlag(grace, true);

    expect(await sendPendingFlags()).toEqual({ isWaiting: false, refused: 1 });
    expect(await hasPendingFlag('ada')).toBe(false);
    expect(await hasPendingFlag('grace')).toBe(false);
  });
});

describe('flags waiting on a shared device', () => {
  it("are the member's own: another member signed in neither sees nor sends them", async () => {
    await queueFlag(ada, true);

    signInAs('user-2');
    const sent = flagServer(new Map([['ada', false]]));
    expect(await hasPendingFlag('ada')).toBe(false);
    expect(await sendPendingFlags()).toEqual({ isWaiting: false, refused: 0 });
    expect(sent).toEqual([]);

    signInAs('user-1');
    expect(await hasPendingFlag('ada')).toBe(true);
    expect(await sendPendingFlags()).toEqual({ isWaiting: false, refused: 0 });
    expect(sent).toEqual(['PATCH /api/contact/ada/toggle-flag']);
  });

  it("are not sent with the next member's token when they sign in while a round runs", async () => {
    const flags = new Map([
      ['ada', false],
      ['grace', false],
    ]);
    const sent = flagServer(flags, async () => signInAs('user-2'));
    await queueFlag(ada, true);
    await queueFlag(grace, true);

    expect(await sendPendingFlags()).toEqual({ isWaiting: true, refused: 0 });
    expect(sent).toEqual(['PATCH /api/contact/ada/toggle-flag']);
    signInAs('user-1');
    expect(await hasPendingFlag('grace')).toBe(true);
  });
});
