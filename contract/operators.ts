// Operator (admin and security) sign-in (insights-and-operators.md §7 Operators), its second factor
// (TOTP, issue 30 point 4) and the operator's own sessions.
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { EmailSchema } from './fields';
import { sessionListEndpoints } from './sessions';
import { SupportReasonSchema } from './support';

export const OperatorLoginRequestSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, 'Password is required').max(200, 'Password is too long'),
});
export type OperatorLoginRequest = z.input<typeof OperatorLoginRequestSchema>;

/**
 * Signed in (`token`); or signed in to set up a second factor and nothing else (`mustEnrol`, when the
 * server requires one); or the password was right and the second factor is asked next (`secondFactorToken`).
 */
export const OperatorLoginResponseSchema = z.union([
  z.object({ token: z.string(), mustEnrol: z.literal(true).optional() }),
  z.object({ secondFactorToken: z.string() }),
]);
export type OperatorLoginResponse = z.infer<typeof OperatorLoginResponseSchema>;

export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;

/** A 6-digit code from the authenticator app, or one of the recovery codes (`abcde-fghij`, case ignored). */
const SecondFactorCodeSchema = z
  .string()
  .trim()
  .regex(/^(\d{6}|[A-Za-z2-7]{5}[- ]?[A-Za-z2-7]{5})$/, 'Enter the 6-digit code or a recovery code');

export const SecondFactorRequestSchema = z.object({
  secondFactorToken: z.string().min(1).max(2000),
  code: SecondFactorCodeSchema,
});
export type SecondFactorRequest = z.input<typeof SecondFactorRequestSchema>;

export const OperatorTokenSchema = z.object({ token: z.string() });

export const SecondFactorStatusSchema = z.object({
  enrolled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** How many passkeys the operator has (each is a second factor too). */
  passkeys: z.number().int(),
  /** Whether the server requires operators to have one (OPERATOR_SECOND_FACTOR). */
  required: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatusSchema>;

export const EnrolmentSchema = z.object({
  /** Base32, as authenticator apps take it typed in. */
  secret: z.string(),
  /** The otpauth:// URI for the QR code an authenticator app scans. */
  otpauthUri: z.string(),
});
export type Enrolment = z.infer<typeof EnrolmentSchema>;

export const ConfirmEnrolmentRequestSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});

/** Shown once: the server keeps only their hashes. `token` replaces the one the enrolment was made with. */
export const EnrolledSchema = z.object({ recoveryCodes: z.array(z.string()), token: z.string() });
export type Enrolled = z.infer<typeof EnrolledSchema>;

/** A passkey as its operator sees it in Account. */
export const PasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

export const PasskeyListSchema = z.object({ passkeys: z.array(PasskeySchema) });

/**
 * WebAuthn's options for the browser (PublicKeyCredentialCreationOptionsJSON or …RequestOptionsJSON),
 * handed to navigator.credentials as they are; @simplewebauthn writes and reads them.
 */
export const WebAuthnOptionsSchema = z.looseObject({ challenge: z.string() });

/** What the browser answers (RegistrationResponseJSON or AuthenticationResponseJSON), checked by the server. */
export const WebAuthnCredentialSchema = z.looseObject({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(4000) }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});
export type WebAuthnCredential = z.infer<typeof WebAuthnCredentialSchema>;

export const PASSKEY_NAME_MAX = 60;

export const RegisterPasskeyRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the passkey a name, such as the device it is on')
    .max(PASSKEY_NAME_MAX, `The name must be at most ${PASSKEY_NAME_MAX} characters`),
  credential: WebAuthnCredentialSchema,
});

/** `token` replaces the one the passkey was added with (a first factor lifts the hold at enrolment). */
export const PasskeyRegisteredSchema = PasskeyListSchema.extend({ token: z.string() });

export const PasskeyParamsSchema = z.object({ passkeyId: z.uuid('Passkey not found') });

export const PasskeySignInOptionsRequestSchema = z.object({ secondFactorToken: z.string().min(1).max(2000) });

