// What the member does to a contact from its card: flag, delete, send my card (spec §4 Contacts page).
// Each is refused out loud while offline; a confirmed change is written into the contacts cache.
import { useState } from 'react';
import type { Contact } from '../../../contract/contacts';
import type { Account } from '../../../contract/user';
import { sendMyCard } from '../../api/contacts';
import { fetchAccount } from '../../api/user';
import { removeContact, toggleFlag as toggleContactFlag } from '../../sync/contact-writes';
import { applyContactChange } from '../../sync/use-contacts';
import { showToast } from '../../ui/toast-store';
import { ContactMessages, isNetworkFailure, OfflineMessages, sendCardFailureMessage } from './messages';

/** Spec §4: a card can be sent only when it is linked and carries a name and an e-mail. */
function canSendCard(account: Account): boolean {
  const card = account.businessCard;
  return Boolean(account.nfcUID && card?.name.trim() && card.email.trim());
}

export function useContactActions(account: Account | null) {
  const [flaggingId, setFlaggingId] = useState<string | null>(null);
  const [sendingId, setSendingId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Contact | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const [isCompleteCardOpen, setIsCompleteCardOpen] = useState(false);

  async function toggleFlag(contact: Contact) {
    if (!navigator.onLine) {
      showToast('error', OfflineMessages.flag);
      return;
    }
    setFlaggingId(contact._id);
    try {
      await toggleContactFlag(contact);
    } catch (error) {
      showToast('error', isNetworkFailure(error) ? OfflineMessages.flag : ContactMessages.flagFailed);
    } finally {
      setFlaggingId(null);
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    if (!navigator.onLine) {
      setToDelete(null);
      showToast('error', OfflineMessages.delete);
      return;
    }
    setIsDeleting(true);
    try {
      await removeContact(toDelete._id);
      // Spec §4: deleting a contact reloads the page afterwards.
      window.location.reload();
    } catch (error) {
      setIsDeleting(false);
      setToDelete(null);
      showToast('error', isNetworkFailure(error) ? OfflineMessages.delete : ContactMessages.deleteFailed);
    }
  }

  async function sendCard(contact: Contact) {
    if (!navigator.onLine) {
      showToast('error', OfflineMessages.sendCard);
      return;
    }
    setSendingId(contact._id);
    try {
      const current = account ?? (await fetchAccount());
      if (!canSendCard(current)) {
        setIsCompleteCardOpen(true);
        return;
      }
      const { message, delivery } = await sendMyCard(contact._id);
      await applyContactChange({ type: 'upsert', contact: { ...contact, contactDetailsSent: true } });
      showToast(
        'success',
        delivery === 'in-app' ? message : `Your business card was sent to ${contact.name}.`,
      );
    } catch (error) {
      showToast('error', sendCardFailureMessage(error));
    } finally {
      setSendingId(null);
    }
  }

  return {
    flaggingId,
    sendingId,
    toDelete,
    isDeleting,
    isCompleteCardOpen,
    toggleFlag,
    sendCard,
    askDelete: setToDelete,
    cancelDelete: () => setToDelete(null),
    confirmDelete,
    closeCompleteCard: () => setIsCompleteCardOpen(false),
  };
}
