// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC-SHA1, 30-second steps, 6 digits,
// the one shape every authenticator app reads from an otpauth:// URI. Written on node:crypto rather than
// a package: it is twenty lines, and the replay rule (last used step) is ours to keep anyway.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOTP_DIGITS } from '../../../contract/operators';

export const TOTP_STEP_SECONDS = 30;
/** A code of the step before or after also passes: a phone's clock a little off, a code typed late. */
export const TOTP_WINDOW_STEPS = 1;
/** 160 bits, the HMAC-SHA1 key length RFC 4226 recommends. */
const SECRET_BYTES = 20;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += BASE32[(value << (5 - bits)) & 31];
  return text;
}

export function base32Decode(text: string): Buffer {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export function createTotpSecret(): string {
  return base32Encode(randomBytes(SECRET_BYTES));
}

/** The time step `atMs` falls in. */
export function totpStepAt(atMs: number): number {
  return Math.floor(atMs / 1000 / TOTP_STEP_SECONDS);
}

/** The code of `step` for `secret` (base32): RFC 4226's dynamic truncation. */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0xf;
  const number = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(number % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

/**
 * The step within the window around `atMs` whose code `code` is, later than `afterStep` (a code once
 * accepted is refused when replayed); null when none is.
 */
export function matchingStep(
  secret: string,
  code: string,
  atMs: number,
  afterStep: number | null,
): number | null {
  const now = totpStepAt(atMs);
  const given = Buffer.from(code);
  for (let step = now - TOTP_WINDOW_STEPS; step <= now + TOTP_WINDOW_STEPS; step += 1) {
    if (afterStep !== null && step <= afterStep) continue;
    const expected = Buffer.from(totpCode(secret, step));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return step;
  }
  return null;
}

/** What an authenticator app scans: the issuer and account name label the entry. */
export function otpauthUri(secret: string, issuer: string, account: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query}`;
}
