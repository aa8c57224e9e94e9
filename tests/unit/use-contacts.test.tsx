// useContacts as a screen sees it (spec §4 Contacts page, Loading): the signed-in member's cached
// contacts, newest first and live, re-rendering only when the contacts really changed.
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Contact } from '../../contract/contacts';
import { storeContactList } from '../../src/db/contacts-cache';
import { db } from '../../src/db/tapnet-db';
import { useSessionStore } from '../../src/session/session-store';
import { cancelRevalidation } from '../../src/sync/contacts-revalidation';
import {
  applyContactChange,
  type ContactList,
  useContactList,
  useContacts,
} from '../../src/sync/use-contacts';
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

const seen: { ids: string[] | undefined; count: number | undefined; isComplete: boolean }[] = [];
const network = Array.from({ length: 40 }, (_, index) =>
  makeContact(`person-${index + 1}`, {
    connectedAt: new Date(Date.parse('2026-11-20T09:00:00Z') - index * 60_000).toISOString(),
  }),
);

function ListProbe() {
  const list: ContactList = useContactList();
  seen.push({
    ids: list.contacts?.map((contact) => contact._id),
    count: list.count,
    isComplete: list.isComplete,
  });
  return null;
}

async function renderListProbe(): Promise<void> {
  seen.length = 0;
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  root.render(<ListProbe />);
  await vi.waitFor(() => expect(seen.at(-1)?.isComplete).toBe(true));
}

describe('useContactList', () => {
  it('shows the first screenful with the whole count first, then the whole list once that is on screen', async () => {
    await store(network, '"v1"');

    await renderListProbe();

    const firstShown = seen.find((state) => state.ids !== undefined);
    expect(firstShown).toEqual({
      ids: network.slice(0, 30).map((contact) => contact._id),
      count: 40,
      isComplete: false,
    });
    expect(seen.at(-1)).toEqual({ ids: network.map((contact) => contact._id), count: 40, isComplete: true });
  });

  it('shows the whole list of a cache stored before first screenfuls were kept', async () => {
    await store([grace, ada], '"v1"');
    await db.contactSets.update(owner, { firstScreenful: undefined, count: undefined });

    await renderListProbe();

    expect(seen.at(-1)).toEqual({ ids: ['grace', 'ada'], count: 2, isComplete: true });
  });
});
