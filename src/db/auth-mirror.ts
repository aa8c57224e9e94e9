// The mirrored tokens (see AuthMirrorSchema): read parsed, written whole, cleared with the session.
import { type AuthMirror, AuthMirrorSchema, db } from './tapnet-db';

const MIRROR_KEY = 'current';

export async function readAuthMirror(): Promise<AuthMirror | null> {
  const row = await db.authMirror.get(MIRROR_KEY);
  if (row === undefined) return null;
  const parsed = AuthMirrorSchema.safeParse(row);
  if (parsed.success) return parsed.data;
  await db.authMirror.delete(MIRROR_KEY);
  return null;
}

export async function writeAuthMirror(mirror: Omit<AuthMirror, 'key' | 'updatedAt'>): Promise<void> {
  await db.authMirror.put({ ...mirror, key: MIRROR_KEY, updatedAt: Date.now() });
}

export async function clearAuthMirror(): Promise<void> {
  await db.authMirror.delete(MIRROR_KEY);
}
