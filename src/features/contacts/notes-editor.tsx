// A contact's notes (spec §4 Notes): kept 600 ms after the last keystroke, statuses Saving… / Saved /
// error. What is typed goes into the pending-writes queue on this device first (issue 24), so collapsing
// the panel, switching contact, reloading or losing the connection loses nothing: the text shows from
// the queue until the server has it, and another device's newer notes are never overwritten unseen.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { type Contact, NOTES_MAX_LENGTH } from '../../../contract/contacts';
import { queueNotes } from '../../sync/contact-writes';
import { usePendingContactChanges } from '../../sync/pending';
import styles from './contacts.module.css';
import { ContactMessages, OfflineMessages } from './messages';

/** Spec §9. */
export const NOTES_SAVE_DELAY_MS = 600;
export const NOTES_SAVED_BADGE_MS = 2_000;

type SaveStatus = 'idle' | 'typing' | 'waiting' | 'saved' | 'error';

/** `contact` is as the member sees it: its notes are the text waiting to be sent, if any. */
export function NotesEditor({ contact }: { contact: Contact }) {
  const contactId = contact._id;
  const textareaId = useId();
  const [text, setText] = useState(contact.notes);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [isOnline, setIsOnline] = useState(() => navigator.onLine);
  const isWaiting = usePendingContactChanges().get(contactId)?.notes !== undefined;
  const latestContact = useRef(contact);
  latestContact.current = contact;
  const unqueued = useRef<string | null>(null);
  const saveTimer = useRef<number | undefined>(undefined);

  /** Queues the text typed and not queued yet; the queue keeps it across reloads and sends it. */
  const keep = useCallback(async () => {
    window.clearTimeout(saveTimer.current);
    const notes = unqueued.current;
    if (notes === null) return;
    unqueued.current = null;
    const shown = latestContact.current;
    try {
      await queueNotes(shown, notes, shown.notes);
      setStatus((current) => (current === 'typing' ? 'waiting' : current));
    } catch (error) {
      console.warn('Pending writes: notes not kept', error);
      setStatus('error');
    }
  }, []);

  // Saving… while the text waits in the queue, Saved once the server has it.
  useEffect(() => {
    if (isWaiting) {
      setStatus((current) => (current === 'typing' ? current : 'waiting'));
      return;
    }
    setStatus((current) => (current === 'waiting' ? 'saved' : current));
  }, [isWaiting]);

  // Notes saved on another device arrive with the contact (newer ones win; a notice keeps the text typed
  // here): shown, unless the member is typing.
  useEffect(() => {
    if (!isWaiting && unqueued.current === null) setText(contact.notes);
  }, [contact.notes, isWaiting]);

  useEffect(() => {
    if (status !== 'saved') return;
    const timer = window.setTimeout(() => setStatus('idle'), NOTES_SAVED_BADGE_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  useEffect(() => {
    const onOnline = () => setIsOnline(true);
    const onOffline = () => setIsOnline(false);
    const keepWhenHidden = () => {
      if (document.visibilityState === 'hidden') void keep();
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    window.addEventListener('pagehide', keep);
    document.addEventListener('visibilitychange', keepWhenHidden);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('pagehide', keep);
      document.removeEventListener('visibilitychange', keepWhenHidden);
      // Switching contact or collapsing the panel: what was typed is kept now.
      void keep();
    };
  }, [keep]);

  function handleChange(value: string) {
    const notes = value.slice(0, NOTES_MAX_LENGTH);
    setText(notes);
    setStatus('typing');
    unqueued.current = notes;
    window.clearTimeout(saveTimer.current);
    saveTimer.current = window.setTimeout(() => void keep(), NOTES_SAVE_DELAY_MS);
  }

  const counterId = `${textareaId}-counter`;
  const statusId = `${textareaId}-status`;
  const isError = status === 'error';
  return (
    <div className={styles.notes}>
      <label htmlFor={textareaId} className={styles.notesLabel}>
        Notes about {contact.name}
      </label>
      <textarea
        id={textareaId}
        className={styles.notesInput}
        value={text}
        maxLength={NOTES_MAX_LENGTH}
        placeholder="Where you met, what you talked about, what to follow up on…"
        aria-describedby={`${counterId} ${statusId}`}
        aria-invalid={isError ? true : undefined}
        onChange={(event) => handleChange(event.target.value)}
      />
      <div className={styles.notesFooter}>
        <p id={statusId} className={styles.notesStatus} role={isError ? 'alert' : 'status'}>
          {status === 'waiting' && (isOnline ? 'Saving…' : OfflineMessages.notes)}
          {status === 'saved' && 'Saved'}
          {isError && <span className={styles.notesError}>{ContactMessages.notesFailed}</span>}
        </p>
        <p
          id={counterId}
          className={`${styles.counter} ${text.length >= NOTES_MAX_LENGTH ? styles.counterFull : ''}`}
        >
          {text.length}/{NOTES_MAX_LENGTH}
        </p>
      </div>
    </div>
  );
}
