// The one HTTP client of the app: bearer token from the session's store, and on a 401 the session's one
// shared refresh and one retry. Ending a session is the session layer's business, never this client's.
import ky, { isHTTPError, type Options } from 'ky';
import type { z } from 'zod';
import { type Endpoint, fillPath, type PathParams, successStatus } from '../../contract/endpoint';
import { ErrorAnswerSchema, type ErrorCode } from '../../contract/errors';
import { refreshSession } from '../session/session-expiry';
import type { RefreshOutcome } from '../session/token-refresh';
import { readAccessToken } from '../session/token-store';
import { isTokenExpired } from '../session/tokens';

const API_BASE = import.meta.env.VITE_API_BASE ?? '';

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

const http = ky.create({
  prefix: API_BASE,
  // Screens decide about retries (offline saves go to the outbox); ky's own would only delay errors.
  retry: 0,
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = readAccessToken();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
  },
});

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isHTTPError(error)) {
    const body = ErrorAnswerSchema.safeParse(error.data);
    return body.success
      ? new ApiError(body.data.error, error.response.status, body.data.errors, body.data.code)
      : new ApiError(error.message, error.response.status);
  }
  return new ApiError(error instanceof Error ? error.message : String(error), undefined);
}

/**
 * Operator calls carry their own tokens and are never refreshed (spec §6). Auth calls are not either:
 * their 401 means wrong credentials, not an old token. Nor is a call made without a token.
 */
function isRefreshable(path: string): boolean {
  return (
    readAccessToken() !== null &&
    !path.includes('/api/admin/') &&
    !path.includes('/api/security/') &&
    !path.includes('/api/auth/')
  );
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

/** A token known to be expired is renewed before the call instead of after its 401. */
async function renewExpiredToken(path: string): Promise<void> {
  if (!isRefreshable(path) || !isTokenExpired(readAccessToken())) return;
  await refreshAccessToken().catch((error: unknown) => {
    // Offline the old token is sent anyway: the call fails on its own terms, the session stays.
    if (isRefreshRejected(error)) throw error;
  });
}

/** Sends a request; a 401 on a member call is answered by one refresh and one retry. */
export async function request(path: string, options: Options = {}): Promise<Response> {
  await renewExpiredToken(path);
  const sentToken = readAccessToken();
  try {
    return await http(path, options);
  } catch (error) {
    if (!(isHTTPError(error) && error.response.status === 401 && isRefreshable(path))) {
      throw toApiError(error);
    }
  }
  await renewAccessToken(sentToken);
  try {
    return await http(path, options);
  } catch (error) {
    throw toApiError(error);
  }
}

type ParamsOption<E extends Endpoint> = keyof PathParams<E['path']> extends never
  ? { params?: undefined }
  : { params: PathParams<E['path']> };

type BodyOption<E extends Endpoint> = E extends { body: infer Body extends z.ZodType }
  ? { json: z.input<Body> }
  : { json?: undefined };

/** ky's options for a call to `endpoint`: its path parameters, its body, and anything else ky takes. */
export type CallOptions<E extends Endpoint> = Omit<Options, 'json' | 'method'> &
  ParamsOption<E> &
  BodyOption<E>;

/** What the endpoint answers when all goes well (its lowest 2xx); undefined for an answer without body. */
export type SuccessAnswer<E extends Endpoint> = E extends { responses: { 200: infer S extends z.ZodType } }
  ? z.output<S>
  : E extends { responses: { 201: infer S extends z.ZodType } }
    ? z.output<S>
    : undefined;

/** The URL path of a call to `endpoint` with its parameters filled in. */
export function endpointUrl<E extends Endpoint>(endpoint: E, params?: PathParams<E['path']>): string {
  return params ? fillPath(endpoint.path, params) : endpoint.path;
}

/** Options may be left out when the endpoint needs neither parameters nor a body. */
type CallArguments<E extends Endpoint> = object extends CallOptions<E> ? [CallOptions<E>?] : [CallOptions<E>];

/** Sends a call to `endpoint` as its contract declares it, without reading the answer. */
export function requestEndpoint<E extends Endpoint>(
  endpoint: E,
  ...[options]: CallArguments<E>
): Promise<Response> {
  const { params, ...rest }: Omit<Options, 'method'> & { params?: PathParams<E['path']> } = options ?? {};
  return request(endpointUrl(endpoint, params), { ...rest, method: endpoint.method });
}

/** Calls `endpoint` and parses its answer with the contract's schema for the success status. */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  ...options: CallArguments<E>
): Promise<SuccessAnswer<E>> {
  const response = await requestEndpoint(endpoint, ...options);
  const schema = endpoint.responses[successStatus(endpoint)];
  if (!schema || response.status === 204) return undefined as SuccessAnswer<E>;
  // The schema is the one SuccessAnswer<E> is inferred from.
  return schema.parse(await response.json()) as SuccessAnswer<E>;
}
