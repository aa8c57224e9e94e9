// "Send your card back?" (issue 26): once a member saves someone's card, /contacts offers to e-mail
// them the member's own card in one tap. The public card page names the saved card in the address.
import type { Contact } from '../../../contract/contacts';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import styles from './contacts.module.css';

/** Set by the public card page after a save (public-card-page.tsx): the saved card's key. */
export const SEND_BACK_PARAM = 'sendBack';

/** The contact just saved from that card, when there is an address to send to and nothing sent yet. */
export function contactToSendBackTo(contacts: Contact[] | undefined, cardKey: string | null): Contact | null {
  if (!contacts || !cardKey) return null;
  const contact = contacts.find((candidate) => candidate.nfcUID === cardKey);
  return contact?.email.trim() && !contact.contactDetailsSent ? contact : null;
}

export function SendBackPrompt({
  contact,
  isSending,
  onSend,
  onClose,
}: {
  contact: Contact;
  isSending: boolean;
  onSend: () => void;
  onClose: () => void;
}) {
  return (
    <Notice
      tone="info"
      title={`Send your card back to ${contact.name}?`}
      onClose={onClose}
      closeLabel="Not now"
    >
      <p>They get your card by e-mail, with your card link, so they can save you too.</p>
      <div className={styles.sendBackActions}>
        <Button isBusy={isSending} busyLabel="Sending..." onClick={onSend}>
          Send my card
        </Button>
      </div>
    </Notice>
  );
}
