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
  const series: Series[] = [];
  const allDurations: Durations[] = [];
  /** Each route and method's series, found at every answer (a route has a few statuses). */
  const byRoute = new Map<string, Series[]>();
  return {
    /** The series an answer counts in, made the first time it is seen. */
    seriesOf(route: string, method: string, status: number): Series {
      let ofRoute = byRoute.get(route);
      if (!ofRoute) {
        ofRoute = [];
        byRoute.set(route, ofRoute);
      }
      for (const one of ofRoute) if (one.status === status && one.durations.method === method) return one;
      let durations = ofRoute.find((one) => one.durations.method === method)?.durations;
      if (!durations) {
        durations = { method, route, buckets: DURATION_BUCKETS.map(() => 0), sumSeconds: 0, count: 0 };
        allDurations.push(durations);
      }
      const made = { status, uncounted: 0, durations };
      ofRoute.push(made);
      series.push(made);
      return made;
    },
    requests: new client.Counter({
      name: 'tapnet_http_requests_total',
      help: 'Requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'] as const,
      // Counted per answer in `series`, handed over here when scraped.
      collect() {
        for (const one of series) {
          if (one.uncounted === 0) continue;
          const { method, route } = one.durations;
          this.inc({ method, route, status: String(one.status) }, one.uncounted);
          one.uncounted = 0;
        }
      },
    }),
    duration: new RequestDurations(allDurations),
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

/** One route and method's answer times since the process started, per bucket (not cumulative). */
interface Durations {
  method: string;
  route: string;
  /** Answers per bucket of `DURATION_BUCKETS`, the last one past its largest bound. */
  buckets: number[];
  sumSeconds: number;
  count: number;
}

/** One route, method and status's answers not yet handed to prom-client's counter. */
interface Series {
  status: number;
  uncounted: number;
  durations: Durations;
}

const DURATION_NAME = 'tapnet_http_request_duration_seconds';
const DURATION_HELP = 'Time from receiving a request to sending its answer, by method and route pattern.';
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * The latency histogram, kept in plain numbers and reported from them when scraped: prom-client's
 * own `observe` keys and validates its labels at every answer, a twentieth of the CPU of a poll's
 * 304 (docs/budgets.md). The text format and the cluster's sums are prom-client's, as before.
 */
class RequestDurations extends client.Histogram<'method' | 'route'> {
  readonly #all: readonly Durations[];

  constructor(all: readonly Durations[]) {
    super({
      name: DURATION_NAME,
      help: DURATION_HELP,
      labelNames: ['method', 'route'],
      buckets: DURATION_BUCKETS,
    });
    this.#all = all;
  }

  override async get() {
    const bucket = `${DURATION_NAME}_bucket`;
    const values = this.#all.flatMap(({ method, route, buckets, sumSeconds, count }) => {
      let cumulative = 0;
      return [
        ...DURATION_BUCKETS.map((bound, index) => {
          cumulative += buckets[index] ?? 0;
          return { labels: { le: bound, method, route }, value: cumulative, metricName: bucket };
        }),
        { labels: { le: '+Inf', method, route }, value: count, metricName: bucket },
        { labels: { method, route }, value: sumSeconds, metricName: `${DURATION_NAME}_sum` },
        { labels: { method, route }, value: count, metricName: `${DURATION_NAME}_count` },
      ];
    });
    return {
      name: DURATION_NAME,
      help: DURATION_HELP,
      // prom-client's types say a number; its text format and the cluster's sums read the name.
      type: 'histogram' as unknown as client.MetricType,
      aggregator: 'sum' as const,
      collect: () => undefined,
      values,
    };
  }

  /** What prom-client's text format reads in place of `get` (its own method, not in its types). */
  getForPromString() {
    return this.get();
  }
}

/** Counts and times every answer of `app` under its route pattern (never the raw URL: bounded labels). */
export function measureRequests(app: FastifyInstance, connection: DatabaseConnection): void {
  defined ??= defineMetrics();
  scrapedConnection = connection;
  const { seriesOf } = defined;
  // A callback hook: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    const found = seriesOf(request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode);
    found.uncounted += 1;
    const durations = found.durations;
    const seconds = reply.elapsedTime / 1000;
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > (DURATION_BUCKETS[bucket] ?? 0)) bucket += 1;
    durations.buckets[bucket] = (durations.buckets[bucket] ?? 0) + 1;
    durations.sumSeconds += seconds;
    durations.count += 1;
    done();
  });
}

export const metricsRegistry = client.register;
