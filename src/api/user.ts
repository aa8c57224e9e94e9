// The signed-in member's account (spec §7 User).
import { AccountSchema } from '../../contract/user';
import { requestJson } from './client';

/** Spec §9: the app-start session check gives the account call this long. */
export const ACCOUNT_CHECK_TIMEOUT_MS = 15_000;

export function fetchAccount(options: { timeout?: number } = {}) {
  return requestJson('/api/user/account', AccountSchema, options);
}
