// What an operator watches: request ids tying an answer to its log lines, liveness apart from
// readiness, and Prometheus metrics on their own port.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import client from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsRegistry } from '../../server/platform/observability/metrics';
import { serveMetrics } from '../../server/platform/observability/metrics-server';
import { databaseKinds, startTestApp, type TestContext } from './helpers';

const [pglite] = databaseKinds;

describe('observability', () => {
  let t: TestContext & { close(): Promise<void> };
  const lines: string[] = [];
  let metrics: Server;

  beforeAll(async () => {
    if (!pglite) throw new Error('no database');
    t = await startTestApp(
      pglite,
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    metrics = await serveMetrics({ port: 0, host: '127.0.0.1' }, 'this-process');
  });
  afterAll(async () => {
    await new Promise((resolve) => metrics.close(resolve));
    await t.close();
  });

  it('gives every answer a request id, puts it in error answers and on the request’s log lines', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const refused = await t.app.inject({ method: 'GET', url: '/api/contact' });
    const id = String(refused.headers['x-request-id']);
    expect(refused.json()).toEqual({ error: 'Authentication required', code: 'UNAUTHORIZED', requestId: id });
    const ofRequest = lines.filter((line) => line.includes(id));
    expect(ofRequest.length).toBeGreaterThanOrEqual(2);
    for (const line of ofRequest) expect(JSON.parse(line).reqId).toBe(id);
  });

  it('keeps a proxy’s X-Request-Id when it is a plain token, and replaces anything else', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'x-request-id': 'edge-42.abc' },
    });
    expect(kept.headers['x-request-id']).toBe('edge-42.abc');
    expect(kept.json()).toMatchObject({ code: 'NOT_FOUND', requestId: 'edge-42.abc' });

    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'a"}\n{"level":60' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers liveness without the database and readiness with it', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.json()).toEqual({ status: 'alive' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'connected' });
  });

  it('serves Prometheus metrics on their own port, counted per route pattern, never per raw URL', async () => {
    const card = 'ab'.repeat(20);
    await t.app.inject({ method: 'GET', url: `/api/nfc/${card}-7` });
    await t.app.inject({ method: 'GET', url: '/api/health/live' });
    const { port } = metrics.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(
      /tapnet_http_requests_total\{method="GET",route="\/api\/nfc\/:nfcUID",status="404"\} \d+/,
    );
    expect(text).not.toContain(card);
    expect(text).toMatch(
      /tapnet_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/health\/live"\} \d+/,
    );
    expect(text).toMatch(/^tapnet_mail_queue_depth \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+$/m);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
  });

  it('counts every answer once per route and status, and times each in its buckets', async () => {
    const { port } = metrics.address() as AddressInfo;
    const scrape = async () => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const figure = (text: string, line: string) => {
      const found = text.split('\n').find((one) => one.startsWith(`${line} `));
      return found === undefined ? 0 : Number(found.slice(line.length + 1));
    };
    const route = 'method="GET",route="/api/health/live"';
    const before = await scrape();
    for (let answered = 0; answered < 3; answered += 1) {
      await t.app.inject({ method: 'GET', url: '/api/health/live' });
    }
    await t.app.inject({ method: 'GET', url: '/api/contact' });
    const after = await scrape();

    const counted = (text: string) => figure(text, `tapnet_http_requests_total{${route},status="200"}`);
    expect(counted(after) - counted(before)).toBe(3);
    const refused = 'tapnet_http_requests_total{method="GET",route="/api/contact",status="401"}';
    expect(figure(after, refused) - figure(before, refused)).toBe(1);
    const timed = (text: string) => figure(text, `tapnet_http_request_duration_seconds_count{${route}}`);
    expect(timed(after) - timed(before)).toBe(3);
    // Buckets are cumulative: each at most the next, the last (+Inf) every answer.
    const buckets = ['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '+Inf'].map(
      (le) => figure(after, `tapnet_http_request_duration_seconds_bucket{le="${le}",${route}}`),
    );
    for (const [index, count] of buckets.entries())
      expect(count).toBeLessThanOrEqual(buckets[index + 1] ?? count);
    expect(buckets.at(-1)).toBe(timed(after));
    expect(figure(after, `tapnet_http_request_duration_seconds_sum{${route}}`)).toBeGreaterThan(0);
    expect(after).toContain('# TYPE tapnet_http_request_duration_seconds histogram');
  });

  it('adds up every worker’s counts and times in a cluster, as the primary serves them', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health/live' });
    const ofOneWorker = await metricsRegistry.getMetricsAsJSON();
    const alone = await metricsRegistry.metrics();
    // Two workers with the same figures: the primary's sum is twice each one's.
    const ofTwo = await client.AggregatorRegistry.aggregate([ofOneWorker, ofOneWorker]).metrics();
    const figure = (text: string, line: string) =>
      Number(
        text
          .split('\n')
          .find((one) => one.startsWith(`${line} `))
          ?.slice(line.length + 1),
      );
    const route = 'method="GET",route="/api/health/live"';
    for (const line of [
      `tapnet_http_requests_total{${route},status="200"}`,
      `tapnet_http_request_duration_seconds_count{${route}}`,
      `tapnet_http_request_duration_seconds_bucket{le="+Inf",${route}}`,
    ]) {
      expect(figure(alone, line)).toBeGreaterThan(0);
      expect(figure(ofTwo, line)).toBe(2 * figure(alone, line));
    }
  });
});
