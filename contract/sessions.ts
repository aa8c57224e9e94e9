// Member sessions as the admin dashboard counts them: the heartbeat a visible app sends, and the header
// that marks the outbox's replays, which are neither activity nor saves made while online.
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * Set by the outbox (src/sync/outbox.ts) on every replayed request, from the page or the service worker:
 * a replay extends no session, and a contact saved by one was saved offline and synced later.
 */
export const REPLAY_HEADER = 'x-tapnet-replay';
export const REPLAY_HEADER_VALUE = 'outbox';

/** How often a visible, online app says the member is still there (research/wave2.md §1.3). */
export const HEARTBEAT_INTERVAL_MS = 60_000;

export const HeartbeatEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/sessions/heartbeat',
  summary:
    'Sent about once a minute by a visible app, so a member reading counts as online; answers nothing.',
  auth: 'member',
  responses: { 204: z.void() },
  errors: ['RATE_LIMITED'],
});

export const sessionEndpoints = [HeartbeatEndpoint];
