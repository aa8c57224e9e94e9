// The shape of every error the API returns (DESIGN.md §4 Errors).
import { z } from 'zod';

export const ErrorResponseSchema = z.object({
  error: z.string(),
  errors: z.array(z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;
