// Page views reported by the shell on every navigation (spec §2 Shell behaviour).
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const PageViewRequestSchema = z.object({
  path: z.string().startsWith('/').max(500),
});
export type PageViewRequest = z.infer<typeof PageViewRequestSchema>;

export const RecordPageViewEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/analytics/page-view',
  summary: 'Counts a page view of the shell; nothing identifies the visitor.',
  auth: 'none',
  body: PageViewRequestSchema,
  responses: { 204: z.void() },
  errors: ['RATE_LIMITED'],
});

export const pageViewEndpoints = [RecordPageViewEndpoint];
