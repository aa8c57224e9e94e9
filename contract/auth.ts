// Registration, verification, login, token refresh and password reset (spec §7 Auth).
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { MessageResponseSchema } from './errors';
import { DateOfBirthSchema, EmailSchema, NewPasswordSchema, PersonNameSchema, TokenSchema } from './fields';

export const RoleSchema = z.enum(['user', 'admin', 'security']);
export type Role = z.infer<typeof RoleSchema>;

export const VERIFICATION_CODE_LENGTH = 6;
export const RESEND_CODE_LOCK_MS = 30_000;

export const RegisterRequestSchema = z.object({
  name: PersonNameSchema,
  email: EmailSchema,
  password: NewPasswordSchema,
  dateOfBirth: DateOfBirthSchema,
});
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

export const VerifyEmailRequestSchema = z.object({
  email: EmailSchema,
  code: z.string().regex(/^\d{6}$/, 'The code must be 6 digits'),
});
export type VerifyEmailRequest = z.input<typeof VerifyEmailRequestSchema>;

export const ResendVerificationCodeRequestSchema = z.object({ email: EmailSchema });
export type ResendVerificationCodeRequest = z.input<typeof ResendVerificationCodeRequestSchema>;

export const LoginRequestSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, 'Password is required').max(200, 'Password is too long'),
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

export const TokenPairSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  role: RoleSchema,
});
export type TokenPair = z.infer<typeof TokenPairSchema>;

export const LoginResponseSchema = TokenPairSchema.extend({
  user: z.object({ id: z.string() }),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const RefreshTokenRequestSchema = z.object({ refreshToken: TokenSchema });
export type RefreshTokenRequest = z.input<typeof RefreshTokenRequestSchema>;

export const RefreshTokenResponseSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string().optional(),
});
export type RefreshTokenResponse = z.infer<typeof RefreshTokenResponseSchema>;

export const LogoutRequestSchema = z.object({ refreshToken: TokenSchema });
export type LogoutRequest = z.input<typeof LogoutRequestSchema>;

export const ForgotPasswordRequestSchema = z.object({ email: EmailSchema });
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequestSchema>;

export const ResetPasswordParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Invalid or expired reset link'),
});

export const ResetPasswordRequestSchema = z.object({ password: NewPasswordSchema });
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequestSchema>;

export const RegisterEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/register',
  summary: 'Creates an unverified account and e-mails a 6-digit verification code.',
  auth: 'credentials',
  body: RegisterRequestSchema,
  responses: { 201: MessageResponseSchema },
  errors: ['RATE_LIMITED', 'EMAIL_TAKEN'],
});

export const VerifyEmailEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/verify-email',
  summary: 'Checks the verification code and signs the member in.',
  auth: 'credentials',
  body: VerifyEmailRequestSchema,
  responses: { 200: TokenPairSchema },
  errors: ['RATE_LIMITED', 'INVALID_CODE', 'CODE_EXPIRED', 'TOO_MANY_CODE_ATTEMPTS', 'ALREADY_VERIFIED'],
});

export const ResendVerificationCodeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/resend-verification-code',
  summary: 'Sends a new verification code (at most one every 30 seconds); the same answer for any address.',
  auth: 'credentials',
  body: ResendVerificationCodeRequestSchema,
  responses: { 200: MessageResponseSchema },
  errors: ['RATE_LIMITED'],
});

export const LoginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/login',
  summary: 'Signs a verified member in.',
  auth: 'credentials',
  passwordSignIn: 'member',
  body: LoginRequestSchema,
  responses: { 200: LoginResponseSchema },
  errors: [
    'RATE_LIMITED',
    'INVALID_CREDENTIALS',
    'EMAIL_NOT_VERIFIED',
    'OPERATOR_ACCOUNT',
    'ACCOUNT_LOCKED',
    'ACCOUNT_DISABLED',
  ],
});

export const RefreshTokenEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/refresh-token',
  summary: 'Trades a refresh token for a new access token (and a rotated refresh token).',
  auth: 'credentials',
  body: RefreshTokenRequestSchema,
  responses: { 200: RefreshTokenResponseSchema },
  errors: ['RATE_LIMITED', 'REFRESH_TOKEN_INVALID', 'SESSION_ENDED'],
});

export const LogoutEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/logout',
  summary: 'Revokes a refresh token.',
  auth: 'credentials',
  body: LogoutRequestSchema,
  responses: { 204: z.void() },
  errors: [],
});

export const ForgotPasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/forgot-password',
  summary: 'E-mails a password reset link; the same answer for any address.',
  auth: 'credentials',
  body: ForgotPasswordRequestSchema,
  responses: { 200: MessageResponseSchema },
  errors: ['RATE_LIMITED'],
});

export const ResetPasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/reset-password/:token',
  summary: 'Sets a new password with the token from the reset link.',
  auth: 'credentials',
  params: ResetPasswordParamsSchema,
  body: ResetPasswordRequestSchema,
  responses: { 200: MessageResponseSchema },
  errors: ['RATE_LIMITED', 'RESET_LINK_INVALID'],
});

export const authEndpoints = [
  RegisterEndpoint,
  VerifyEmailEndpoint,
  ResendVerificationCodeEndpoint,
  LoginEndpoint,
  RefreshTokenEndpoint,
  LogoutEndpoint,
  ForgotPasswordEndpoint,
  ResetPasswordEndpoint,
];
