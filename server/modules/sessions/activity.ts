// Activity on a member session, from authenticated requests: last-seen and visits move at most once a
// minute per session. Each process remembers when it last wrote a session, so most requests cost nothing;
// the database's own condition keeps several processes to the same one write a minute.
import type { FastifyRequest } from 'fastify';
import { REPLAY_HEADER, REPLAY_HEADER_VALUE } from '../../../contract/sessions';
import type { AccessClaims } from '../../platform/tokens';
import { LAST_SEEN_WRITE_INTERVAL_SECONDS, touchSession } from './queries';

const WRITE_INTERVAL_MS = LAST_SEEN_WRITE_INTERVAL_SECONDS * 1000;
/** Past this many remembered sessions, the ones that may be written again are forgotten. */
const REMEMBERED_SESSIONS_LIMIT = 10_000;

const lastWrittenAt = new Map<string, number>();

function forgetStale(now: number): void {
  for (const [sessionId, writtenAt] of lastWrittenAt) {
    if (now - writtenAt >= WRITE_INTERVAL_MS) lastWrittenAt.delete(sessionId);
  }
}

/** The outbox's replays (page or service worker) run while the member may be away: not activity. */
export function isOutboxReplay(request: FastifyRequest): boolean {
  return request.headers[REPLAY_HEADER] === REPLAY_HEADER_VALUE;
}

/** A promise only when there is something to write: most requests cost nothing. */
export function recordActivity(request: FastifyRequest, claims: AccessClaims): Promise<unknown> | undefined {
  const { sessionId } = claims;
  if (!sessionId || isOutboxReplay(request)) return undefined;
  const now = Date.now();
  const writtenAt = lastWrittenAt.get(sessionId);
  if (writtenAt !== undefined && now - writtenAt < WRITE_INTERVAL_MS) return undefined;
  if (lastWrittenAt.size >= REMEMBERED_SESSIONS_LIMIT) forgetStale(now);
  lastWrittenAt.set(sessionId, now);
  return touchSession(request.server.ctx.db, sessionId, new Date(now));
}
