// What the member does to a contact from its card: flag, delete, send my card (spec §4 Contacts page).
// A flag changed offline waits and is sent when the app is back online (src/app/outbox-sync.ts, on any
// screen); delete and send card are refused out loud while offline. A confirmed change is written into the contacts cache.
import { useState } from 'react';
import type { Contact } from '../../../contract/contacts';
import type { Account } from '../../../contract/user';
import { sendMyCard } from '../../api/contacts';
import { AccountResource } from '../../api/user';
import { removeContact, toggleFlag as toggleContactFlag } from '../../sync/contact-writes';
import { hasPendingFlag, queueFlag } from '../../sync/pending-flags';
import { loadResourceValue } from '../../sync/use-cached-resource';
import { applyContactChange } from '../../sync/use-contacts';
import { showToast } from '../../ui/toast-store';
import { useAction } from '../../ui/use-action';
import { ContactMessages, isNetworkFailure, OfflineMessages, sendCardFailureMessage } from './messages';
import { sendQueuedFlags } from './queued-flags';

/**
 * A card can be sent once it carries a name and an e-mail (spec §4). No NFC card is needed: the mail
 * carries the member's card link (issue 26).
 */
function canSendCard(account: Account): boolean {
  const card = account.businessCard;
  return Boolean(card?.name.trim() && card.email.trim());
}

export function useContactActions(account: Account | null) {
  const flagging = useAction(toggleContactFlag);
  const sending = useAction(async (contact: Contact) => {
    const current = account ?? (await loadResourceValue(AccountResource));
    if (!canSendCard(current)) return null;
    const sent = await sendMyCard(contact._id);
    // Only the field the send changed: the contact on screen may be older than the cached one.
    await applyContactChange({ type: 'patch', contactId: contact._id, fields: { contactDetailsSent: true } });
    return sent;
  });
  const deleting = useAction(removeContact);
  const [toDelete, setToDelete] = useState<Contact | null>(null);
  const [isCompleteCardOpen, setIsCompleteCardOpen] = useState(false);

  /** Keeps the change to send later; the member hears that it waits only once it is stored. */
  async function queueFlagChange(contact: Contact, isOffline: boolean) {
    try {
      await queueFlag(contact, !contact.isFlagged);
    } catch (error) {
      console.warn('Pending flags: queue failed', error);
      showToast('error', ContactMessages.flagFailed);
      return;
    }
    if (isOffline) showToast('info', OfflineMessages.flag);
    else void sendQueuedFlags();
  }

  /** `contact` as shown, with any flag change still waiting to be sent. */
  async function toggleFlag(contact: Contact) {
    const isQueued = await hasPendingFlag(contact._id).catch(() => false);
    if (!navigator.onLine || isQueued) return queueFlagChange(contact, !navigator.onLine);
    const outcome = await flagging.run(contact);
    if (outcome.ok) return;
    if (isNetworkFailure(outcome.error)) await queueFlagChange(contact, true);
    else showToast('error', ContactMessages.flagFailed);
  }

  async function confirmDelete() {
    if (!toDelete) return;
    if (!navigator.onLine) {
      setToDelete(null);
      showToast('error', OfflineMessages.delete);
      return;
    }
    const outcome = await deleting.run(toDelete._id);
    if (outcome.ok) {
      // Spec §4: deleting a contact reloads the page afterwards.
      window.location.reload();
      return;
    }
    setToDelete(null);
    showToast(
      'error',
      isNetworkFailure(outcome.error) ? OfflineMessages.delete : ContactMessages.deleteFailed,
    );
  }

  async function sendCard(contact: Contact) {
    if (!navigator.onLine) {
      showToast('error', OfflineMessages.sendCard);
      return;
    }
    const outcome = await sending.run(contact);
    if (!outcome.ok) {
      showToast('error', sendCardFailureMessage(outcome.error));
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
    flaggingId: flagging.runningWith?._id ?? null,
    sendingId: sending.runningWith?._id ?? null,
    toDelete,
    isDeleting: deleting.isBusy,
    isCompleteCardOpen,
    toggleFlag,
    sendCard,
    askDelete: setToDelete,
    cancelDelete: () => setToDelete(null),
    confirmDelete,
    closeCompleteCard: () => setIsCompleteCardOpen(false),
  };
}
