// The contacts list's count line (issue 27): a live region on the page from the start, so that a screen
// reader reads the count out when the list arrives (a region added with its text is often not read).
import { describe, expect, it } from 'vitest';
import type { Contact } from '../../contract/contacts';
import { ContactFinder } from '../../src/features/contacts/contact-finder';
import { useContactFinder } from '../../src/features/contacts/use-contact-finder';
import { makeContact } from './helpers';
import { pageRoot } from './page-root';

const network = Array.from({ length: 3 }, (_, index) =>
  makeContact(`person-${index + 1}`, { name: `Person ${index + 1}` }),
);

function Screen({ contacts }: { contacts: Contact[] | undefined }) {
  const finder = useContactFinder(contacts);
  return (
    <ContactFinder
      finder={finder}
      total={contacts?.length}
      selectedId={null}
      activeId={null}
      onActivate={() => undefined}
      onOpen={() => undefined}
      pendingIds={new Set()}
      hasAlphabetIndex={false}
      countNote={null}
      notices={null}
    />
  );
}

describe('the contacts count', () => {
  const page = pageRoot();

  it('says the list is loading, then how many contacts, in the same live region', async () => {
    const loading = (await page.drawAsync(<Screen contacts={undefined} />)).querySelector('[role="status"]');
    expect(loading?.textContent).toBe('Loading contacts…');

    const loaded = (await page.drawAsync(<Screen contacts={network} />)).querySelector('[role="status"]');
    expect(loaded).toBe(loading);
    expect(loaded?.textContent).toBe('3 contacts');
  });
});
