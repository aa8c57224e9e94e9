// Field rules shared by several areas of the wire.
import { z } from 'zod';
import { isWellFormedToken } from './token-shape';

export const PASSWORD_MIN_LENGTH = 8;
export const MINIMUM_AGE_YEARS = 16;

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'));

export const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`)
  .max(200, 'Password is too long')
  .regex(/[A-Z]/, 'Password must contain an uppercase letter')
  .regex(/[a-z]/, 'Password must contain a lowercase letter')
  .regex(/[0-9]/, 'Password must contain a number');

export const PersonNameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');

export const TokenSchema = z
  .string()
  .refine(isWellFormedToken, 'Malformed token')
  // The same rule for the API reference, which cannot run the function.
  .meta({ pattern: '^[^.]+\\.[^.]+\\.[^.]+$' });

/** Whole years between a YYYY-MM-DD birth date and `today`. */
export function ageInYears(dateOfBirth: string, today: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

export const DateOfBirthSchema = z.iso
  .date('Date of birth must be a valid date')
  .refine((value) => ageInYears(value, new Date()) <= 130, 'Date of birth must be a valid date')
  .refine(
    (value) => ageInYears(value, new Date()) >= MINIMUM_AGE_YEARS,
    `You must be at least ${MINIMUM_AGE_YEARS} years old to register`,
  )
  .meta({
    description: `A real date; the member is at least ${MINIMUM_AGE_YEARS} and at most 130 years old.`,
  });

export const UserIdSchema = z.uuid();

/** PostgreSQL text cannot hold U+0000, and no person types it: any string carrying it is refused. */
export const NUL_CHARACTER_MESSAGE = 'Text must not contain the NUL character (\\u0000)';

/** The path of every string in `value` (a request body, its params or query) that holds a NUL. */
export function pathsOfTextWithNul(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return value.includes('\u0000') ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => pathsOfTextWithNul(item, [...path, index]));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => pathsOfTextWithNul(item, [...path, key]));
  }
  return [];
}
