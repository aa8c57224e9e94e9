// The one HTTP client of the app: bearer token from storage, one shared refresh and retry on a 401.
import ky, { HTTPError, isHTTPError, type Options } from 'ky';
import type { z } from 'zod';
import { RefreshTokenEndpoint, RefreshTokenResponseSchema } from '../../contract/auth';
import { type Endpoint, fillPath, type PathParams, successStatus } from '../../contract/endpoint';
import { ErrorAnswerSchema, type ErrorCode } from '../../contract/errors';
import { clearSession } from '../session/session';
import { useSessionStore } from '../session/session-store';
import { reconcileTokenMirror } from '../session/token-mirror';
import {
  isTokenExpired,
  isWellFormedToken,
  readAccessToken,
  readRefreshToken,
  storeAccessToken,
  storeRefreshToken,
} from '../session/tokens';

/** Spec §9: a refresh that takes longer than this has failed. */
export const REFRESH_TIMEOUT_MS = 10_000;

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

/** Sent with plain ky, outside `http`, so it carries no Authorization header (spec §4). */
async function requestNewAccessToken(): Promise<string> {
  // The service worker may have rotated the refresh token while replaying offline saves.
  await reconcileTokenMirror().catch(() => {});
  const refreshToken = readRefreshToken();
  if (!isWellFormedToken(refreshToken)) throw new RefreshRejectedError('Failed to refresh token', undefined);
  let body: unknown;
  try {
    body = await ky
      .post(`${API_BASE}${RefreshTokenEndpoint.path}`, {
        json: { refreshToken },
        timeout: REFRESH_TIMEOUT_MS,
        retry: 0,
      })
      .json();
  } catch (error) {
    // Only a refusal ends the session; offline or a struggling server must not sign the user out.
    if (error instanceof HTTPError && [400, 401, 403].includes(error.response.status)) {
      const refused = toApiError(error);
      throw new RefreshRejectedError(refused.message, error.response.status, refused.errors, refused.code);
    }
    throw toApiError(error);
  }
  const parsed = RefreshTokenResponseSchema.safeParse(body);
  if (!parsed.success || !parsed.data.accessToken) {
    throw new RefreshRejectedError('Failed to refresh token', undefined);
  }
  if (!isWellFormedToken(parsed.data.accessToken)) {
    throw new RefreshRejectedError('Invalid access token received', undefined);
  }
  storeAccessToken(parsed.data.accessToken);
  storeRefreshToken(parsed.data.refreshToken);
  return parsed.data.accessToken;
}

const LOGIN_PATHS = ['/login', '/admin', '/security'];

function isOnLoginPath(pathname: string): boolean {
  return LOGIN_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

type Navigate = (to: string) => void;
let navigateTo: Navigate = (to) => window.location.assign(to);

/** Lets the router take over the redirect to /login, so it happens without a page reload. */
export function setSessionExpiredNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

function endSession(): void {
  clearSession();
  useSessionStore.getState().signOut();
  const { pathname, search } = window.location;
  if (!isOnLoginPath(pathname)) navigateTo(`/login?returnUrl=${encodeURIComponent(pathname + search)}`);
}

let refreshInFlight: Promise<string> | null = null;

/**
 * Gets a new access token. Callers that arrive while a refresh is running share it, so a burst of
 * 401s spends the refresh token once (a second use would look like token theft to the server).
 */
export function refreshAccessToken(): Promise<string> {
  refreshInFlight ??= requestNewAccessToken()
    .catch((error: unknown) => {
      if (error instanceof RefreshRejectedError) endSession();
      throw error;
    })
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

export function isRefreshRejected(error: unknown): boolean {
  return error instanceof RefreshRejectedError;
}

/** A token known to be expired is renewed before the call instead of after its 401. */
async function renewExpiredToken(path: string): Promise<void> {
  if (!isRefreshable(path) || !isTokenExpired(readAccessToken())) return;
  await refreshAccessToken().catch((error: unknown) => {
    // Offline the old token is sent anyway: the call fails on its own terms, the session stays.
    if (isRefreshRejected(error)) throw toApiError(error);
  });
}

/** Sends a request; a 401 on a member call is answered by one refresh and one retry. */
export async function request(path: string, options: Options = {}): Promise<Response> {
  await renewExpiredToken(path);
  try {
    return await http(path, options);
  } catch (error) {
    if (!(isHTTPError(error) && error.response.status === 401 && isRefreshable(path))) {
      throw toApiError(error);
    }
  }
  await refreshAccessToken().catch((error: unknown) => {
    throw toApiError(error);
  });
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
