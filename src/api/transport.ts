// The one way the client calls its server (docs "Calling the server"): any contract endpoint is sent the
// way its declaration says, and every answer comes back as a typed outcome, never a throw. A success
// carries the body parsed with the endpoint's schema (or a light parser the caller passes); a failure
// says which of three things went wrong, with the contract's `code` when the server refused.
//
// DOM-free and ky-free, so the page, the service worker's outbox replay and the public card page share
// it. No zod at run time either: the public card page imports this and must stay under its JavaScript
// budget (docs/budgets.md); the schemas it parses with come with the endpoints the callers import.
// Session policy (tokens, refresh) is the callers' business: api/client.ts for members,
// api/operators.ts for operators.
import type { z } from 'zod';
import { type Endpoint, fillPath, type PathParams } from '../../contract/endpoint';
import { type ErrorCode, isErrorCode } from '../../contract/error-codes';
import { API_BASE } from '../config/env';

/**
 * Why a call did not succeed:
 * - `unreachable`: no answer at all (offline, timed out, aborted, the connection dropped);
 * - `refused`: the server answered with a failure status; `error`, `code` and `errors` are its error
 *   answer's (`error` and `code` absent when the body is not one: a proxy's page), `body` the raw text;
 * - `unreadable`: a success this app cannot read: a status the endpoint does not declare, or a body not
 *   in the endpoint's shape.
 */
export type CallFailure =
  | { kind: 'unreachable'; message: string }
  | { kind: 'refused'; status: number; code?: ErrorCode; error?: string; errors: string[]; body: string }
  | { kind: 'unreadable'; status: number };

export interface Answered<T> {
  ok: true;
  status: number;
  value: T;
  headers: Headers;
}

export interface Failed {
  ok: false;
  failure: CallFailure;
}

export type Outcome<T> = Answered<T> | Failed;

/** A revalidation's answer: the copy sent as If-None-Match still holds (304). */
export interface Unchanged {
  ok: true;
  unchanged: true;
  status: 304;
  headers: Headers;
}

/** A light parser: the value when `body` has its shape, else null (the outcome is then `unreadable`). */
export type BodyParser<T> = (body: unknown) => T | null;

/**
 * What is sent: a contract endpoint, or the method and path of a call declared zod-free
 * (contract/card-paths.ts), which is then sent with a parser of its own.
 */
export type Route = Pick<Endpoint, 'method' | 'path'> & Partial<Endpoint>;

/** What the endpoint answers when all goes well (its lowest 2xx); undefined for an answer without body. */
export type SuccessAnswer<E extends Endpoint> = E extends { responses: { 200: infer S extends z.ZodType } }
  ? z.output<S>
  : E extends { responses: { 201: infer S extends z.ZodType } }
    ? z.output<S>
    : undefined;

type ParamsOption<Path extends string> = keyof PathParams<Path> extends never
  ? { params?: undefined }
  : { params: PathParams<Path> };

/** A contract endpoint's body is typed by its schema; a zod-free route's body is the caller's to shape. */
type BodyOption<E extends Route> = E extends { body: infer Body extends z.ZodType }
  ? { json: z.input<Body> }
  : E extends Endpoint
    ? { json?: undefined }
    : { json?: unknown };

/** How a call is sent, beside its parameters and body. */
export interface CallSettings {
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** Sent as `Authorization: Bearer …`. */
  token?: string | null;
  signal?: AbortSignal;
  /** No answer within this long is `unreachable`. */
  timeoutMs?: number;
  cache?: RequestCache;
  /** Outlives the page (an analytics event sent as the visitor leaves). */
  keepalive?: boolean;
  /** A file's bytes as the body instead of JSON (a card photo), sent with the file's own type. */
  file?: Blob;
}

export type SendOptions<E extends Route> = ParamsOption<E['path']> & BodyOption<E> & CallSettings;

/** The options as the implementation reads them, their types checked by the signatures above it. */
interface AnyOptions extends CallSettings {
  params?: Record<string, string>;
  json?: unknown;
  parse?: BodyParser<unknown>;
}

/** Options may be left out when the endpoint needs neither parameters nor a body. */
export type SendArguments<E extends Route> =
  object extends SendOptions<E> ? [SendOptions<E>?] : [SendOptions<E>];

/** The address of a call to `endpoint` with its parameters filled in and its query appended. */
export function endpointUrl<E extends Route>(
  endpoint: E,
  params?: PathParams<E['path']>,
  query?: Record<string, string>,
): string {
  const path = params ? fillPath<string>(endpoint.path, params) : endpoint.path;
  const search = query ? new URLSearchParams(query).toString() : '';
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

function signalFor(signal: AbortSignal | undefined, timeoutMs: number | undefined): AbortSignal | undefined {
  const signals = [signal, timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs)].filter(
    (each) => each !== undefined,
  );
  return signals.length > 1 ? AbortSignal.any(signals) : signals[0];
}

