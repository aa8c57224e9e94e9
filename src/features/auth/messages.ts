// The user-facing wording of auth failures (spec §8 Login, Registration and verification).
import { ApiError } from '../../api/client';

/** A failed action's error as the API client reports one; anything else (an answer that did not parse) as an
 * error without a status, so it gets the same wording as a network failure. */
export function asApiError(error: unknown, message = String(error)): ApiError {
  return error instanceof ApiError ? error : new ApiError(message, undefined);
}

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

/** The server looked at the code and refused it (wrong, expired, or too many tries). */
export function isRefusedCode(error: ApiError): boolean {
  return (
    error.code === 'INVALID_CODE' || error.code === 'CODE_EXPIRED' || error.code === 'TOO_MANY_CODE_ATTEMPTS'
  );
}

export function describeVerificationError(error: ApiError): string {
  return `Verification failed: ${error.message || 'Unknown error'}`;
}

export const RESET_FAILED_MESSAGE = 'Failed to reset password. Please try again.';

/** Spec §8's text, with the server's reason after it when it gave one (a dead link, a weak password). */
export function describeResetError(error: ApiError): string {
  if (error.status === undefined || error.status >= 500) return RESET_FAILED_MESSAGE;
  const reason = error.errors.length > 0 ? error.errors.join(', ') : error.message;
  return reason ? `${RESET_FAILED_MESSAGE} ${reason}` : RESET_FAILED_MESSAGE;
}
