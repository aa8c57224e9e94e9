// Member sign-up, sign-in and password calls (spec §7 Auth).
import {
  ForgotPasswordEndpoint,
  type ForgotPasswordRequest,
  LoginEndpoint,
  type LoginRequest,
  LogoutEndpoint,
  RegisterEndpoint,
  type RegisterRequest,
  ResendVerificationCodeEndpoint,
  type ResendVerificationCodeRequest,
  ResetPasswordEndpoint,
  type ResetPasswordRequest,
  VerifyEmailEndpoint,
  type VerifyEmailRequest,
} from '../../contract/auth';
import { callEndpoint } from './client';

export function register(body: RegisterRequest) {
  return callEndpoint(RegisterEndpoint, { json: body });
}

export function verifyEmail(body: VerifyEmailRequest) {
  return callEndpoint(VerifyEmailEndpoint, { json: body });
}

export async function resendVerificationCode(body: ResendVerificationCodeRequest): Promise<void> {
  await callEndpoint(ResendVerificationCodeEndpoint, { json: body });
}

export function logIn(body: LoginRequest) {
  return callEndpoint(LoginEndpoint, { json: body });
}

export async function revokeRefreshToken(refreshToken: string): Promise<void> {
  await callEndpoint(LogoutEndpoint, { json: { refreshToken } });
}

export function requestPasswordReset(body: ForgotPasswordRequest) {
  return callEndpoint(ForgotPasswordEndpoint, { json: body });
}

export function resetPassword(token: string, body: ResetPasswordRequest) {
  return callEndpoint(ResetPasswordEndpoint, { params: { token }, json: body });
}
