// The contacts list's finder while the screen opens (issue 27, 5,000 contacts as fast as 10): the first
// screenful is listed at once; a search, filter or order asked before the whole list is read waits for
// it, and is answered from the whole list when it arrives, nothing typed lost.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { Contact } from '../../contract/contacts';
import { type ContactFinder, useContactFinder } from '../../src/features/contacts/use-contact-finder';
import { makeContact } from './helpers';
import { pageRoot } from './page-root';

const network = Array.from({ length: 40 }, (_, index) =>
  makeContact(`person-${index + 1}`, {
    name: `Person ${index + 1}`,
    company: index === 35 ? 'Zürich Insurance' : 'Analytical Engines',
    connectedAt: new Date(Date.parse('2026-11-20T09:00:00Z') - index * 60_000).toISOString(),
  }),
);
const firstScreenful = network.slice(0, 30);

const page = pageRoot();
let finder: ContactFinder | undefined;

function FinderProbe({ contacts, isComplete }: { contacts: Contact[]; isComplete: boolean }) {
  finder = useContactFinder(contacts, isComplete);
  return null;
}

async function render(contacts: Contact[], isComplete: boolean): Promise<void> {
  await page.drawAsync(<FinderProbe contacts={contacts} isComplete={isComplete} />);
}

const ids = (contacts: readonly Contact[] | undefined) => contacts?.map((contact) => contact._id);

describe('the contacts finder while the whole list is read', () => {
  it('lists the first screenful as it is, with no filter choices yet', async () => {
    await render(firstScreenful, false);

    expect(ids(finder?.shown)).toEqual(ids(firstScreenful));
    expect(finder?.isWaiting).toBe(false);
    expect(finder?.places).toEqual([]);
  });

  it('keeps a search typed meanwhile, waits, and answers it from the whole list', async () => {
    await render(firstScreenful, false);

    await act(async () => finder?.setQuery('zur'));
    expect(finder?.query).toBe('zur');
    expect(finder?.isWaiting).toBe(true);
    expect(finder?.shown).toEqual([]);

    await render(network, true);
    expect(finder?.isWaiting).toBe(false);
    expect(ids(finder?.shown)).toEqual(['person-36']);
  });

  it('waits for the whole list before another order or a filter', async () => {
    await render(firstScreenful, false);

    await act(async () => finder?.setSortMode('name'));
    expect(finder?.isWaiting).toBe(true);

    await render(network, true);
    expect(finder?.shown).toHaveLength(40);
    expect(finder?.shown[0]?.name).toBe('Person 1');
    expect(finder?.shown[1]?.name).toBe('Person 2');
  });

  it('searches again from everyone when a letter is taken back', async () => {
    await render(network, true);

    await act(async () => finder?.setQuery('zuri'));
    expect(ids(finder?.shown)).toEqual(['person-36']);
    await act(async () => finder?.setQuery('p'));
    expect(finder?.shown).toHaveLength(40);
  });

  it('keeps the same words and list when a keystroke leaves the words as they were', async () => {
    await render(network, true);

    await act(async () => finder?.setQuery('zur'));
    const { words, shown } = finder as ContactFinder;
    await act(async () => finder?.setQuery('zur, '));
    expect(finder?.words).toBe(words);
    expect(finder?.shown).toBe(shown);
    await act(async () => finder?.setQuery('zur i'));
    expect(finder?.words).toEqual(['zur', 'i']);
    expect(ids(finder?.shown)).toEqual(['person-36']);
  });
});
