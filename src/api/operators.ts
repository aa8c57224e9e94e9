// The operator dashboards' calls (insights-and-operators.md §4 Operator dashboards, §6, §7 Operators, §8):
// sign-in, and every call made with an operator token, each answered as an outcome the dashboard shows.
//
// These calls use fetch, not the member client (client.ts): that client sends the member's token and
// refreshes it on a 401, while an operator call carries its own role's token and is never refreshed or
// retried (spec §6): a 401 or 403 ends the operator's session at once.
import type { z } from 'zod';
import { type Endpoint, fillPath, type PathParams, successStatus } from '../../contract/endpoint';
import type { OperatorLoginRequest, OperatorRole } from '../../contract/operators';
import { OperatorEndpoints, OperatorLoginResponseSchema } from '../../contract/operators';
import { OperatorTokens } from '../session/token-store';

const API_BASE = import.meta.env.VITE_API_BASE ?? '';

export type { OperatorRole };

/** What each operator area says about itself (spec §8 wording). */
export const OperatorAreas = {
  admin: {
    /** The e-mail the login form starts with (spec §2 "a default admin email from configuration"). */
    defaultEmail: import.meta.env.VITE_ADMIN_EMAIL || 'admin@tapnet.app',
    sessionExpiredMessage: 'Admin session expired. Please log in again.',
    /** 'Failed to fetch analytics data: {message}'. */
    loadFailedPrefix: 'Failed to fetch analytics data',
  },
  security: {
    defaultEmail: import.meta.env.VITE_SECURITY_EMAIL || 'security@tapnet.app',
    sessionExpiredMessage: 'Security session expired. Please log in again.',
    loadFailedPrefix: 'Failed to fetch security data',
  },
} as const satisfies Record<OperatorRole, object>;

export const LOGIN_FAILED_MESSAGE = 'Login failed';
export const LOGIN_UNREACHABLE_MESSAGE = 'Authentication failed. Please check your credentials.';

export type OperatorLoginOutcome = { ok: true } | { ok: false; message: string };

function readErrorField(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  return typeof body.error === 'string' && body.error !== '' ? body.error : null;
}

/**
 * Signs an operator in and keeps the token under the role's key, apart from the member's session.
 * A refusal says the server's `error`, else 'Login failed'; no answer at all says spec §8's last resort.
 */
export async function logInOperator(
  role: OperatorRole,
  credentials: OperatorLoginRequest,
): Promise<OperatorLoginOutcome> {
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(`${API_BASE}${OperatorEndpoints[role].login.path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(credentials),
      cache: 'no-store',
    });
    body = await response.json().catch(() => null);
  } catch {
    return { ok: false, message: LOGIN_UNREACHABLE_MESSAGE };
  }
  const answer = OperatorLoginResponseSchema.safeParse(body);
  if (response.ok && answer.success) {
    OperatorTokens[role].write(answer.data.token);
    return { ok: true };
  }
  if (response.ok) return { ok: false, message: LOGIN_UNREACHABLE_MESSAGE };
  return { ok: false, message: readErrorField(body) ?? LOGIN_FAILED_MESSAGE };
}

export function hasOperatorToken(role: OperatorRole): boolean {
  return OperatorTokens[role].read() !== null;
}

export function logOutOperator(role: OperatorRole): void {
  OperatorTokens[role].remove();
}

/**
 * `done` with the parsed answer; `expired` when there is no token or the server refused it (401, 403),
 * the token then being gone; `failed` with spec §8's detail: 'HTTP {status}: {body}' for any other
 * refusal, else what went wrong on the way.
 */
export type OperatorCallOutcome<T> =
  | { kind: 'done'; value: T }
  | { kind: 'expired' }
  | { kind: 'failed'; message: string };

type OperatorEndpoint = Endpoint & { auth: OperatorRole };

type AnswerOf<E extends Endpoint> = E extends { responses: { 200: infer S extends z.ZodType } }
  ? z.output<S>
  : E extends { responses: { 201: infer S extends z.ZodType } }
    ? z.output<S>
    : undefined;

export interface OperatorCallOptions<E extends Endpoint> {
  params?: PathParams<E['path']>;
  json?: E extends { body: infer Body extends z.ZodType } ? z.input<Body> : undefined;
}

const SESSION_ENDING_STATUSES = new Set([401, 403]);

async function send(endpoint: Endpoint, token: string, options: OperatorCallOptions<Endpoint>) {
  const path = options.params ? fillPath(endpoint.path, options.params) : endpoint.path;
  return fetch(`${API_BASE}${path}`, {
    method: endpoint.method,
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: endpoint.produces ?? 'application/json',
      'Content-Type': 'application/json',
    },
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
    // Operators look at live figures: never an answer the browser kept.
    cache: 'no-store',
  });
}

async function readAnswer(endpoint: Endpoint, response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  return endpoint.produces ? response.text() : response.json();
}

/** Calls `endpoint` with the token of the role it belongs to. */
export async function callOperatorEndpoint<E extends OperatorEndpoint>(
  endpoint: E,
  options: OperatorCallOptions<E> = {},
): Promise<OperatorCallOutcome<AnswerOf<E>>> {
  const role = endpoint.auth;
  const token = OperatorTokens[role].read();
  if (!token) return { kind: 'expired' };
  try {
    const response = await send(endpoint, token, options);
    if (SESSION_ENDING_STATUSES.has(response.status)) {
      logOutOperator(role);
      return { kind: 'expired' };
    }
    if (!response.ok) {
      const body = await response.text().catch(() => '');
      return { kind: 'failed', message: `HTTP ${response.status}: ${body}` };
    }
    const schema = endpoint.responses[successStatus(endpoint)];
    const answer = await readAnswer(endpoint, response);
    const parsed = schema ? schema.safeParse(answer) : { success: true as const, data: undefined };
    if (!parsed.success) return { kind: 'failed', message: 'The server sent an answer this app cannot read' };
    // The schema is the one AnswerOf<E> is inferred from.
    return { kind: 'done', value: parsed.data as AnswerOf<E> };
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}
