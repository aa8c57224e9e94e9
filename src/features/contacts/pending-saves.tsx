// Saves made on this phone that wait for the network (spec §3 Queued contact): shown above the list
// until they sync, when the saved contact takes their place.
import { usePendingSaves } from '../../sync/pending';
import { SaveMessages } from '../../sync/save-outcome-messages';
import styles from './contacts.module.css';

export function PendingSaves() {
  const saves = usePendingSaves();
  if (saves.length === 0) return null;
  return (
    <section className={styles.pendingSaves} aria-labelledby="pending-saves-title">
      <p id="pending-saves-title" className={styles.pending} role="status">
        {saves.length === 1 ? '1 save waiting to sync' : `${saves.length} saves waiting to sync`}
      </p>
      <ul className={styles.pendingList}>
        {saves.map((save) => (
          <li key={save.id} className={styles.pendingItem}>
            <span className={styles.pendingName}>{save.label}</span>
            <span className={styles.pendingNote}>{SaveMessages.queued}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
