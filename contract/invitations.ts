// Invitations between members (spec §3 Invitation, §7 Invitations; DESIGN.md §4 Invitations).
import { z } from 'zod';
import { IdempotencyKeyHeadersSchema } from './contacts';
import { defineEndpoint } from './endpoint';
import { MessageResponseSchema } from './errors';

/** The inviter as their business card shows them now. */
export const InvitationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  company: z.string(),
  role: z.string(),
  email: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const InvitationListSchema = z.array(InvitationSchema);

export const InvitationIdParamsSchema = z.object({ id: z.uuid('Invitation not found') });

export const ListInvitationsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/invitations',
  summary: 'Pending invitations addressed to the member.',
  auth: 'member',
  responses: { 200: InvitationListSchema },
  errors: [],
});

export const AcceptInvitationEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/invitations/:id/accept',
  summary:
    'Adds the inviter to the member’s contacts; replays with the same Idempotency-Key get the first answer again.',
  auth: 'member',
  params: InvitationIdParamsSchema,
  headers: IdempotencyKeyHeadersSchema,
  responses: { 200: MessageResponseSchema },
  errors: ['INVITATION_NOT_FOUND', 'REQUEST_IN_PROGRESS', 'IDEMPOTENCY_KEY_REUSED'],
});

export const DenyInvitationEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/invitations/:id',
  summary: 'Declines an invitation; replays with the same Idempotency-Key get the first answer again.',
  auth: 'member',
  params: InvitationIdParamsSchema,
  headers: IdempotencyKeyHeadersSchema,
  responses: { 200: MessageResponseSchema },
  errors: ['INVITATION_NOT_FOUND', 'REQUEST_IN_PROGRESS', 'IDEMPOTENCY_KEY_REUSED'],
});

export const invitationEndpoints = [
  ListInvitationsEndpoint,
  AcceptInvitationEndpoint,
  DenyInvitationEndpoint,
];
