// Operator (admin and security) sign-in (insights-and-operators.md §7 Operators).
import { z } from 'zod';
import { EmailSchema } from './fields';

export const OperatorLoginRequestSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, 'Password is required').max(200, 'Password is too long'),
});
export type OperatorLoginRequest = z.input<typeof OperatorLoginRequestSchema>;

export const OperatorLoginResponseSchema = z.object({ token: z.string() });
export type OperatorLoginResponse = z.infer<typeof OperatorLoginResponseSchema>;
