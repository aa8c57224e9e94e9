// Starts Tapnet: one server process, or with WORKERS above 1 a cluster primary that runs that many.
import cluster from 'node:cluster';
import { readConfig } from './config';
import { runPrimary } from './runtime/cluster-primary';
import { serve } from './runtime/serve';

const config = readConfig();
if (config.workers > 1 && cluster.isPrimary) {
  await runPrimary(config);
} else {
  await serve(config, cluster.isWorker ? 'cluster-worker' : 'single');
}
