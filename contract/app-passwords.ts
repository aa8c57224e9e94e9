// App passwords: one per device that reads the member's address book over CardDAV (issue 29). A CardDAV
// client signs in with HTTP Basic, the account e-mail and one of these; the JSON API never takes them.
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { MessageResponseSchema } from './errors';

/** An account holds at most this many: one per phone, tablet and computer is far below it. */
export const APP_PASSWORDS_MAX = 10;

export const AppPasswordMessages = {
  limit: `You already have ${APP_PASSWORDS_MAX} app passwords. Revoke one you no longer use first.`,
  notFound: 'App password not found',
  revoked: 'App password revoked. The device using it can no longer read your contacts.',
} as const;

export const AppPasswordNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the app password a name, such as “iPhone contacts”')
  .max(60, 'The name must be at most 60 characters');

export const CreateAppPasswordRequestSchema = z.object({ name: AppPasswordNameSchema });
export type CreateAppPasswordRequest = z.input<typeof CreateAppPasswordRequestSchema>;

export const AppPasswordSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** When a device last signed in with it; null until one has. */
  lastUsedAt: z.string().nullable(),
});
export type AppPassword = z.infer<typeof AppPasswordSchema>;
export const AppPasswordListSchema = z.array(AppPasswordSchema);

/** The password itself is in this answer only: the server keeps its hash. */
export const CreatedAppPasswordSchema = z.object({ id: z.string(), name: z.string(), password: z.string() });
export type CreatedAppPassword = z.infer<typeof CreatedAppPasswordSchema>;

export const AppPasswordIdParamsSchema = z.object({ id: z.uuid(AppPasswordMessages.notFound) });

export const ListAppPasswordsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/user/app-passwords',
  summary: 'The member’s app passwords (never the passwords themselves), with when each was last used.',
  auth: 'member',
  responses: { 200: AppPasswordListSchema },
  errors: [],
});

export const CreateAppPasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/app-passwords',
  summary:
    'Creates an app password for one device’s CardDAV address book; the password is in this answer only.',
  auth: 'member',
  body: CreateAppPasswordRequestSchema,
  responses: { 201: CreatedAppPasswordSchema },
  errors: ['APP_PASSWORD_LIMIT', 'RATE_LIMITED'],
});

export const RevokeAppPasswordEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/user/app-passwords/:id',
  summary: 'Revokes an app password at once: the device using it is refused from its next request.',
  auth: 'member',
  params: AppPasswordIdParamsSchema,
  paramsRefusedAs: 'APP_PASSWORD_NOT_FOUND',
  responses: { 200: MessageResponseSchema },
  errors: ['APP_PASSWORD_NOT_FOUND'],
});

export const appPasswordEndpoints = [
  ListAppPasswordsEndpoint,
  CreateAppPasswordEndpoint,
  RevokeAppPasswordEndpoint,
];
