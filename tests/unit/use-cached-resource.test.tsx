// useCachedResource as a screen sees it: loading, then the value; the spec's load error (with a retry)
// only when there is no copy at all; offline, the last copy. The server is a stubbed fetch answering
// the real account endpoint through the app's API client, ETag and 304 included.
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '../../contract/user';
import { InvitationsResource } from '../../src/api/invitations';
import { AccountResource } from '../../src/api/user';
import { db } from '../../src/db/tapnet-db';
import { useSessionStore } from '../../src/session/session-store';
import { StorageKeys } from '../../src/session/storage-keys';
import { type ResourceState, useCachedResource } from '../../src/sync/use-cached-resource';
import { jsonResponse, tokenExpiringIn } from './helpers';

const ada: Account = {
  _id: 'user-1',
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  joined: '2026-11-01T10:00:00.000Z',
  nfcUID: null,
  businessCard: null,
};

const renders: ResourceState<Account>[] = [];
let retry: () => void = () => {};
let root: Root | undefined;

function AccountProbe() {
  const state = useCachedResource(AccountResource);
  renders.push(state);
  retry = state.retry;
  return null;
}

const invitationStates: string[] = [];

function InvitationsProbe() {
  invitationStates.push(useCachedResource(InvitationsResource).status);
  return null;
}

function render() {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  root.render(<AccountProbe />);
}

const lastStatus = () => renders.at(-1)?.status;

/** What the hook returns once it shows `value`, with the commands of the latest render. */
function readyWith(value: Account) {
  return {
    status: 'ready',
    value,
    fetchedAt: expect.any(Number),
    retry,
    refresh: expect.any(Function),
    isRevalidating: false,
  };
}

beforeEach(async () => {
  renders.length = 0;
  localStorage.clear();
  localStorage.setItem(StorageKeys.token, tokenExpiringIn(600));
  useSessionStore.getState().signIn();
  await db.cachedResources.clear();
});

afterEach(() => {
  root?.unmount();
  vi.unstubAllGlobals();
});

describe('useCachedResource', () => {
  it('shows loading, then the account the server sent', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse(200, ada));

    render();

    await vi.waitFor(() => expect(renders.at(-1)).toEqual(readyWith(ada)));
    expect(renders[0]?.status).toBe('loading');
  });

  it('sends the stored ETag and keeps the copy on a 304', async () => {
    const sent: (string | null)[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      sent.push(request.headers.get('If-None-Match'));
      if (request.headers.get('If-None-Match') === '"a1"') return new Response(null, { status: 304 });
      return new Response(JSON.stringify(ada), {
        status: 200,
        headers: { 'content-type': 'application/json', ETag: '"a1"' },
      });
    });
    render();
    await vi.waitFor(() => expect(lastStatus()).toBe('ready'));
    root?.unmount();
    renders.length = 0;

    render();

    await vi.waitFor(() => expect(sent).toEqual([null, '"a1"']));
    await vi.waitFor(() => expect(renders.at(-1)).toEqual(readyWith(ada)));
  });

  it('offline, shows the last copy instead of an error', async () => {
    await db.cachedResources.put({
      ownerUserId: 'user-1',
      name: AccountResource.name,
      value: ada,
      fetchedAt: Date.now() - 86_400_000,
      etag: null,
    });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });

    render();

    await vi.waitFor(() => expect(renders.at(-1)).toEqual(readyWith(ada)));
    expect(renders.some((state) => state.status === 'failed')).toBe(false);
  });

  it('offline, shows the invitations from their last copy, however old (answers made there wait in the queue)', async () => {
    await db.cachedResources.put({
      ownerUserId: 'user-1',
      name: InvitationsResource.name,
      value: [],
      fetchedAt: Date.now() - 86_400_000,
      etag: null,
    });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);

    root.render(<InvitationsProbe />);

    await vi.waitFor(() => expect(invitationStates.at(-1)).toBe('ready'));
    expect(invitationStates).not.toContain('failed');
  });

  it('fails when there is no copy, and a retry loads it', async () => {
    let isOnline = false;
    vi.stubGlobal('fetch', async () => {
      if (!isOnline) throw new TypeError('Failed to fetch');
      return jsonResponse(200, ada);
    });
    render();
    await vi.waitFor(() => expect(lastStatus()).toBe('failed'));

    isOnline = true;
    retry();

    await vi.waitFor(() => expect(renders.at(-1)).toEqual(readyWith(ada)));
  });
});
