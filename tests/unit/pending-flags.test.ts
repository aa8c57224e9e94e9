// A flag changed offline (spec §4 Contacts page): it waits as the member chose it and is sent once the
// app is back online. fetch is stubbed: it is the boundary between the client and the server, and these
// tests are about what the client sends and keeps around it. IndexedDB is fake-indexeddb.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasPendingFlag, queueFlag, sendPendingFlags, withPendingFlags } from '../../src/sync/pending-flags';
import { jsonResponse, makeContact, signInWithEmptyContactsCache } from './helpers';

const ada = makeContact('ada', { name: 'Ada Lovelace' });
const grace = makeContact('grace', { name: 'Grace Hopper' });

/** The toggle endpoint as the server answers it, over flags it keeps per contact id. */
function flagServer(flags: Map<string, boolean>) {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const id = new URL(input.url).pathname.match(/^\/api\/contact\/([^/]+)\/toggle-flag$/)?.[1];
      sent.push(`${input.method} ${new URL(input.url).pathname}`);
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

beforeEach(async () => {
  await signInWithEmptyContactsCache();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a flag changed offline', () => {
  it('shows as chosen while it waits, and choosing the stored state again drops it', () => {
    queueFlag(ada, true);
    expect(hasPendingFlag('ada')).toBe(true);
    const shown = withPendingFlags([ada, grace], new Map([['ada', true]]));
    expect(shown.map((contact) => contact.isFlagged)).toEqual([true, false]);

    queueFlag({ ...ada, isFlagged: true }, false);
    expect(hasPendingFlag('ada')).toBe(false);
  });

  it('is sent once back online, one request per contact, and then no longer waits', async () => {
    const flags = new Map([
      ['ada', false],
      ['grace', false],
    ]);
    const sent = flagServer(flags);
    queueFlag(ada, true);
    queueFlag(grace, true);

    expect(await sendPendingFlags()).toEqual({ isOffline: false, refused: 0 });
    expect(sent).toEqual(['PATCH /api/contact/ada/toggle-flag', 'PATCH /api/contact/grace/toggle-flag']);
    expect(flags).toEqual(
      new Map([
        ['ada', true],
        ['grace', true],
      ]),
    );
    expect(hasPendingFlag('ada') || hasPendingFlag('grace')).toBe(false);
  });

  it('ends as chosen when another device flagged it meanwhile (the server toggles)', async () => {
    const flags = new Map([['ada', true]]);
    const sent = flagServer(flags);
    queueFlag(ada, true);

    await sendPendingFlags();
    expect(sent).toHaveLength(2);
    expect(flags.get('ada')).toBe(true);
  });

  it('keeps waiting while the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    queueFlag(ada, true);

    expect(await sendPendingFlags()).toEqual({ isOffline: true, refused: 0 });
    expect(hasPendingFlag('ada')).toBe(true);

    const flags = new Map([['ada', false]]);
    flagServer(flags);
    expect(await sendPendingFlags()).toEqual({ isOffline: false, refused: 0 });
    expect(flags.get('ada')).toBe(true);
    expect(hasPendingFlag('ada')).toBe(false);
  });

  it('is dropped and counted when the server refuses it (the contact was deleted elsewhere)', async () => {
    flagServer(new Map());
    queueFlag(ada, true);

    expect(await sendPendingFlags()).toEqual({ isOffline: false, refused: 1 });
    expect(hasPendingFlag('ada')).toBe(false);
  });
});
