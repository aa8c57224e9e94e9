// Page views reported by the shell on every navigation (spec §2 Shell behaviour).
import { z } from 'zod';

export const PageViewRequestSchema = z.object({
  path: z.string().startsWith('/').max(500),
});
export type PageViewRequest = z.infer<typeof PageViewRequestSchema>;
