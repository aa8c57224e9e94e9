// The member's calls (docs "Calling the server"): over the transport, with the bearer token from the
// session's store. The refresh policy comes from the endpoint's `auth`: a `member` call renews a token
// known to be expired before it is sent, and answers a 401 with the session's one shared refresh and one
// retry; `credentials` and `none` calls are never refreshed (a 401 there means wrong credentials).
// Ending a session is the session layer's business, never this client's. Failures are thrown: ApiError
// for no answer or a refusal, UnexpectedAnswerError for a success this app cannot read.
import type { Endpoint } from '../../contract/endpoint';
import type { ErrorCode } from '../../contract/errors';
import { refreshSession } from '../session/session-expiry';
import type { RefreshOutcome } from '../session/token-refresh';
import { readAccessToken } from '../session/token-store';
import { isTokenExpired } from '../session/tokens';
import {
  type Answered,
  type CallFailure,
  type CallSettings,
  type Failed,
  type Outcome,
  refusalText,
  revalidate,
  type SendArguments,
  type SendOptions,
  type SuccessAnswer,
  send,
  sendForBytes,
  type Unchanged,
} from './transport';

export type { SuccessAnswer };

/**
 * An API failure with the server's own `error` message, its `code` (what code decides on; absent when
 * the server was not reached or did not answer in the contract's shape) and, for validation failures,
 * its `errors`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly errors: string[] = [],
    readonly code?: ErrorCode,
  ) {
    super(message);
  }
}

/**
 * The server said it succeeded, in a way this app cannot read (a status or body the contract does not
 * declare): spec §8's "unexpected response". Not an ApiError: nothing the server said is worth showing.
 */
export class UnexpectedAnswerError extends Error {
  override readonly name = 'UnexpectedAnswerError';
  constructor(readonly status: number) {
    super(`Unexpected response ${status}`);
  }
}

/** The server answered, but with a failure of its own (5xx): the connection is not to blame. */
export function isServerFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status !== undefined && error.status >= 500;
}

/**
 * What the server said was wrong with a request it refused as bad (400, 404, 409, 422…), to show as it
 * is: the specific reasons of a validation failure, else its message. Null for anything a retry may
 * cure: no answer, a 5xx, a rate limit, or a session that ended (401/403 are handled by the session).
 */
export function refusalMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === undefined) return null;
  if (error.status < 400 || error.status >= 500 || [401, 403, 408, 429].includes(error.status)) return null;
  return error.errors.length > 0 ? error.errors.join(' ') : error.message;
}

/** The refresh was refused or answered with something unusable: the session is over. */
class RefreshRejectedError extends ApiError {}

/** What a failed call is thrown as: the server's own words and code when it refused. */
function errorOf(failure: CallFailure): ApiError | UnexpectedAnswerError {
  switch (failure.kind) {
    case 'unreachable':
      return new ApiError(failure.message, undefined);
    case 'refused':
      return new ApiError(refusalText(failure), failure.status, failure.errors, failure.code);
    case 'unreadable':
      return new UnexpectedAnswerError(failure.status);
  }
}

function refreshFailure(outcome: Exclude<RefreshOutcome, { kind: 'refreshed' }>): ApiError {
  return outcome.kind === 'rejected'
    ? new RefreshRejectedError(outcome.message, outcome.status, outcome.errors, outcome.code)
    : new ApiError(outcome.message, outcome.status);
}

/** Replaces `staleAccessToken` through the session's shared refresh; a refusal has ended the session. */
async function renewAccessToken(staleAccessToken: string | null): Promise<string> {
  const outcome = await refreshSession(staleAccessToken);
  if (outcome.kind === 'refreshed') return outcome.accessToken;
  throw refreshFailure(outcome);
}

/** Gets a new access token for the one stored now. */
export function refreshAccessToken(): Promise<string> {
  return renewAccessToken(readAccessToken());
}

export function isRefreshRejected(error: unknown): boolean {
  return error instanceof RefreshRejectedError;
}

/** The endpoints a member's client calls; operator endpoints go through api/operators.ts. */
export type MemberEndpoint = Endpoint & { auth: 'none' | 'credentials' | 'member' };

/** A token known to be expired is renewed before the call instead of after its 401. */
async function renewExpiredToken(): Promise<void> {
  if (!isTokenExpired(readAccessToken())) return;
  await refreshAccessToken().catch((error: unknown) => {
    // Offline the old token is sent anyway: the call fails on its own terms, the session stays.
    if (isRefreshRejected(error)) throw error;
  });
}

function isUnauthorized(outcome: Outcome<unknown> | Unchanged): boolean {
  return !outcome.ok && outcome.failure.kind === 'refused' && outcome.failure.status === 401;
}

/**
 * Sends with the stored token; for a `member` call with a token, one refresh and one retry on a 401.
 * Calls that need no session still carry the token when there is one, as they always have.
 */
async function withSession<O extends Outcome<unknown> | Unchanged>(
  endpoint: MemberEndpoint,
  sendWith: (token: string | null) => Promise<O>,
): Promise<Exclude<O, Failed>> {
  const refreshable = endpoint.auth === 'member' && readAccessToken() !== null;
  if (refreshable) await renewExpiredToken();
  const sentToken = readAccessToken();
  let outcome = await sendWith(sentToken);
  if (refreshable && isUnauthorized(outcome)) outcome = await sendWith(await renewAccessToken(sentToken));
  if (!outcome.ok) throw errorOf(outcome.failure);
  return outcome as Exclude<O, Failed>;
}

/** Calls `endpoint` as a member; the whole answer (status, headers), or an ApiError thrown. */
export function callForAnswer<E extends MemberEndpoint>(
  endpoint: E,
  ...[options]: SendArguments<E>
): Promise<Answered<SuccessAnswer<E>>> {
  return withSession(endpoint, (token) =>
    send<E>(endpoint, ...([{ ...options, token }] as SendArguments<E>)),
  );
}

/** Calls `endpoint`, which answers a file that is not text, as a member: the answer with its bytes. */
export function callForBytes(endpoint: MemberEndpoint & { params?: undefined }): Promise<Answered<Blob>> {
  return withSession(endpoint, (token) => sendForBytes(endpoint, { token }));
}

/** Calls `endpoint` as a member and answers its success value (parsed with the contract's schema). */
export async function callEndpoint<E extends MemberEndpoint>(
  endpoint: E,
  ...options: SendArguments<E>
): Promise<SuccessAnswer<E>> {
  return (await callForAnswer(endpoint, ...options)).value;
}

/** Asks whether the copy tagged `etag` still holds, as a member: `unchanged`, or the answer in full. */
export function revalidateAsMember<E extends MemberEndpoint & { method: 'GET'; params?: undefined }>(
  endpoint: E,
  etag: string | null,
  settings: CallSettings = {},
): Promise<Answered<SuccessAnswer<E>> | Unchanged> {
  return withSession(endpoint, (token) => revalidate(endpoint, etag, { ...settings, token }));
}

export type { SendOptions };