function requestInit(route: Route, options: AnyOptions): RequestInit {
  const headers: Record<string, string> = { Accept: route.produces ?? 'application/json' };
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';
  if (options.file) headers['Content-Type'] = options.file.type || 'application/octet-stream';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  return {
    method: route.method,
    headers: { ...headers, ...options.headers },
    body: options.file ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
    signal: signalFor(options.signal, options.timeoutMs),
    cache: options.cache,
    keepalive: options.keepalive,
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function unreachable(error: unknown): Failed {
  return { ok: false, failure: { kind: 'unreachable', message: messageOf(error) } };
}

function unreadable(status: number): Failed {
  return { ok: false, failure: { kind: 'unreadable', status } };
}

/** JSON text as a value; undefined for an empty body; `invalid` when it is not JSON. */
function parseJson(text: string): { value: unknown } | 'invalid' {
  if (text === '') return { value: undefined };
  try {
    return { value: JSON.parse(text) };
  } catch {
    return 'invalid';
  }
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((each): each is string => typeof each === 'string') : [];
}

/** A failure status, read as the contract's error answer when the body is one. */
function refusal(status: number, body: string): Failed {
  const parsed = parseJson(body);
  const answer: Record<string, unknown> =
    parsed !== 'invalid' && typeof parsed.value === 'object' && parsed.value !== null
      ? (parsed.value as Record<string, unknown>)
      : {};
  const error = typeof answer.error === 'string' && answer.error !== '' ? answer.error : undefined;
  const code = isErrorCode(answer.code) ? answer.code : undefined;
  return {
    ok: false,
    failure: {
      kind: 'refused',
      status,
      errors: stringsOf(answer.errors),
      body,
      ...(error && { error }),
      ...(code && { code }),
    },
  };
}

/** What a refusal said: the server's own words, else its status ('HTTP 502'). */
export function refusalText(failure: Extract<CallFailure, { kind: 'refused' }>): string {
  return failure.error ?? `HTTP ${failure.status}`;
}

/** The success body: text for a file (`produces`), JSON otherwise, checked with the parser or schema. */
function readSuccess<T>(route: Route, response: Response, text: string, parse?: BodyParser<T>): Outcome<T> {
  const { status, headers } = response;
  const parsed = route.produces ? { value: text } : parseJson(text);
  if (parsed === 'invalid') return unreadable(status);
  if (parse) {
    const value = parse(parsed.value);
    return value === null ? unreadable(status) : { ok: true, status, value, headers };
  }
  // A success status the endpoint does not declare is an answer this app does not know how to read.
  const schema = route.responses?.[status];
  if (!schema) return unreadable(status);
  const checked = schema.safeParse(status === 204 ? undefined : parsed.value);
  // The schema is the one the caller's T is inferred from (SuccessAnswer).
  return checked.success ? { ok: true, status, value: checked.data as T, headers } : unreadable(status);
}

async function exchange<T>(
  url: string,
  init: RequestInit,
  read: (response: Response, text: string) => Outcome<T> | Unchanged,
): Promise<Outcome<T> | Unchanged> {
  try {
    const response = await fetch(new Request(url, init));
    // Read inside the try: a connection that drops mid-body is no answer either.
    const text = await response.text();
    return read(response, text);
  } catch (error) {
    return unreachable(error);
  }
}

function answer<T>(route: Route, parse?: BodyParser<T>) {
  return (response: Response, text: string): Outcome<T> =>
    response.ok ? readSuccess(route, response, text, parse) : refusal(response.status, text);
}

/** A file that is not text (a Wallet pass), kept as its bytes: read as text, they would be changed. */
export async function sendForBytes(route: Route & { params?: undefined }, options: CallSettings = {}) {
  try {
    const response = await fetch(new Request(endpointUrl<Route>(route), requestInit(route, options)));
    if (!response.ok) return refusal(response.status, await response.text());
    const answered: Answered<Blob> = {
      ok: true,
      status: response.status,
      value: await response.blob(),
      headers: response.headers,
    };
    return answered;
  } catch (error) {
    return unreachable(error);
  }
}

/** Sends `endpoint` as its contract declares it; the success value is parsed with its schema. */
export function send<E extends Endpoint>(
  endpoint: E,
  ...options: SendArguments<E>
): Promise<Outcome<SuccessAnswer<E>>>;
/** Sends `route` and reads its success body with `parse` (a zod-free caller). */
export function send<E extends Route, T>(
  route: E,
  options: SendOptions<E> & { parse: BodyParser<T> },
): Promise<Outcome<T>>;
export function send(route: Route, options: AnyOptions = {}): Promise<Outcome<unknown>> {
  const url = endpointUrl<Route>(route, options.params, options.query);
  return exchange(url, requestInit(route, options), answer(route, options.parse)) as Promise<
    Outcome<unknown>
  >;
}

/**
 * Asks whether the copy tagged `etag` still holds (If-None-Match): `unchanged` on a 304, else the
 * endpoint's answer in full. Without an etag it is a plain `send`.
 */
export function revalidate<E extends Endpoint & { method: 'GET'; params?: undefined }>(
  endpoint: E,
  etag: string | null,
  options: CallSettings = {},
): Promise<Outcome<SuccessAnswer<E>> | Unchanged> {
  const init = requestInit(endpoint, {
    ...options,
    headers: { ...options.headers, ...(etag && { 'If-None-Match': etag }) },
  });
  const full = answer<SuccessAnswer<E>>(endpoint);
  return exchange(endpointUrl<Route>(endpoint, undefined, options.query), init, (response, text) =>
    response.status === 304
      ? { ok: true, unchanged: true, status: 304, headers: response.headers }
      : full(response, text),
  );
}

/**
 * A JSON file that is no API endpoint: a bundled asset, or a map style on a server of the operator's
 * choice. Its body is checked with `parse`.
 */
export function getJson<T>(
  url: string,
  options: { parse: BodyParser<T>; signal?: AbortSignal; timeoutMs?: number },
): Promise<Outcome<T>> {
  const route: Route = { method: 'GET', path: url };
  const init = requestInit(route, options);
  return exchange(url, init, answer(route, options.parse)) as Promise<Outcome<T>>;
}

/** Whether `url` answers with a success at all (a map tile server, say), whatever its body. */
export async function isAnswering(url: string, options: { signal?: AbortSignal } = {}): Promise<boolean> {
  const outcome = await exchange(url, { signal: options.signal }, (response) =>
    response.ok
      ? { ok: true, status: response.status, value: null, headers: response.headers }
      : unreadable(response.status),
  );
  return outcome.ok;
}
