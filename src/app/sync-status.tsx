// What waits to be sent, on every member screen (issue 24): "N changes waiting to sync" while the
// pending-writes queue holds something, and the notices about writes the server refused for good or
// that gave way to another device's change, each with the text that was not kept, to copy back.
import { useEffect } from 'react';
import {
  claimAnnouncement,
  dismissWriteNotice,
  useHasStoredContacts,
  usePendingCount,
  useWriteNotices,
} from '../sync/pending';
import { Notice } from '../ui/notice';
import { showToast } from '../ui/toast-store';
import styles from './sync-status.module.css';

export function waitingLabel(count: number): string {
  return count === 1 ? '1 change waiting to sync' : `${count} changes waiting to sync`;
}

/**
 * Once the member has something this browser must not throw away (changes waiting, or contacts), the
 * browser is asked to keep the site's storage under pressure; it asks the member or decides by itself.
 */
function usePersistentStorage(isWorthKeeping: boolean): void {
  useEffect(() => {
    if (!isWorthKeeping || !navigator.storage?.persist) return;
    void navigator.storage
      .persisted()
      .then((isPersisted) => isPersisted || navigator.storage.persist())
      .catch(() => {});
  }, [isWorthKeeping]);
}

/**
 * A write refused for good is announced with the spec's message as a toast (which shows above an open
 * dialog), by the tab the member is looking at; the notice below keeps what was not saved and why.
 */
function useAnnouncements(notices: ReturnType<typeof useWriteNotices>): void {
  useEffect(() => {
    if (document.visibilityState !== 'visible') return;
    for (const notice of notices) {
      if (!notice.announcement) continue;
      void claimAnnouncement(notice.id).then((text) => {
        if (text !== null) showToast('error', text);
      });
    }
  }, [notices]);
}

export function SyncStatus() {
  const count = usePendingCount();
  const notices = useWriteNotices();
  const hasContacts = useHasStoredContacts();
  usePersistentStorage(count > 0 || hasContacts);
  useAnnouncements(notices);
  if (count === 0 && notices.length === 0) return null;
  return (
    <div className={styles.syncStatus}>
      {count > 0 && (
        <p className={styles.waiting} role="status">
          {waitingLabel(count)}
        </p>
      )}
      {notices.map((notice) => (
        <Notice
          key={notice.id}
          tone={notice.type === 'refused' ? 'error' : 'info'}
          title={notice.message}
          onClose={() => void dismissWriteNotice(notice.id)}
        >
          {notice.keptText !== null && (
            <details>
              <summary>Show the text that was not kept</summary>
              <textarea
                className={styles.keptText}
                readOnly
                value={notice.keptText}
                aria-label="Text that was not kept"
              />
            </details>
          )}
        </Notice>
      ))}
    </div>
  );
}
