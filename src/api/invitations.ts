// Invitations from other members (spec §7 Invitations).
import {
  AcceptInvitationEndpoint,
  DenyInvitationEndpoint,
  ListInvitationsEndpoint,
} from '../../contract/invitations';
import { callEndpoint } from './client';
import { endpointResource } from './resource-fetch';

/**
 * The spec names no lifetime: the list and the badge ask on every visit. Invitations are there to be
 * answered, which needs the server: unreachable, the screen says it could not load them (spec §8).
 */
export const INVITATIONS_LIFETIME_MS = 0;
/** Pending invitations addressed to me. */
export const InvitationsResource = endpointResource(
  'invitations',
  ListInvitationsEndpoint,
  INVITATIONS_LIFETIME_MS,
  { whenUnreachable: 'load-error' },
);

/** Adds the inviter to my contacts. */
export function acceptInvitation(invitationId: string) {
  return callEndpoint(AcceptInvitationEndpoint, { params: { id: invitationId } });
}

export function denyInvitation(invitationId: string) {
  return callEndpoint(DenyInvitationEndpoint, { params: { id: invitationId } });
}
