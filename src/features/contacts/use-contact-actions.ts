// What the member does to a contact from its card: flag, delete, send my card (spec §4 Contacts page).
// Flags and deletions go through the pending-writes queue (shown at once, sent when online, kept when
// not; a deletion sent reloads the page); a card is sent directly when online, to show the server's
// answer, and queued when offline.
import { useState } from 'react';
import type { Contact } from '../../../contract/contacts';
import type { Account } from '../../../contract/user';
import { sendMyCard } from '../../api/contacts';
import { AccountResource } from '../../api/user';
import { deleteContact, queueFlag, queueSendCard } from '../../sync/contact-writes';
import { newIdempotencyKey, type WriteOutcome } from '../../sync/queue';
import { loadResourceValue } from '../../sync/use-cached-resource';
import { applyContactChange } from '../../sync/use-contacts';
import { showToast } from '../../ui/toast-store';
import { useAction } from '../../ui/use-action';
import { ContactMessages, isNetworkFailure, OfflineMessages, sendCardFailureMessage } from './messages';

interface CardSend {
  contact: Contact;
  idempotencyKey: string;
}

/**
 * A card can be sent once it carries a name and an e-mail (spec §4). No NFC card is needed: the mail
 * carries the member's card link (issue 26).
 */
function canSendCard(account: Account): boolean {
  const card = account.businessCard;
  return Boolean(card?.name.trim() && card.email.trim());
}

export function useContactActions(account: Account | null) {
  const sending = useAction(async ({ contact, idempotencyKey }: CardSend) => {
    const current = account ?? (await loadResourceValue(AccountResource));
    if (!canSendCard(current)) return null;
    const sent = await sendMyCard(contact._id, idempotencyKey);
    // Only the field the send changed: the contact on screen may be older than the cached one.
    await applyContactChange({ type: 'patch', contactId: contact._id, fields: { contactDetailsSent: true } });
    return sent;
  });
  const [toDelete, setToDelete] = useState<Contact | null>(null);
  const [isCompleteCardOpen, setIsCompleteCardOpen] = useState(false);

  /** `contact` as shown, with any flag change still waiting to be sent. */
  async function toggleFlag(contact: Contact) {
    try {
      await queueFlag(contact, !contact.isFlagged);
    } catch (error) {
      console.warn('Pending writes: queue failed', error);
      showToast('error', ContactMessages.flagFailed);
      return;
    }
    if (!navigator.onLine) showToast('info', OfflineMessages.flag);
  }

  async function confirmDelete() {
    if (!toDelete) return;
    const contact = toDelete;
    setToDelete(null);
    let outcome: WriteOutcome;
    try {
      outcome = await deleteContact(contact);
    } catch (error) {
      console.warn('Pending writes: queue failed', error);
      showToast('error', ContactMessages.deleteFailed);
      return;
    }
    // Spec §4: deleting a contact reloads the page afterwards. A refusal is announced by the app.
    if (outcome === 'sent') window.location.reload();
    else if (outcome === 'waiting') showToast('info', OfflineMessages.delete);
  }

  async function queueCard(send: CardSend) {
    await queueSendCard(send.contact, send.idempotencyKey).then(
      () => showToast('info', OfflineMessages.sendCard),
      () => showToast('error', ContactMessages.sendCardFailed),
    );
  }

  async function sendCard(contact: Contact) {
    const current = account ?? (await loadResourceValue(AccountResource).catch(() => null));
    if (current && !canSendCard(current)) {
      setIsCompleteCardOpen(true);
      return;
    }
    // Made before the first try, so that a send queued after a lost answer is mailed once.
    const send = { contact, idempotencyKey: newIdempotencyKey() };
    if (!navigator.onLine) return queueCard(send);
    const outcome = await sending.run(send);
    if (!outcome.ok) {
      if (isNetworkFailure(outcome.error)) await queueCard(send);
      else showToast('error', sendCardFailureMessage(outcome.error));
    } else if (outcome.result === null) {
      setIsCompleteCardOpen(true);
    } else {
      const { message, delivery } = outcome.result;
      showToast(
        'success',
        delivery === 'in-app' ? message : `Your business card was sent to ${contact.name}.`,
      );
    }
  }

  return {
    sendingId: sending.runningWith?.contact._id ?? null,
    toDelete,
    isCompleteCardOpen,
    toggleFlag,
    sendCard,
    askDelete: setToDelete,
    cancelDelete: () => setToDelete(null),
    confirmDelete,
    closeCompleteCard: () => setIsCompleteCardOpen(false),
  };
}
