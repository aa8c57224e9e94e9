// useContacts as a screen sees it (spec §4 Contacts page, Loading): the signed-in member's cached
// contacts, newest first and live, re-rendering only when the contacts really changed.
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Contact } from '../../contract/contacts';
import { storeContactList } from '../../src/db/contacts-cache';
import { useSessionStore } from '../../src/session/session-store';
import { cancelRevalidation } from '../../src/sync/contacts-revalidation';
import { applyContactChange, useContacts } from '../../src/sync/use-contacts';
import { makeContact, signInWithEmptyContactsCache } from './helpers';

const owner = 'user-1';
const ada = makeContact('ada', { name: 'Ada Lovelace' });
const grace = makeContact('grace', { name: 'Grace Hopper' });

const renders: (Contact[] | undefined)[] = [];
let root: Root | undefined;

function ContactsProbe() {
  renders.push(useContacts());
  return null;
}

async function renderProbe(): Promise<void> {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  root.render(<ContactsProbe />);
  await vi.waitFor(() => expect(renders.length).toBeGreaterThan(0));
}

/** What another tab (or the poll leader) writes. */
function store(contacts: Contact[], etag: string) {
  return storeContactList(owner, contacts, etag, { isOwnerCurrent: () => true });
}

beforeEach(async () => {
  renders.length = 0;
  await signInWithEmptyContactsCache();
  useSessionStore.getState().signIn();
  // The revalidation a page load schedules finds the list unchanged.
  vi.stubGlobal('fetch', async () => new Response(null, { status: 304 }));
});

afterEach(async () => {
  root?.unmount();
  cancelRevalidation(owner);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useContacts', () => {
  it('shows the cached list newest first', async () => {
    await storeContactList(owner, [grace, ada], '"v1"', { isOwnerCurrent: () => true });

    await renderProbe();

    await vi.waitFor(() => expect(renders.at(-1)).toEqual([grace, ada]));
  });

  it('is undefined while nothing is known, then follows what another tab stores', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await renderProbe();
    expect(renders.at(-1)).toBeUndefined();

    await store([ada], '"v1"');

    await vi.waitFor(() => expect(renders.at(-1)).toEqual([ada]));
  });

  it('does not re-render when a refresh brings the same contacts', async () => {
    await storeContactList(owner, [ada], '"v1"', { isOwnerCurrent: () => true });
    await renderProbe();
    await vi.waitFor(() => expect(renders.at(-1)).toEqual([ada]));
    const rendersBefore = renders.length;

    await store([ada], '"v2"');
    await store([grace, ada], '"v3"');

    await vi.waitFor(() => expect(renders.at(-1)).toEqual([grace, ada]));
    expect(renders.slice(rendersBefore)).toEqual([[grace, ada]]);
  });

  it('shows a change the server confirmed', async () => {
    await storeContactList(owner, [ada], '"v1"', { isOwnerCurrent: () => true });
    await renderProbe();
    await vi.waitFor(() => expect(renders.at(-1)).toEqual([ada]));

    await applyContactChange({ type: 'upsert', contact: { ...ada, isFlagged: true } });

    await vi.waitFor(() => expect(renders.at(-1)).toEqual([{ ...ada, isFlagged: true }]));
  });

  it('is undefined when nobody is signed in', async () => {
    await storeContactList(owner, [ada], '"v1"', { isOwnerCurrent: () => true });
    useSessionStore.getState().signOut();

    await renderProbe();

    expect(renders.at(-1)).toBeUndefined();
  });
});
