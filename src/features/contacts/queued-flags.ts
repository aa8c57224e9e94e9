// Sends the flags a member changed offline, from the contacts screen right after a change and from the
// app on start and whenever the connection returns, whatever screen is open.
import { sendPendingFlags } from '../../sync/pending-flags';
import { showToast } from '../../ui/toast-store';
import { ContactMessages } from './messages';

/** The member hears of the changes the server refused for good; the others stay stored until sent. */
export async function sendQueuedFlags(): Promise<void> {
  try {
    const { refused } = await sendPendingFlags();
    if (refused > 0) showToast('error', ContactMessages.flagFailed);
  } catch (error) {
    // The changes stay stored; the next start or return of the connection sends them.
    console.warn('Pending flags: send failed', error);
  }
}
