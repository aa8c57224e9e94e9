// One contact's business card in the carousel: who they are, how to reach them, when and where we met, the flag,
// and in edit mode Send Card, Delete and hiding Send Card.

import type { ReactNode } from 'react';
import type { Contact } from '../../../contract/contacts';
import { CardLinks } from '../../ui/card-links';
import { ContactAvatar } from '../../ui/contact-avatar';
import { formatDate } from '../../ui/format';
import { Icon } from '../../ui/icon';
import styles from './contacts.module.css';

/** How a person who shared their details with the member came to the member's card. */
const SHARED_HOW: Record<NonNullable<Contact['sharedWithYou']>['source'], string> = {
  nfc: 'tapped your card',
  qr: 'scanned your QR code',
  link: 'opened your card link',
  other: 'opened your card',
};

function metOn(connectedAt: string): string | null {
  const time = Date.parse(connectedAt);
  return Number.isNaN(time) ? null : `Met on ${formatDate(time)}`;
}

interface ContactCardProps {
  contact: Contact;
  isEditing: boolean;
  isSendCardHidden: boolean;
  isFlagBusy: boolean;
  /** Changed offline, waiting to be sent. */
  isFlagPending: boolean;
  isSending: boolean;
  onToggleFlag: () => void;
  onSendCard: () => void;
  onDelete: () => void;
  onToggleSendCardHidden: () => void;
  /** More about the contact, under where you met (their event). */
  children?: ReactNode;
}

export function ContactCard({
  contact,
  isEditing,
  isSendCardHidden,
  isFlagBusy,
  isFlagPending,
  isSending,
  onToggleFlag,
  onSendCard,
  onDelete,
  onToggleSendCardHidden,
  children,
}: ContactCardProps) {
  const headline = [contact.role, contact.company].filter(Boolean).join(' · ');
  const met = metOn(contact.connectedAt);

  return (
    <article className={styles.card} aria-labelledby={`contact-name-${contact._id}`}>
      <div className={styles.cardTop}>
        <ContactAvatar person={contact} size="contactCard" className={styles.avatar} />
        <button
          type="button"
          className={styles.flag}
          aria-pressed={contact.isFlagged}
          aria-label={contact.isFlagged ? `Unflag ${contact.name}` : `Flag ${contact.name}`}
          aria-describedby={isFlagPending ? `flag-pending-${contact._id}` : undefined}
          aria-busy={isFlagBusy}
          // Not `disabled`: a focused button that becomes disabled drops keyboard focus to the page.
          aria-disabled={isFlagBusy}
          onClick={() => !isFlagBusy && onToggleFlag()}
        >
          <Icon name="flag" />
          <span className={styles.flagText}>{contact.isFlagged ? 'Flagged' : 'Flag'}</span>
          {isFlagPending && (
            <span id={`flag-pending-${contact._id}`} className={styles.flagPending}>
              Waiting for connection
            </span>
          )}
        </button>
      </div>
      <div className={styles.identity}>
        {contact.pronouns && <p className={styles.pronouns}>{contact.pronouns}</p>}
        <h2 id={`contact-name-${contact._id}`} className={styles.cardName}>
          {contact.name}
        </h2>
        {headline && <p className={styles.headline}>{headline}</p>}
      </div>
      {isEditing && (
        <div className={styles.editActions}>
          {!isSendCardHidden && (
            <button
              type="button"
              className={`${styles.editButton} ${styles.sendButton}`}
              aria-busy={isSending}
              aria-disabled={isSending}
              onClick={() => !isSending && onSendCard()}
            >
              <Icon name="send" size={18} />
              {isSending ? 'Sending…' : 'Send Card'}
            </button>
          )}
          <button
            type="button"
            className={styles.editButton}
            aria-label={
              isSendCardHidden ? `Show Send Card for ${contact.name}` : `Hide Send Card for ${contact.name}`
            }
            onClick={onToggleSendCardHidden}
          >
            <Icon name={isSendCardHidden ? 'eye' : 'eyeOff'} size={18} />
            {isSendCardHidden ? 'Show Send Card' : 'Hide Send Card'}
          </button>
          <button type="button" className={`${styles.editButton} ${styles.deleteButton}`} onClick={onDelete}>
            <Icon name="trash" size={18} />
            Delete
          </button>
        </div>
      )}
      <CardLinks card={contact} label={`Reach ${contact.name}`} />
      {contact.whereMet && <p className={styles.met}>Met {contact.whereMet}</p>}
      {contact.sharedWithYou && (
        <p className={styles.met}>
          They shared their details after they {SHARED_HOW[contact.sharedWithYou.source]}.
        </p>
      )}
      {children}
      <div className={styles.cardFooter}>
        {met && (
          <p className={styles.met}>
            <Icon name="calendar" size={16} />
            {met}
          </p>
        )}
        {contact.sharedWithYou && <span className={styles.sharedBadge}>Shared with you</span>}
        {contact.contactDetailsSent && <span className={styles.sentBadge}>Card sent</span>}
      </div>
    </article>
  );
}
