// Invitations from other members (spec §7 Invitations).
import { ListInvitationsEndpoint } from '../../contract/invitations';
import { endpointResource } from './resource-fetch';

/**
 * The spec names no lifetime: the list and the badge ask on every visit. Unreachable, the screen shows
 * the last copy, and answers made there wait on this device (issue 24).
 */
export const INVITATIONS_LIFETIME_MS = 0;
/** Pending invitations addressed to me. */
export const InvitationsResource = endpointResource(
  'invitations',
  ListInvitationsEndpoint,
  INVITATIONS_LIFETIME_MS,
);
