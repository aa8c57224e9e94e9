// The health check for load balancers and uptime monitors.
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['connected', 'disconnected']),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

export const HealthEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/health',
  summary: 'Whether the server can reach its database (503 when it cannot).',
  auth: 'none',
  responses: { 200: HealthResponseSchema, 503: HealthResponseSchema },
  errors: [],
});

export const healthEndpoints = [HealthEndpoint];
