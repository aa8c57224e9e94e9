// The operator dashboards' calls (insights-and-operators.md §4 Operator dashboards, §6, §7 Operators, §8):
// sign-in, and every call made with an operator token, each answered as an outcome the dashboard shows.
//
// Over the transport, like the member client (client.ts), but with the other policy: an operator call
// carries the token of the role its endpoint's `auth` names and is never refreshed or retried (spec §6):
// a 401 or 403 ends the operator's session at once.
import type { Endpoint } from '../../contract/endpoint';
import type { OperatorLoginRequest, OperatorRole, WebAuthnCredential } from '../../contract/operators';
import { OperatorEndpoints } from '../../contract/operators';
import { OPERATOR_DEFAULT_EMAILS } from '../config/env';
import { OperatorTokens } from '../session/token-store';
import { type CallFailure, refusalText, type SendArguments, type SuccessAnswer, send } from './transport';

export type { OperatorRole };

/** What each operator area says about itself (spec §8 wording). */
export const OperatorAreas = {
  admin: {
    /** The e-mail the login form starts with (spec §2 "a default admin email from configuration"). */
    defaultEmail: OPERATOR_DEFAULT_EMAILS.admin,
    sessionExpiredMessage: 'Admin session expired. Please log in again.',
    /** 'Failed to fetch analytics data: {message}'. */
    loadFailedPrefix: 'Failed to fetch analytics data',
  },
  security: {
    defaultEmail: OPERATOR_DEFAULT_EMAILS.security,
    sessionExpiredMessage: 'Security session expired. Please log in again.',
    loadFailedPrefix: 'Failed to fetch security data',
  },
} as const satisfies Record<OperatorRole, object>;

export const LOGIN_FAILED_MESSAGE = 'Login failed';
export const LOGIN_UNREACHABLE_MESSAGE = 'Authentication failed. Please check your credentials.';

/**
 * Signed in (`next`: the dashboard, or the enrolment of a second factor the server requires first), or
 * the password was right and the code from the authenticator app is asked next, or refused.
 */
export type OperatorLoginOutcome =
  | { ok: true; next: 'dashboard' | 'enrolment' }
  | { ok: true; next: 'second-factor'; secondFactorToken: string }
  | { ok: false; message: string };

function refusalOf(failure: CallFailure): { ok: false; message: string } {
  if (failure.kind !== 'refused') return { ok: false, message: LOGIN_UNREACHABLE_MESSAGE };
  return { ok: false, message: failure.error ?? LOGIN_FAILED_MESSAGE };
}

/**
 * Signs an operator in and keeps the token under the role's key, apart from the member's session.
 * A refusal says the server's `error`, else 'Login failed'; no answer at all (or one this app cannot
 * read) says spec §8's last resort.
 */
export async function logInOperator(
  role: OperatorRole,
  credentials: OperatorLoginRequest,
): Promise<OperatorLoginOutcome> {
  const outcome = await send(OperatorEndpoints[role].login, { json: credentials, cache: 'no-store' });
  if (!outcome.ok) return refusalOf(outcome.failure);
  const answer = outcome.value;
  if ('secondFactorToken' in answer) {
    return { ok: true, next: 'second-factor', secondFactorToken: answer.secondFactorToken };
  }
  OperatorTokens[role].write(answer.token);
  return { ok: true, next: answer.mustEnrol ? 'enrolment' : 'dashboard' };
}

/** The sign-in's second step: a code from the authenticator app, or a recovery code. */
export async function completeOperatorSecondFactor(
  role: OperatorRole,
  secondFactorToken: string,
  code: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const outcome = await send(OperatorEndpoints[role].secondFactor, {
    json: { secondFactorToken, code },
    cache: 'no-store',
  });
  if (!outcome.ok) return refusalOf(outcome.failure);
  OperatorTokens[role].write(outcome.value.token);
  return { ok: true };
}

/** After enrolment the server answers a token that is no longer held at the enrolment. */
export function replaceOperatorToken(role: OperatorRole, token: string): void {
  OperatorTokens[role].write(token);
}

export function hasOperatorToken(role: OperatorRole): boolean {
  return OperatorTokens[role].read() !== null;
}

export function logOutOperator(role: OperatorRole): void {
  OperatorTokens[role].remove();
}

/** Why an operator call failed, other than an ended session: the transport's own account of it. */
export type OperatorFailure = CallFailure;

/**
 * `done` with the parsed answer; `expired` when there is no token or the server refused it (401, 403),
 * the token then being gone; `failed` with the transport's failure, which keeps a refusal's status,
 * code, error and errors.
 */
