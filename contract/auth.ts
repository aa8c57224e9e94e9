// Registration, verification, login, token refresh and password reset (spec §7 Auth).
import { z } from 'zod';
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
