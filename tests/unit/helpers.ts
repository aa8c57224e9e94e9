// Builders shared by the unit tests.

function base64Url(value: string): string {
  return btoa(value).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** An unsigned JWT-shaped token; the client only reads its payload, the server checks signatures. */
export function makeToken(payload: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.signature`;
}

/** A member access token valid for `seconds` more. */
export function tokenExpiringIn(seconds: number, now = Date.now()): string {
  return makeToken({ sub: 'user-1', role: 'user', exp: Math.floor(now / 1000) + seconds });
}

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
}
