// Unblocking an address (spec §4, §5, §8): asked first ('Unblock IP {ip}?'), then told how it went, and on
// success the dashboard reloads. The block is lifted in every server process by the server.
import { useRef, useState } from 'react';
import { unblockIp } from '../../api/security';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { showToast } from '../../ui/toast-store';
import styles from './dashboard.module.css';
import { focusRegionHeading } from './focus';
import { failureMessage, SecurityCallError, useRefreshDashboard, useSecurityCall } from './security-session';

export const UnblockMessages = {
  confirm: (ip: string) => `Unblock IP ${ip}?`,
  done: (ip: string) => `IP ${ip} unblocked successfully`,
  /** The server refused (a non-OK answer). */
  refused: 'Failed to unblock IP',
  /** No answer came (offline, server down). */
  failed: 'Error unblocking IP',
} as const;

function failureToast(error: unknown): string | null {
  if (failureMessage(error) === null) return null;
  return error instanceof SecurityCallError && error.failure.kind === 'refused'
    ? UnblockMessages.refused
    : UnblockMessages.failed;
}

/**
 * `ask(ip, opener)` opens the confirmation; `dialog` is rendered once by the screen; `unblocking` is the
 * address in flight.
 */
export function useUnblock() {
  const refresh = useRefreshDashboard();
  const [asked, setAsked] = useState<string | null>(null);
  const unblocking = useSecurityCall(unblockIp);
  /** The Unblock button that asked: its row leaves the list on success, so focus would fall to <body>. */
  const opener = useRef<HTMLElement | null>(null);

  function ask(ipAddress: string, openedBy: HTMLElement | null) {
    opener.current = openedBy;
    setAsked(ipAddress);
  }

  async function confirm(ipAddress: string) {
    setAsked(null);
    const outcome = await unblocking.run(ipAddress);
    if (outcome.ok) {
      showToast('success', UnblockMessages.done(ipAddress));
      // The list the address was in (Blocked IPs or Active Blocks) stays, with its heading, while it reloads.
      focusRegionHeading(opener.current);
      refresh();
      return;
    }
    const message = failureToast(outcome.error);
    if (message) showToast('error', message);
  }

  const dialog = (
    <Modal isOpen={asked !== null} title="Unblock address" onClose={() => setAsked(null)}>
      {asked !== null && (
        <>
          <p className={styles.dialogText}>{UnblockMessages.confirm(asked)}</p>
          <p className={styles.muted}>Its requests are accepted again at once, by every server.</p>
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={() => setAsked(null)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void confirm(asked)}>
              Unblock
            </Button>
          </div>
        </>
      )}
    </Modal>
  );

  return { ask, dialog, unblocking: unblocking.runningWith };
}
