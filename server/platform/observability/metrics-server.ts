// Serves /metrics on its own port (METRICS_PORT, on METRICS_HOST: loopback unless set), so the public
// port never shows them. One process serves its own figures; a cluster's primary serves the sum of
// its workers' (prom-client asks each worker over the cluster channel).
import { createServer, type Server } from 'node:http';
import client from 'prom-client';
import { metricsRegistry } from './metrics';

export interface MetricsAddress {
  port: number;
  host: string;
}

export function serveMetrics(
  { port, host }: MetricsAddress,
  source: 'this-process' | 'cluster-workers',
): Promise<Server> {
  const aggregate = source === 'cluster-workers' ? new client.AggregatorRegistry() : undefined;
  const server = createServer(async (request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    try {
      const text = aggregate ? await aggregate.clusterMetrics() : await metricsRegistry.metrics();
      response.writeHead(200, { 'Content-Type': metricsRegistry.contentType }).end(text);
    } catch (error) {
      response.writeHead(500, { 'Content-Type': 'text/plain' }).end(`metrics failed: ${String(error)}`);
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
