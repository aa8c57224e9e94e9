// What the member does to a contact from its card: flag, delete, send my card (spec §4 Contacts page).
// A flag changed offline waits and is sent when the app is back online; delete and send card are refused
// out loud while offline. A confirmed change is written into the contacts cache.
import { useEffect, useState } from 'react';
import type { Contact } from '../../../contract/contacts';
import type { Account } from '../../../contract/user';
import { sendMyCard } from '../../api/contacts';
import { AccountResource } from '../../api/user';
import { removeContact, toggleFlag as toggleContactFlag } from '../../sync/contact-writes';
import { hasPendingFlag, queueFlag, sendPendingFlags } from '../../sync/pending-flags';
import { loadResourceValue } from '../../sync/use-cached-resource';
import { applyContactChange } from '../../sync/use-contacts';
import { showToast } from '../../ui/toast-store';
import { useAction } from '../../ui/use-action';
import { ContactMessages, isNetworkFailure, OfflineMessages, sendCardFailureMessage } from './messages';

/** Spec §4: a card can be sent only when it is linked and carries a name and an e-mail. */
function canSendCard(account: Account): boolean {
  const card = account.businessCard;
  return Boolean(account.nfcUID && card?.name.trim() && card.email.trim());
}

export function useContactActions(account: Account | null) {
  const flagging = useAction(toggleContactFlag);
  const sending = useAction(async (contact: Contact) => {
    const current = account ?? (await loadResourceValue(AccountResource));
    if (!canSendCard(current)) return null;
    const sent = await sendMyCard(contact._id);
    await applyContactChange({ type: 'upsert', contact: { ...contact, contactDetailsSent: true } });
    return sent;
  });
  const deleting = useAction(removeContact);
  const [toDelete, setToDelete] = useState<Contact | null>(null);
  const [isCompleteCardOpen, setIsCompleteCardOpen] = useState(false);

  useEffect(() => {
    async function sendQueuedFlags() {
      const { refused } = await sendPendingFlags();
      if (refused > 0) showToast('error', ContactMessages.flagFailed);
    }
    if (navigator.onLine) void sendQueuedFlags();
    window.addEventListener('online', sendQueuedFlags);
    return () => window.removeEventListener('online', sendQueuedFlags);
  }, []);

  /** `contact` as shown, with any flag change still waiting to be sent. */
  async function toggleFlag(contact: Contact) {
    const isQueued = hasPendingFlag(contact._id);
    if (!navigator.onLine || isQueued) {
      queueFlag(contact, !contact.isFlagged);
      if (!navigator.onLine) showToast('info', OfflineMessages.flag);
      else void sendPendingFlags();
      return;
    }
    const outcome = await flagging.run(contact);
    if (outcome.ok) return;
    if (isNetworkFailure(outcome.error)) {
      queueFlag(contact, !contact.isFlagged);
      showToast('info', OfflineMessages.flag);
    } else {
      showToast('error', ContactMessages.flagFailed);
    }
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
