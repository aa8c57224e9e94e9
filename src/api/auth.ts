// Member sign-up, sign-in and password calls (spec §7 Auth).
import {
  type ForgotPasswordRequest,
  type LoginRequest,
  LoginResponseSchema,
  type RegisterRequest,
  type ResendVerificationCodeRequest,
  type ResetPasswordRequest,
  TokenPairSchema,
  type VerifyEmailRequest,
} from '../../contract/auth';
import { MessageResponseSchema } from '../../contract/errors';
import { request, requestJson } from './client';

export function register(body: RegisterRequest) {
  return requestJson('/api/auth/register', MessageResponseSchema, { method: 'post', json: body });
}

export function verifyEmail(body: VerifyEmailRequest) {
  return requestJson('/api/auth/verify-email', TokenPairSchema, { method: 'post', json: body });
}

export async function resendVerificationCode(body: ResendVerificationCodeRequest): Promise<void> {
  await request('/api/auth/resend-verification-code', { method: 'post', json: body });
}

export function logIn(body: LoginRequest) {
  return requestJson('/api/auth/login', LoginResponseSchema, { method: 'post', json: body });
}

export async function revokeRefreshToken(refreshToken: string): Promise<void> {
  await request('/api/auth/logout', { method: 'post', json: { refreshToken } });
}

export function requestPasswordReset(body: ForgotPasswordRequest) {
  return requestJson('/api/auth/forgot-password', MessageResponseSchema, { method: 'post', json: body });
}

export function resetPassword(token: string, body: ResetPasswordRequest) {
  return requestJson(`/api/auth/reset-password/${encodeURIComponent(token)}`, MessageResponseSchema, {
    method: 'post',
    json: body,
  });
}
