// Invitations from other members (spec §7 Invitations).
import {
  AcceptInvitationEndpoint,
  DenyInvitationEndpoint,
  ListInvitationsEndpoint,
} from '../../contract/invitations';
import { callEndpoint } from './client';

/** Pending invitations addressed to me. */
export function listInvitations() {
  return callEndpoint(ListInvitationsEndpoint);
}

/** Adds the inviter to my contacts. */
export function acceptInvitation(invitationId: string) {
  return callEndpoint(AcceptInvitationEndpoint, { params: { id: invitationId } });
}

export function denyInvitation(invitationId: string) {
  return callEndpoint(DenyInvitationEndpoint, { params: { id: invitationId } });
}
