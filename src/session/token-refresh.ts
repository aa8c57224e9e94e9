// The one token refresh (spec §4 Session token, §7, §8), for the page's API client and for the outbox
// replay in the service worker alike. Callers in one context share a running refresh, and contexts (tabs,
// the service worker) take turns under a Web Lock, so a burst of 401s spends the refresh token once: a
// second use would look like token theft to the server.
import { RefreshTokenEndpoint } from '../../contract/auth';
import type { ErrorCode } from '../../contract/errors';
import { type CallFailure, refusalText, send } from '../api/transport';
import type { TokenStore } from './token-store';
import { isTokenExpired, isWellFormedToken } from './tokens';

/** Spec §9: a refresh that takes longer than this has failed. */
export const REFRESH_TIMEOUT_MS = 10_000;
export const REFRESH_LOCK_NAME = 'tapnet-token-refresh';

/**
 * `rejected`: the server refused the refresh token or answered with nothing usable, so the session is
 * over. `unreachable`: offline, too slow or a struggling server, which must not sign anyone out.
 */
export type RefreshOutcome =
  | { kind: 'refreshed'; accessToken: string }
  | { kind: 'rejected'; message: string; status?: number; code?: ErrorCode; errors?: string[] }
  | { kind: 'unreachable'; message: string; status?: number };

type Answer =
  | { kind: 'tokens'; accessToken: string; refreshToken?: string }
  | Exclude<RefreshOutcome, { kind: 'refreshed' }>;

const REFUSING_STATUSES = [400, 401, 403];

/** Only a refusal of the refresh token ends the session; a server in trouble or out of reach does not. */
function failedRefresh(failure: CallFailure): Exclude<RefreshOutcome, { kind: 'refreshed' }> {
  if (failure.kind === 'unreachable') return { kind: 'unreachable', message: failure.message };
  if (failure.kind === 'unreadable') return { kind: 'rejected', message: 'Failed to refresh token' };
  const { status, code, errors } = failure;
  const message = refusalText(failure);
  if (!REFUSING_STATUSES.includes(status)) return { kind: 'unreachable', message, status };
  return { kind: 'rejected', message, status, code, errors };
}

/** Sent without an Authorization header (spec §4): the refresh token in the body is the credential. */
async function postRefresh(refreshToken: string): Promise<Answer> {
  const outcome = await send(RefreshTokenEndpoint, {
    json: { refreshToken },
    timeoutMs: REFRESH_TIMEOUT_MS,
  });
  if (!outcome.ok) return failedRefresh(outcome.failure);
  const { accessToken, refreshToken: rotated } = outcome.value;
  if (!accessToken) return { kind: 'rejected', message: 'Failed to refresh token' };
  if (!isWellFormedToken(accessToken)) return { kind: 'rejected', message: 'Invalid access token received' };
  return { kind: 'tokens', accessToken, refreshToken: rotated };
}

async function refreshIn(store: TokenStore, staleAccessToken: string | null): Promise<RefreshOutcome> {
  const current = await store.read();
  // Another tab or the service worker refreshed while this caller waited for the lock.
  if (current && current.accessToken !== staleAccessToken && !isTokenExpired(current.accessToken)) {
    return { kind: 'refreshed', accessToken: current.accessToken };
  }
  // Spec §4: a refresh token that is not well-formed is not used.
  if (!isWellFormedToken(current?.refreshToken))
    return { kind: 'rejected', message: 'Failed to refresh token' };
  const answer = await postRefresh(current.refreshToken);
  if (answer.kind !== 'tokens') return answer;
  const refreshToken = isWellFormedToken(answer.refreshToken) ? answer.refreshToken : current.refreshToken;
  await store.write({ accessToken: answer.accessToken, refreshToken });
  return { kind: 'refreshed', accessToken: answer.accessToken };
}

function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks)
    return navigator.locks.request(REFRESH_LOCK_NAME, work);
  return work();
}

let inFlight: Promise<RefreshOutcome> | null = null;

/**
 * Gets a new access token for the tokens in `store`, replacing `staleAccessToken` (the one a 401 refused,
 * or the one known to be expired). Never rejects: the outcome says what happened.
 */
export function refreshTokens(store: TokenStore, staleAccessToken: string | null): Promise<RefreshOutcome> {
  inFlight ??= withRefreshLock(() => refreshIn(store, staleAccessToken))
    // Storage that fails (IndexedDB closing, quota) is no verdict on the session.
    .catch((error: unknown): RefreshOutcome => ({ kind: 'unreachable', message: String(error) }))
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
