// WORKERS above 1: this primary process runs that many server processes on the one port (node's
// cluster), replaces one that dies, serves their summed metrics, and on SIGTERM has each drain and stop.
// Everything they must share (blocks, rate-limit state that matters, mail queue, sessions) is in
// PostgreSQL; the embedded database serves one process only, so it refuses to start here.
import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config';
import { serveMetrics } from '../observability/metrics-server';
import { WORKER_LISTENING } from './serve';

export async function runPrimary(config: Config): Promise<void> {
  if (!config.databaseUrl) {
    console.error(
      `WORKERS=${config.workers} needs PostgreSQL (DATABASE_URL): the embedded database serves one process. Set WORKERS=1 or DATABASE_URL.`,
    );
    process.exit(1);
  }
  let isStopping = false;
  const workers = new Set<Worker>();
  const listening = new WeakSet<Worker>();
  const fork = () => workers.add(cluster.fork());

  // Workers listen with reusePort, on sockets of their own, so cluster's 'listening' event never comes.
  cluster.on('message', (worker, message) => {
    if (message === WORKER_LISTENING) listening.add(worker);
  });
  cluster.on('exit', (worker, code, signal) => {
    workers.delete(worker);
    if (isStopping) {
      if (workers.size === 0) process.exit(0);
      return;
    }
    log(`worker ${worker.process.pid} ended (${signal ?? `exit ${code}`})`);
    // One that never got to listen is failing to start (configuration, database): forking it again and
    // again helps no one.
    if (!listening.has(worker)) {
      log('it failed while starting; stopping (see its output above)');
      process.exit(1);
    }
    fork();
  });

  for (let i = 0; i < config.workers; i += 1) fork();
  if (config.metrics) await serveMetrics(config.metrics, 'cluster-workers');
  log(`running ${config.workers} workers`);

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      isStopping = true;
      log(`${signal}: each worker finishes its requests in flight, then stops`);
      for (const worker of workers) worker.process.kill('SIGTERM');
      // The workers have their own grace period; this is the backstop should one hang.
      setTimeout(() => process.exit(1), config.shutdownGraceMs + 2_000).unref();
    });
  }
}

function log(message: string): void {
  console.log(JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg: `cluster: ${message}` }));
}
