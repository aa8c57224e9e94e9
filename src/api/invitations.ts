// Invitations from other members (spec §7 Invitations).
import {
  AcceptInvitationEndpoint,
  DenyInvitationEndpoint,
  ListInvitationsEndpoint,
} from '../../contract/invitations';
import { callEndpoint } from './client';
import { endpointResource } from './resource-fetch';

/** The spec names no lifetime: the list and the badge ask on every visit; the copy serves offline. */
export const INVITATIONS_LIFETIME_MS = 0;
/** Pending invitations addressed to me. */
export const InvitationsResource = endpointResource(
  'invitations',
  ListInvitationsEndpoint,
  INVITATIONS_LIFETIME_MS,
);

/** Adds the inviter to my contacts. */
export function acceptInvitation(invitationId: string) {
  return callEndpoint(AcceptInvitationEndpoint, { params: { id: invitationId } });
}

export function denyInvitation(invitationId: string) {
  return callEndpoint(DenyInvitationEndpoint, { params: { id: invitationId } });
}