export const PasskeySignInRequestSchema = PasskeySignInOptionsRequestSchema.extend({
  credential: WebAuthnCredentialSchema,
});

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
    secondFactor: defineEndpoint({
      method: 'POST',
      path: `/api/${role}/login/second-factor`,
      summary: 'Completes an operator sign-in with a code from the authenticator app or a recovery code.',
      auth: 'credentials',
      body: SecondFactorRequestSchema,
      responses: { 200: OperatorTokenSchema },
      errors: ['SECOND_FACTOR_INVALID', 'SECOND_FACTOR_EXPIRED', 'RATE_LIMITED'],
    }),
    secondFactorStatus: defineEndpoint({
      method: 'GET',
      path: `/api/${role}/second-factor`,
      summary: 'Says whether the operator has a second factor and how many recovery codes are left.',
      auth: role,
      responses: { 200: SecondFactorStatusSchema },
      errors: [],
    }),
    startEnrolment: defineEndpoint({
      method: 'POST',
      path: `/api/${role}/second-factor/enrolment`,
      summary:
        'Starts setting up an authenticator app: a new secret, as text and as an otpauth:// URI for its QR code.',
      auth: role,
      admitsEnrolment: true,
      responses: { 200: EnrolmentSchema },
      errors: ['RATE_LIMITED'],
    }),
    confirmEnrolment: defineEndpoint({
      method: 'POST',
      path: `/api/${role}/second-factor/enrolment/confirm`,
      summary:
        'Confirms the new authenticator with its first code; answers the recovery codes (once) and a new token, and ends the other sessions.',
      auth: role,
      admitsEnrolment: true,
      body: ConfirmEnrolmentRequestSchema,
      responses: { 200: EnrolledSchema },
      errors: ['SECOND_FACTOR_INVALID', 'ENROLMENT_NOT_STARTED', 'RATE_LIMITED'],
    }),
    passkeys: defineEndpoint({
      method: 'GET',
      path: `/api/${role}/passkeys`,
      summary: 'Lists the operator’s passkeys.',
      auth: role,
      responses: { 200: PasskeyListSchema },
      errors: [],
    }),
    passkeyRegistrationOptions: defineEndpoint({
      method: 'POST',
      path: `/api/${role}/passkeys/options`,
      summary:
        'Starts adding a passkey: WebAuthn creation options with a challenge kept by the server for five minutes, used once.',
      auth: role,
      admitsEnrolment: true,
      responses: { 200: WebAuthnOptionsSchema },
      errors: ['PASSKEY_LIMIT', 'RATE_LIMITED'],
    }),
    registerPasskey: defineEndpoint({
      method: 'POST',
      path: `/api/${role}/passkeys`,
      summary:
        'Adds the passkey the browser created for the challenge, under a name; ends the operator’s other sessions and answers a new token.',
      auth: role,
      admitsEnrolment: true,
      body: RegisterPasskeyRequestSchema,
      responses: { 200: PasskeyRegisteredSchema },
      errors: ['PASSKEY_INVALID', 'PASSKEY_LIMIT', 'RATE_LIMITED'],
    }),
    removePasskey: defineEndpoint({
      method: 'DELETE',
      path: `/api/${role}/passkeys/:passkeyId`,
      summary: 'Removes one of the operator’s passkeys and ends their other sessions.',
      auth: role,
      params: PasskeyParamsSchema,
      responses: { 200: PasskeyListSchema },
      errors: ['PASSKEY_NOT_FOUND'],
    }),
    passkeySignInOptions: defineEndpoint({
      method: 'POST',
      path: `/api/${role}/login/passkey/options`,
      summary:
        'After the password: WebAuthn request options for the operator’s passkeys, with a challenge kept by the server for five minutes, used once.',
      auth: 'credentials',
      body: PasskeySignInOptionsRequestSchema,
      responses: { 200: WebAuthnOptionsSchema },
      errors: ['SECOND_FACTOR_EXPIRED', 'RATE_LIMITED'],
    }),
    passkeySignIn: defineEndpoint({
      method: 'POST',
      path: `/api/${role}/login/passkey`,
      summary: 'Completes an operator sign-in with one of their passkeys.',
      auth: 'credentials',
      body: PasskeySignInRequestSchema,
      responses: { 200: OperatorTokenSchema },
      errors: ['PASSKEY_INVALID', 'SECOND_FACTOR_EXPIRED', 'RATE_LIMITED'],
    }),
    sessions: sessionListEndpoints(`/api/${role}/sessions`, role),
  };
}

export const OperatorEndpoints = {
  admin: operatorEndpoints('admin'),
  security: operatorEndpoints('security'),
};

/** The way back for an operator who lost their authenticator and recovery codes: another admin removes it. */
export const ResetOperatorFactorRequestSchema = SupportReasonSchema.extend({ email: EmailSchema });
export type ResetOperatorFactorRequest = z.input<typeof ResetOperatorFactorRequestSchema>;

export const FactorResetSchema = z.object({
  /** The operator's sessions ended with it. */
  sessionsEnded: z.number().int(),
});
export type FactorReset = z.infer<typeof FactorResetSchema>;

export const resetOperatorFactorEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/operators/second-factor/reset',
  summary:
    'Removes an operator’s second factor (a reason is required and audited) and ends their sessions; they sign in with their password and set one up again.',
  auth: 'admin',
  body: ResetOperatorFactorRequestSchema,
  responses: { 200: FactorResetSchema },
  errors: ['OPERATOR_NOT_FOUND', 'NO_SECOND_FACTOR', 'OWN_SECOND_FACTOR'],
});

function endpointsOf({ sessions, ...rest }: ReturnType<typeof operatorEndpoints>) {
  return [...Object.values(rest), ...Object.values(sessions)];
}

export const operatorEndpointList = [
  ...endpointsOf(OperatorEndpoints.admin),
  ...endpointsOf(OperatorEndpoints.security),
  resetOperatorFactorEndpoint,
];
