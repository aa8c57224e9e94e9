// Hashing of passwords and of the one-time secrets we hand out (codes, reset and refresh token ids).
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// OWASP's minimum for argon2id: 19 MiB, two passes, one lane.
// The package's Algorithm enum is a const enum that isolated modules cannot read; 2 is Argon2id.
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Verifying against this when the account does not exist keeps the response time the same.
const ABSENT_ACCOUNT_HASH = hash('absent-account-placeholder', ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? (await ABSENT_ACCOUNT_HASH), password);
  } catch {
    return false;
  }
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Six digits is only a million values, so codes are keyed with the server secret, not plainly hashed. */
export function hashVerificationCode(code: string, key: string): string {
  return createHmac('sha256', key).update(`verification-code:${code}`).digest('hex');
}

export function matchesHash(candidate: string, stored: string): boolean {
  const a = Buffer.from(candidate, 'hex');
  const b = Buffer.from(stored, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createVerificationCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

export function createOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}
