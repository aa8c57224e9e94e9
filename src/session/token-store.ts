// The one token store (DESIGN.md §4 Offline saves): the spec's localStorage keys, which the page reads,
// and their IndexedDB copy, which the service worker reads (it has no localStorage), written together here
// and nowhere else.
import { clearAuthMirror, readAuthMirror, writeAuthMirror } from '../db/auth-mirror';
import type { AuthMirror } from '../db/tapnet-db';
import { Stored } from './browser-storage';
import { isWellFormedToken, readTokenSubject } from './tokens';

export interface SessionTokens {
  accessToken: string;
  refreshToken: string | null;
}

/** Where a context keeps its member's tokens: the page's store, or the copy alone in the service worker. */
export interface TokenStore {
  read(): Promise<SessionTokens | null>;
  write(tokens: SessionTokens): Promise<void>;
}

export function readAccessToken(): string | null {
  return Stored.token.read();
}

export function readRefreshToken(): string | null {
  return Stored.refreshToken.read();
}

/**
 * Keeps the IndexedDB copy the service worker replays offline saves with in step. Best effort: without
 * IndexedDB the page still replays with localStorage's tokens.
 */
function mirrorStoredTokens(): Promise<void> {
  const accessToken = readAccessToken();
  const userId = readTokenSubject(accessToken);
  if (!accessToken || !userId) return Promise.resolve();
  return writeAuthMirror({
    userId,
    accessToken,
    refreshToken: readRefreshToken(),
    isAheadOfPage: false,
  }).catch(() => {});
}

/** A new refresh token is kept only when it is well-formed (spec §4): a broken one would only fail later. */
function keepRefreshToken(token: string | null | undefined): void {
  if (isWellFormedToken(token)) Stored.refreshToken.write(token);
}

/** Stores a pair (a sign-in, a refresh) in both places; resolves once the copy is written too. */
export function storeTokens(accessToken: string, refreshToken?: string | null): Promise<void> {
  Stored.token.write(accessToken);
  keepRefreshToken(refreshToken);
  return mirrorStoredTokens();
}

export function storeRefreshToken(token: string | undefined): void {
  keepRefreshToken(token);
  void mirrorStoredTokens();
}

export function clearStoredTokens(): void {
  Stored.token.remove();
  Stored.refreshToken.remove();
  clearAuthMirror().catch(() => {});
}

/**
 * A replay that refreshed spent the refresh token the page holds, so the page takes the mirrored
 * pair (reusing the old one after the server's grace window would end the session); otherwise the
 * page's tokens are the freshest and are copied into the mirror.
 */
export async function reconcileTokenMirror(): Promise<void> {
  const mirror = await readAuthMirror();
  const accessToken = readAccessToken();
  const userId = readTokenSubject(accessToken);
  if (!accessToken || !userId) {
    if (mirror) await clearAuthMirror();
    return;
  }
  if (mirror?.isAheadOfPage && mirror.userId === userId) {
    Stored.token.write(mirror.accessToken);
    keepRefreshToken(mirror.refreshToken);
    await mirrorStoredTokens();
    return;
  }
  const refreshToken = readRefreshToken();
  if (
    mirror?.userId === userId &&
    mirror.accessToken === accessToken &&
    mirror.refreshToken === refreshToken
  ) {
    return;
  }
  await writeAuthMirror({ userId, accessToken, refreshToken, isAheadOfPage: false });
}

/** The page's tokens, after taking any pair a replay refreshed meanwhile. */
export const pageTokenStore: TokenStore = {
  async read() {
    await reconcileTokenMirror().catch(() => {});
    const accessToken = readAccessToken();
    return accessToken ? { accessToken, refreshToken: readRefreshToken() } : null;
  },
  write: ({ accessToken, refreshToken }) => storeTokens(accessToken, refreshToken),
};

function fromMirror(mirror: AuthMirror | null): SessionTokens | null {
  return mirror && { accessToken: mirror.accessToken, refreshToken: mirror.refreshToken };
}

/**
 * The copy alone, for the service worker and the outbox. What it refreshes is marked as ahead of the page,
 * so the page adopts the pair instead of reusing the refresh token that was rotated away.
 */
export const mirrorTokenStore: TokenStore = {
  read: async () => fromMirror(await readAuthMirror()),
  async write(tokens) {
    const userId = readTokenSubject(tokens.accessToken);
    if (userId) await writeAuthMirror({ userId, ...tokens, isAheadOfPage: true });
  },
};

/** Operator sessions (insights-and-operators.md) are kept apart from the member's and never refreshed. */
export const OperatorTokens = {
  admin: Stored.adminToken,
  security: Stored.securityToken,
} as const;
