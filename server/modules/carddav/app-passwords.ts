// App passwords: made here, shown once, kept as hashes, checked on every CardDAV request.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  APP_PASSWORDS_MAX,
  AppPasswordMessages,
  type CreatedAppPassword,
} from '../../../contract/app-passwords';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { deleteAppPassword, findAppPasswordOwner, insertAppPassword, markAppPasswordUsed } from './queries';

/** Lower-case letters and digits without 0/o and 1/l, so one typed from another screen reads right. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const GROUPS = 5;
const GROUP_LENGTH = 4;

/** 20 characters of 32 kinds: 100 random bits, as "abcd-efgh-…". 256 is a multiple of 32, so no bias. */
export function newAppPassword(): string {
  const bytes = randomBytes(GROUPS * GROUP_LENGTH);
  const characters = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]);
  return Array.from({ length: GROUPS }, (_, group) =>
    characters.slice(group * GROUP_LENGTH, (group + 1) * GROUP_LENGTH).join(''),
  ).join('-');
}

function hashOf(password: string): string {
  return createHash('sha256').update(password).digest('hex');
}

export async function createAppPassword(
  db: Kysely<Database>,
  userId: string,
  name: string,
): Promise<CreatedAppPassword> {
  const password = newAppPassword();
  const id = await insertAppPassword(db, {
    userId,
    name,
    passwordHash: hashOf(password),
    max: APP_PASSWORDS_MAX,
  });
  if (!id) throw new HttpError('APP_PASSWORD_LIMIT', AppPasswordMessages.limit);
  return { id, name, password };
}

export async function revokeAppPassword(db: Kysely<Database>, userId: string, id: string): Promise<void> {
  if (!(await deleteAppPassword(db, userId, id))) {
    throw new HttpError('APP_PASSWORD_NOT_FOUND', AppPasswordMessages.notFound);
  }
}

/** The member an account e-mail and app password sign in as; undefined for any wrong pair. */
export async function signInWithAppPassword(
  db: Kysely<Database>,
  email: string,
  password: string,
): Promise<string | undefined> {
  const owner = await findAppPasswordOwner(db, email.trim().toLowerCase(), hashOf(password.trim()));
  if (!owner) return undefined;
  await markAppPasswordUsed(db, owner.id);
  return owner.userId;
}
