// Invitations from other members (spec §7 Invitations).
import { MessageResponseSchema } from '../../contract/errors';
import { InvitationListSchema } from '../../contract/invitations';
import { requestJson } from './client';

/** Pending invitations addressed to me. */
export function listInvitations() {
  return requestJson('/api/invitations', InvitationListSchema);
}

/** Adds the inviter to my contacts. */
export function acceptInvitation(invitationId: string) {
  return requestJson(`/api/invitations/${encodeURIComponent(invitationId)}/accept`, MessageResponseSchema, {
    method: 'post',
  });
}

export function denyInvitation(invitationId: string) {
  return requestJson(`/api/invitations/${encodeURIComponent(invitationId)}`, MessageResponseSchema, {
    method: 'delete',
  });
}
