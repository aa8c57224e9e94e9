// Member sessions as the admin dashboard counts them: the heartbeat a visible app sends, and the header
// that marks the outbox's replays, which are neither activity nor saves made while online.
import { z } from 'zod';
import { DeviceClassSchema } from './admin-analytics';
import { defineEndpoint, type EndpointAuth } from './endpoint';

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

/** One open session of the caller's account, as the session list shows it (issue 30 point 4). */
export const ActiveSessionSchema = z.object({
  id: z.string(),
  device: DeviceClassSchema,
  os: z.string(),
  browser: z.string(),
  /** From the server's offline lookup of the sign-in's address; the address itself is never kept. */
  country: z.string().nullable(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  /** The session the list was asked from. */
  isCurrent: z.boolean(),
});
export type ActiveSession = z.infer<typeof ActiveSessionSchema>;

export const ActiveSessionsSchema = z.object({ sessions: z.array(ActiveSessionSchema) });

export const EndedSessionsSchema = z.object({ ended: z.number().int() });

const SessionIdParamsSchema = z.object({ id: z.uuid() });

/** The session list and its two actions, for members (`/api/sessions/open`) and each operator role. */
/** No other path lies under one of these, so a session id never meets another route's name. */
type SessionListPath = '/api/sessions/open' | '/api/admin/sessions' | '/api/security/sessions';

export function sessionListEndpoints<const Auth extends EndpointAuth>(base: SessionListPath, auth: Auth) {
  return {
    list: defineEndpoint({
      method: 'GET',
      path: base,
      summary: 'Lists the open sessions of the signed-in account: device, browser, country, last seen.',
      auth,
      responses: { 200: ActiveSessionsSchema },
      errors: [],
    }),
    end: defineEndpoint({
      method: 'DELETE',
      path: `${base}/:id`,
      summary: 'Ends one session of the signed-in account; its tokens are refused from then on.',
      auth,
      params: SessionIdParamsSchema,
      paramsRefusedAs: 'SESSION_NOT_FOUND',
      responses: { 204: z.void() },
      errors: ['SESSION_NOT_FOUND'],
    }),
    endOthers: defineEndpoint({
      method: 'DELETE',
      path: base,
      summary: 'Ends every session of the signed-in account but the one asking.',
      auth,
      responses: { 200: EndedSessionsSchema },
      errors: [],
    }),
  };
}

export const MemberSessionEndpoints = sessionListEndpoints('/api/sessions/open', 'member');

export const sessionEndpoints = [HeartbeatEndpoint, ...Object.values(MemberSessionEndpoints)];
