import { z } from 'zod';

export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['connected', 'disconnected']),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
