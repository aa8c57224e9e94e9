// Prometheus metrics of one server process: requests and their latency per route, errors, the mail
// queue, the database pool, and Node's own (event-loop lag, memory, CPU). They are served apart from
// the app, on METRICS_PORT (see metrics-server.ts); with several workers the primary adds them up.
import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import client from 'prom-client';
import type { DatabaseConnection } from '../db/connection';

/** prom-client's registry is per process and metrics may be defined once, however many apps tests build. */
let defined: ReturnType<typeof defineMetrics> | undefined;
/** The database the gauges read when scraped: the process's app (the last one built, in tests). */
let scrapedConnection: DatabaseConnection | undefined;

function defineMetrics() {
  client.collectDefaultMetrics({ eventLoopMonitoringPrecision: 10 });
  // prom-client answers the primary's requests for a worker's figures only once an aggregator exists here.
  if (cluster.isWorker) new client.AggregatorRegistry();
  return {
    requests: new client.Counter({
      name: 'tapnet_http_requests_total',
      help: 'Requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'] as const,
    }),
    duration: new client.Histogram({
      name: 'tapnet_http_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer, by method and route pattern.',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    }),
    mailQueue: new client.Gauge({
      name: 'tapnet_mail_queue_depth',
      help: 'Mail waiting in the outbox to be delivered (not sent, not given up).',
      // Every worker reads the same table: the cluster's value is one worker's, not their sum.
      aggregator: 'max',
      async collect() {
        this.set(await waitingMail());
      },
    }),
    mailGivenUp: new client.Gauge({
      name: 'tapnet_mail_given_up_24h',
      help: 'Mail given up on after its retries in the last 24 hours.',
      aggregator: 'max',
      async collect() {
        this.set(await givenUpMail());
      },
    }),
    pool: new client.Gauge({
      name: 'tapnet_db_pool_connections',
      help: 'PostgreSQL pool connections of this process, by state (total, idle, waiting requests).',
      labelNames: ['state'] as const,
      collect() {
        const stats = scrapedConnection?.poolStats?.();
        if (!stats) return;
        for (const [state, count] of Object.entries(stats)) this.set({ state }, count);
      },
    }),
  };
}

async function waitingMail(): Promise<number> {
  if (!scrapedConnection) return 0;
  const { rows } = await sql<{ count: string }>`
    SELECT count(*) AS count FROM mail_outbox WHERE sent_at IS NULL AND given_up_at IS NULL`.execute(
    scrapedConnection.db,
  );
  return Number(rows[0]?.count ?? 0);
}

async function givenUpMail(): Promise<number> {
  if (!scrapedConnection) return 0;
  const { rows } = await sql<{ count: string }>`
    SELECT count(*) AS count FROM mail_outbox WHERE given_up_at > now() - interval '24 hours'`.execute(
    scrapedConnection.db,
  );
  return Number(rows[0]?.count ?? 0);
}

/** Counts and times every answer of `app` under its route pattern (never the raw URL: bounded labels). */
export function measureRequests(app: FastifyInstance, connection: DatabaseConnection): void {
  defined ??= defineMetrics();
  scrapedConnection = connection;
  const { requests, duration } = defined;
  /** Each route, method and status's series, found once: prom-client otherwise keys the labels at every count. */
  const series = new Map<string, Map<string, Map<number, { count: Counted; time: Timed }>>>();
  // A callback hook: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const { method } = request;
    const status = reply.statusCode;
    let byMethod = series.get(route);
    if (!byMethod) {
      byMethod = new Map();
      series.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let found = byStatus.get(status);
    if (!found) {
      found = {
        count: requests.labels({ method, route, status: String(status) }),
        time: duration.labels({ method, route }),
      };
      byStatus.set(status, found);
    }
    found.count.inc();
    found.time.observe(reply.elapsedTime / 1000);
    done();
  });
}

type Counted = ReturnType<ReturnType<typeof defineMetrics>['requests']['labels']>;
type Timed = ReturnType<ReturnType<typeof defineMetrics>['duration']['labels']>;

export const metricsRegistry = client.register;
