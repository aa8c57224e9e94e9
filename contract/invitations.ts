// Invitations between members (spec §3 Invitation, §7 Invitations; DESIGN.md §4 Invitations).
import { z } from 'zod';

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
