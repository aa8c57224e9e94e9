// A contact's notes (spec §4 Notes): saved 600 ms after the last keystroke, statuses Saving… / Saved /
// error. Nothing typed is lost without a word: a pending save is sent when the member switches contact
// or leaves, offline text stays (and is kept while switching), and a reload with unsaved text asks first.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { type Contact, NOTES_MAX_LENGTH } from '../../../contract/contacts';
import { saveNotes } from '../../sync/contact-writes';
import { showToast } from '../../ui/toast-store';
import styles from './contacts.module.css';
import { ContactMessages, isNetworkFailure, OfflineMessages } from './messages';

/** Spec §9. */
export const NOTES_SAVE_DELAY_MS = 600;
export const NOTES_SAVED_BADGE_MS = 2_000;

type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'error'; message: string };

/** Text typed but not saved (offline, or sent while leaving) per contact id, for when the member comes back. */
const unsavedDrafts = new Map<string, string>();

export function NotesEditor({ contact }: { contact: Contact }) {
  const contactId = contact._id;
  const textareaId = useId();
  const [text, setText] = useState(() => unsavedDrafts.get(contactId) ?? contact.notes);
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const latestText = useRef(text);
  const savedText = useRef(contact.notes);
  const saveTimer = useRef<number | undefined>(undefined);
  const savedBadgeTimer = useRef<number | undefined>(undefined);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const isMounted = useRef(true);

  const report = useCallback((next: SaveStatus) => {
    window.clearTimeout(savedBadgeTimer.current);
    if (isMounted.current) setStatus(next);
    else if (next.kind === 'error') showToast('error', next.message);
    if (next.kind === 'saved' && isMounted.current) {
      savedBadgeTimer.current = window.setTimeout(() => setStatus({ kind: 'idle' }), NOTES_SAVED_BADGE_MS);
    }
  }, []);

  const sendNotes = useCallback(async () => {
    const notes = latestText.current;
    if (notes === savedText.current) return;
    if (!navigator.onLine) {
      unsavedDrafts.set(contactId, notes);
      report({ kind: 'error', message: OfflineMessages.notes });
      return;
    }
    report({ kind: 'saving' });
    // Kept while the save is under way, so a member who comes back to this contact before the answer
    // (and before the cache has it) sees what they typed, not the old notes.
    unsavedDrafts.set(contactId, notes);
    try {
      const updated = await saveNotes(contactId, notes);
      savedText.current = updated.notes;
      if (latestText.current === notes) {
        unsavedDrafts.delete(contactId);
        report({ kind: 'saved' });
      }
    } catch (error) {
      if (isNetworkFailure(error)) {
        unsavedDrafts.set(contactId, latestText.current);
        report({ kind: 'error', message: OfflineMessages.notes });
        return;
      }
      // Spec §4: on a refusal the text goes back to what is saved.
      unsavedDrafts.delete(contactId);
      latestText.current = savedText.current;
      if (isMounted.current) setText(savedText.current);
      report({ kind: 'error', message: ContactMessages.notesFailed });
    }
  }, [contactId, report]);

  /** Saves now whatever waits; saves run one after another so an older text never lands last. */
  const flush = useCallback(() => {
    window.clearTimeout(saveTimer.current);
    saveTimer.current = undefined;
    queue.current = queue.current.then(sendNotes);
    return queue.current;
  }, [sendNotes]);

  useEffect(() => {
    isMounted.current = true;
    const hasUnsaved = () => latestText.current !== savedText.current;
    function warnBeforeUnload(event: BeforeUnloadEvent) {
      if (!hasUnsaved()) return;
      void flush();
      event.preventDefault();
    }
    function flushWhenHidden() {
      if (document.visibilityState === 'hidden' && hasUnsaved()) void flush();
    }
    function retryWhenOnline() {
      if (hasUnsaved()) void flush();
    }
    window.addEventListener('beforeunload', warnBeforeUnload);
    document.addEventListener('visibilitychange', flushWhenHidden);
    window.addEventListener('online', retryWhenOnline);
    return () => {
      window.removeEventListener('beforeunload', warnBeforeUnload);
      document.removeEventListener('visibilitychange', flushWhenHidden);
      window.removeEventListener('online', retryWhenOnline);
      isMounted.current = false;
      // Switching contact or leaving the screen: what is pending goes now.
      if (hasUnsaved()) void flush();
      window.clearTimeout(savedBadgeTimer.current);
    };
  }, [flush]);

  function handleChange(value: string) {
    const notes = value.slice(0, NOTES_MAX_LENGTH);
    latestText.current = notes;
    setText(notes);
    if (status.kind === 'error') setStatus({ kind: 'idle' });
    window.clearTimeout(saveTimer.current);
    saveTimer.current = window.setTimeout(() => void flush(), NOTES_SAVE_DELAY_MS);
  }

  const counterId = `${textareaId}-counter`;
  const statusId = `${textareaId}-status`;
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
        aria-invalid={status.kind === 'error' ? true : undefined}
        onChange={(event) => handleChange(event.target.value)}
      />
      <div className={styles.notesFooter}>
        <p id={statusId} className={styles.notesStatus} role={status.kind === 'error' ? 'alert' : 'status'}>
          {status.kind === 'saving' && 'Saving…'}
          {status.kind === 'saved' && 'Saved'}
          {status.kind === 'error' && <span className={styles.notesError}>{status.message}</span>}
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
