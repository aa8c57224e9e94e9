// Starts Tapnet: one server process, or with WORKERS above 1 a cluster primary that runs that many.
import cluster from 'node:cluster';
import { readConfig } from './platform/config';
import { runPrimary } from './platform/runtime/cluster-primary';
import { serve } from './platform/runtime/serve';

const config = readConfig();
if (config.workers > 1 && cluster.isPrimary) {
  await runPrimary(config);
} else {
  await serve(config, cluster.isWorker ? 'cluster-worker' : 'single');
}
