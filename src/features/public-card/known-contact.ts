// Whether the member looking at a card has its owner among their contacts already (newcomer review
// M10), from this phone's copy of their contacts: the page then says so instead of offering a save.
import type { PublicCard } from '../../../contract/card';
import type { Contact } from '../../../contract/contacts';

/** The same card (by its key), or the same person (by the card's e-mail). Null without a local copy. */
export async function findKnownContact(card: PublicCard, userId: string): Promise<Contact | null> {
  const { readContactsCache } = await import('../../db/contacts-cache');
  const cache = await readContactsCache(userId).catch(() => null);
  const email = card.email.trim().toLowerCase();
  return (
    cache?.contacts.find(
      (contact) =>
        (contact.nfcUID !== null && contact.nfcUID === card.nfcUID) ||
        (email !== '' && contact.email.trim().toLowerCase() === email),
    ) ?? null
  );
}
