// Keeps localStorage's tokens and their IndexedDB mirror (DESIGN.md §4 Offline saves) in agreement.
import { clearAuthMirror, readAuthMirror, writeAuthMirror } from '../db/auth-mirror';
import {
  readAccessToken,
  readRefreshToken,
  readTokenSubject,
  storeAccessToken,
  storeRefreshToken,
} from './tokens';

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
    storeAccessToken(mirror.accessToken);
    storeRefreshToken(mirror.refreshToken ?? undefined);
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
