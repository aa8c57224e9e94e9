// A PostgreSQL backend that dies (a restart, a failover, an administrator's pg_terminate_backend) must
// cost the requests using it, never the process: pg emits 'error' on the client, and an 'error' event
// nobody listens to ends Node.
import type pg from 'pg';

/** Told once per connection lost; the server logs it. */
export type ConnectionLostListener = (error: Error) => void;

/**
 * Listens for errors on every client the pool hands out, idle or checked out. The query in flight (or
 * the next one) on a dead client still fails, with an error `isDatabaseUnavailable` knows, so its
 * request answers 503 and its transaction is gone with the backend; pg-pool drops the dead client when
 * it comes back and connects a new one for the next request.
 */
export function surviveLostConnections(pool: pg.Pool): {
  onConnectionLost(listener: ConnectionLostListener): void;
} {
  const listeners = new Set<ConnectionLostListener>();
  // pg-pool re-emits an idle client's error here too; the client's own listener below has told it.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      for (const listener of listeners) listener(error);
    });
  });
  return { onConnectionLost: (listener) => listeners.add(listener) };
}
