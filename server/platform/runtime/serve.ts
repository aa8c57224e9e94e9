// One server process: reads the configuration, opens the database, listens, and on SIGTERM stops taking
// connections and lets the requests in flight finish (within SHUTDOWN_GRACE_MS) before it exits.
import cluster from 'node:cluster';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Config } from '../config';
import { type DatabaseConnection, DataDirNotWritableError, openDatabase } from '../db/connection';
import { DataDirInUseError } from '../db/data-dir-lock';
import { warmPlaceWords } from '../geo/place-words';
import { serveMetrics } from '../observability/metrics-server';
import { startupSummary } from './startup-summary';

/** What a cluster worker tells its primary once it takes connections. */
export const WORKER_LISTENING = 'tapnet:listening';

/** `cluster-worker`: one of WORKERS processes; the primary serves the metrics of them all. */
export type ProcessRole = 'single' | 'cluster-worker';

export async function serve(config: Config, role: ProcessRole): Promise<void> {
  const connection = await openOrExplain(config);
  const app = await buildApp({ config, connection });
  connection.onConnectionLost?.((error) =>
    app.log.warn(
      { err: error },
      'a database connection was lost; its request answered 503 and the pool reconnects',
    ),
  );
  stopGracefullyOnSignals(app, config.shutdownGraceMs);

  // reusePort (Node 22.12 and later, Linux): a new release's processes can listen beside the old ones
  // while those drain, so a deploy refuses no connection. Older Node ignores it.
  await app.listen({ port: config.port, host: config.host, reusePort: true } as {
    port: number;
    host: string;
  });
  if (role === 'single' && config.metrics) await serveMetrics(config.metrics, 'this-process');
  if (role === 'cluster-worker') process.send?.(WORKER_LISTENING);
  // Once per start: in a cluster the first worker speaks for all of them.
  if (role === 'single' || cluster.worker?.id === 1) {
    // A database gone in the meantime must not stop a server that already serves.
    await startupSummary(app, config, connection).then(
      (summary) => app.log.info({ startup: summary.facts }, summary.message),
      (error: unknown) => app.log.warn({ err: error }, 'the start-up summary could not be made'),
    );
  }

  // The towns for "Met near …" are read now rather than on the first save, after listening, so
  // start-up is not held up (the contacts module fills in the words of older contacts then too).
  warmPlaceWords();
}

function stopGracefullyOnSignals(app: FastifyInstance, graceMs: number): void {
  let isClosing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, async () => {
      if (isClosing) return;
      isClosing = true;
      app.log.info({ signal }, 'shutting down: no new connections, finishing the requests in flight');
      const deadline = setTimeout(() => {
        app.log.error(`requests still in flight after ${graceMs} ms; exiting anyway`);
        process.exit(1);
      }, graceMs);
      deadline.unref();
      // Keep-alive connections whose request was in flight when closing began would otherwise stay
      // open until their timeout: close each as soon as its answer has gone out.
      setInterval(() => app.server.closeIdleConnections(), 100).unref();
      try {
        await app.close();
        process.exit(0);
      } catch (error) {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      }
    });
  }
}

/** A data directory held by another process, or not writable, is an operator's mistake: say so and stop. */
async function openOrExplain(config: Config): Promise<DatabaseConnection> {
  try {
    return await openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: resolve(config.dataDir) },
    );
  } catch (error) {
    if (!(error instanceof DataDirInUseError || error instanceof DataDirNotWritableError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
