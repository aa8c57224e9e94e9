// The user-facing wording of auth failures (spec §8 Login, Registration and verification).
import type { ApiError } from '../../api/client';

export const UNVERIFIED_LOGIN_MESSAGE =
  'Please verify your email address before logging in. Check your inbox for a verification code.';
export const INVALID_CREDENTIALS_MESSAGE =
  "Invalid email or password. If you haven't registered yet, please register first.";

export function isUnverifiedLoginError(error: ApiError): boolean {
  return error.code === 'EMAIL_NOT_VERIFIED';
}

export function describeLoginError(error: ApiError): string {
  if (isUnverifiedLoginError(error)) return UNVERIFIED_LOGIN_MESSAGE;
  if (error.code === 'INVALID_CREDENTIALS') return INVALID_CREDENTIALS_MESSAGE;
  // The server's own text carries how long the lock lasts.
  if (error.code === 'ACCOUNT_LOCKED') return error.message;
  return `Login failed: ${error.message}`;
}

export function describeRegistrationError(error: ApiError): string {
  const details = error.errors.length > 0 ? error.errors.join(', ') : error.message;
  return `Registration failed: ${details}`;
}

export function describeVerificationError(error: ApiError): string {
  return `Verification failed: ${error.message || 'Unknown error'}`;
}

/** The server's reason for a refused reset (an expired link, a weak password), else the generic text. */
export function describeResetError(error: ApiError): string {
  if (error.status === undefined || error.status >= 500) return 'Failed to reset password. Please try again.';
  return error.errors.length > 0 ? error.errors.join(', ') : error.message;
}
