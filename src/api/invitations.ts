// Invitations from other members (spec §7 Invitations).
import {
  AcceptInvitationEndpoint,
  DenyInvitationEndpoint,
  InvitationListSchema,
  ListInvitationsEndpoint,
} from '../../contract/invitations';
import { defineCachedResource } from '../db/cached-resources';
import { callEndpoint } from './client';
import { fetchResource } from './resource-fetch';

/** The spec names no lifetime: the list and the badge ask on every visit; the copy serves offline. */
export const INVITATIONS_LIFETIME_MS = 0;
/** Pending invitations addressed to me. */
export const InvitationsResource = defineCachedResource({
  name: 'invitations',
  schema: InvitationListSchema,
  lifetimeMs: INVITATIONS_LIFETIME_MS,
  fetch: (etag) => fetchResource(ListInvitationsEndpoint, etag),
});

/** Adds the inviter to my contacts. */
export function acceptInvitation(invitationId: string) {
  return callEndpoint(AcceptInvitationEndpoint, { params: { id: invitationId } });
}

export function denyInvitation(invitationId: string) {
  return callEndpoint(DenyInvitationEndpoint, { params: { id: invitationId } });
}
