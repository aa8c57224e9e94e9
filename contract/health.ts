// The health check for load balancers and uptime monitors.
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const HealthResponseSchema = z.object({
  /** `degraded`: the database answers but cannot be trusted to take writes (its disk is nearly full). */
  status: z.enum(['ok', 'degraded', 'error']),
  database: z.enum(['connected', 'disconnected']),
  /** Free space where the embedded database keeps its files; absent on PostgreSQL. */
  storage: z.enum(['ok', 'low']).optional(),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

export const HealthEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/health',
  summary:
    'Whether the server can reach its database and store data: 503 with `error` when the database does not answer, 503 with `degraded` when the data directory is nearly full.',
  auth: 'none',
  responses: { 200: HealthResponseSchema, 503: HealthResponseSchema },
  errors: [],
  // The database check answers 503 with its own body, never DATABASE_UNAVAILABLE.
  usesDatabase: false,
});

/** The same check under the name orchestrators use: take traffic only when this answers 200. */
export const ReadinessEndpoint = defineEndpoint({
  ...HealthEndpoint,
  path: '/api/health/ready',
  summary: `Readiness: ${HealthEndpoint.summary}`,
});

export const LivenessResponseSchema = z.object({ status: z.literal('alive') });

export const LivenessEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/health/live',
  summary:
    'Liveness: the process answers. It never looks at the database, so a database outage does not get healthy processes restarted.',
  auth: 'none',
  responses: { 200: LivenessResponseSchema },
  errors: [],
  usesDatabase: false,
});

export const healthEndpoints = [HealthEndpoint, ReadinessEndpoint, LivenessEndpoint];
