// The signed-in member's own account (spec §3 Account, §7 User).
import { z } from 'zod';
import { BusinessCardViewSchema } from './card';

export const AccountSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  nfcUID: z.string().nullable(),
  joined: z.string(),
  businessCard: BusinessCardViewSchema.nullable(),
});
export type Account = z.infer<typeof AccountSchema>;