export type OperatorCallOutcome<T> =
  | { kind: 'done'; value: T }
  | { kind: 'expired' }
  | { kind: 'failed'; failure: OperatorFailure };

/** Spec §8's detail of a failure: 'HTTP {status}: {body}' for a refusal, else what went wrong. */
/** The longest stretch of an answer's body an error line quotes. */
const BODY_QUOTE_CHARS = 200;

/**
 * An answer's body as one line of text: a proxy's or a server's HTML error page loses its markup (the
 * operator saw raw HTML, issue 30), and a long body is cut.
 */
export function bodyAsText(body: string): string {
  const text = /<[a-z!/][^>]*>/i.test(body)
    ? body
        .replace(/<(script|style|head)\b[\s\S]*?<\/\1>/gi, ' ')
        .replace(/<[^>]*>/g, ' ')
        .replace(/&nbsp;/g, ' ')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
    : body;
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > BODY_QUOTE_CHARS ? `${line.slice(0, BODY_QUOTE_CHARS - 1)}…` : line;
}

export function failureDetail(failure: OperatorFailure): string {
  switch (failure.kind) {
    case 'refused':
      return `HTTP ${failure.status}: ${bodyAsText(failure.body)}`;
    case 'unreachable':
      return failure.message;
    case 'unreadable':
      return 'The server sent an answer this app cannot read';
  }
}

/**
 * What to tell an operator about a failed action: the server's own words for a refusal in the contract's
 * shape ('Please enter a valid IP address', or a validation failure's reasons), else spec §8's detail.
 */
export function actionFailureMessage(failure: OperatorFailure): string {
  if (failure.kind !== 'refused' || failure.error === undefined) return failureDetail(failure);
  return failure.errors.length > 0 ? failure.errors.join(' ') : refusalText(failure);
}

export type OperatorEndpoint = Endpoint & { auth: OperatorRole };

const SESSION_ENDING_STATUSES = new Set([401, 403]);

/** Calls `endpoint` with the token of the role it belongs to; operators look at live figures, never a kept answer. */
export async function callOperatorEndpoint<E extends OperatorEndpoint>(
  endpoint: E,
  ...[options]: SendArguments<E>
): Promise<OperatorCallOutcome<SuccessAnswer<E>>> {
  const role = endpoint.auth;
  const token = OperatorTokens[role].read();
  if (!token) return { kind: 'expired' };
  const outcome = await send<E>(
    endpoint,
    ...([{ ...options, token, cache: 'no-store' }] as SendArguments<E>),
  );
  if (outcome.ok) return { kind: 'done', value: outcome.value };
  const { failure } = outcome;
  if (failure.kind === 'refused' && SESSION_ENDING_STATUSES.has(failure.status)) {
    logOutOperator(role);
    return { kind: 'expired' };
  }
  return { kind: 'failed', failure };
}

export const PASSKEY_CANCELLED_MESSAGE =
  'The passkey was not used (cancelled, timed out, or none here). Try again, or enter a code.';

/**
 * Asks the browser's authenticator: creating a passkey for `options`, or signing its challenge. Loaded
 * when asked, so the WebAuthn helpers ride in no page's first chunk. Undefined when the operator
 * cancelled, it timed out, or no authenticator answered.
 */
export async function askAuthenticator(purpose: 'create' | 'get', options: object): Promise<unknown> {
  const webauthn = await import('@simplewebauthn/browser');
  try {
    // The server wrote the options with @simplewebauthn/server; the browser half reads them as they are.
    return purpose === 'create'
      ? await webauthn.startRegistration({ optionsJSON: options as never })
      : await webauthn.startAuthentication({ optionsJSON: options as never });
  } catch {
    return undefined;
  }
}

/** The sign-in's second step with a passkey: the server's challenge, the authenticator's answer, checked. */
export async function completeOperatorPasskey(
  role: OperatorRole,
  secondFactorToken: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const endpoints = OperatorEndpoints[role];
  const options = await send(endpoints.passkeySignInOptions, {
    json: { secondFactorToken },
    cache: 'no-store',
  });
  if (!options.ok) return refusalOf(options.failure);
  const credential = await askAuthenticator('get', options.value);
  if (!credential) return { ok: false, message: PASSKEY_CANCELLED_MESSAGE };
  const outcome = await send(endpoints.passkeySignIn, {
    json: { secondFactorToken, credential: credential as WebAuthnCredential },
    cache: 'no-store',
  });
  if (!outcome.ok) return refusalOf(outcome.failure);
  OperatorTokens[role].write(outcome.value.token);
  return { ok: true };
}
