// Operator (admin and security) sign-in (insights-and-operators.md §7 Operators).
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { EmailSchema } from './fields';

export const OperatorLoginRequestSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, 'Password is required').max(200, 'Password is too long'),
});
export type OperatorLoginRequest = z.input<typeof OperatorLoginRequestSchema>;

export const OperatorLoginResponseSchema = z.object({ token: z.string() });
export type OperatorLoginResponse = z.infer<typeof OperatorLoginResponseSchema>;

export const OperatorRoleSchema = z.enum(['admin', 'security']);
export type OperatorRole = z.infer<typeof OperatorRoleSchema>;

export const OperatorSessionSchema = z.object({ id: z.string(), role: OperatorRoleSchema });

/** Each operator role has its own sign-in and session check, under its own path. */
function operatorEndpoints(role: OperatorRole) {
  return {
    login: defineEndpoint({
      method: 'POST',
      path: `/api/${role}/login`,
      summary: `Signs an operator in to the ${role} area; the token works only there.`,
      auth: 'credentials',
      passwordSignIn: role,
      body: OperatorLoginRequestSchema,
      responses: { 200: OperatorLoginResponseSchema },
      errors: ['INVALID_CREDENTIALS', 'ACCOUNT_LOCKED', 'RATE_LIMITED'],
    }),
    session: defineEndpoint({
      method: 'GET',
      path: `/api/${role}/session`,
      summary: 'Lets a dashboard check that its stored token is still good before loading data.',
      auth: role,
      responses: { 200: OperatorSessionSchema },
      errors: [],
    }),
  };
}

export const OperatorEndpoints = {
  admin: operatorEndpoints('admin'),
  security: operatorEndpoints('security'),
};

export const operatorEndpointList = [
  ...Object.values(OperatorEndpoints.admin),
  ...Object.values(OperatorEndpoints.security),
];
