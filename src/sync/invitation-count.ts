// The count of invitations waiting, for the app header's badge.
import { InvitationsResource } from '../api/invitations';
import { useCachedResource } from './use-cached-resource';

/** Pending invitations; null hides the badge (none, or they could not be loaded). */
export function usePendingInvitationCount(): number | null {
  const invitations = useCachedResource(InvitationsResource);
  return invitations.status === 'ready' ? invitations.value.length : null;
}
