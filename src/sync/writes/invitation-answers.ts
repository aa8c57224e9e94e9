// The answers to an invitation (spec §2 /invitations): accepted or denied, made offline too. The screen
// takes the invitation off its list and its stored copy when answered, so nothing is left to merge here;
// the contact an accept adds arrives with the next contacts revalidation.
import { z } from 'zod';
import { AcceptInvitationEndpoint, DenyInvitationEndpoint } from '../../../contract/invitations';
import { FailureMessages } from './failure-messages';
import type { WriteKind } from './write-kind';

export interface InvitationAnswer {
  invitationId: string;
  /** The inviter's name when it was answered, for telling the member what was not sent. */
  inviterName: string;
}

const InvitationAnswerSchema = z.object({
  invitationId: z.string().min(1),
  inviterName: z.string().max(300),
});

export const AcceptInvitationWrite: WriteKind<InvitationAnswer> = {
  kind: 'invitation.accept',
  payload: InvitationAnswerSchema,
  coalesceKey: ({ invitationId }) => invitationId,
  request: ({ invitationId }) => ({ endpoint: AcceptInvitationEndpoint, params: { id: invitationId } }),
  applied: async () => {},
  refused: ({ inviterName }, reason) => ({
    message: `The invitation from ${inviterName || 'a member'} was not accepted: ${reason}`,
    keptText: null,
    announcement: FailureMessages.acceptInvitation,
  }),
};

export const DenyInvitationWrite: WriteKind<InvitationAnswer> = {
  kind: 'invitation.deny',
  payload: InvitationAnswerSchema,
  coalesceKey: ({ invitationId }) => invitationId,
  request: ({ invitationId }) => ({ endpoint: DenyInvitationEndpoint, params: { id: invitationId } }),
  applied: async () => {},
  refused: ({ inviterName }, reason) => ({
    message: `The invitation from ${inviterName || 'a member'} was not denied: ${reason}`,
    keptText: null,
    announcement: FailureMessages.denyInvitation,
  }),
};
