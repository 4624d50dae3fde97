/**
 * `@personalize/server/node`: what needs Node. The workspace file read from disk (and a workspace picked from it),
 * the demo workspace's path, the stand-alone server, rate limits counted in Redis, and preference updates kept in a
 * data file or in Redis, and Prometheus metrics.
 */
import { fileURLToPath } from 'node:url';

export { serveClusterMetrics } from './metrics/cluster-metrics';
export {
  type PrometheusMetrics,
  type PrometheusMetricsOptions,
  prometheusMetrics,
} from './metrics/prometheus-metrics';
export { type RunningServer, SERVER_TIMEOUTS, type StartServerOptions, startServer } from './node-server';
export {
  type FilePreferenceStore,
  type FilePreferenceStoreOptions,
  filePreferenceStore,
  PREFERENCES_FILE,
  PreferenceFileError,
} from './preferences/file-preference-store';
export {
  type RedisPreferenceStore,
  type RedisPreferenceStoreOptions,
  redisPreferenceStore,
} from './preferences/redis-preference-store';
export {
  type OutageLog,
  type RedisFailureMode,
  type RedisRateLimitStore,
  type RedisRateLimitStoreOptions,
  redisRateLimitStore,
} from './rate-limit/redis-rate-limit-store';
export { loadWorkspaceFile } from './workspaces/load-workspace-file';
export { pickWorkspace, type WorkspacePick } from './workspaces/pick-workspace';

/** The demo workspace shipped with the package (`workspaces/demo.json`): the server's default. */
export const DEMO_WORKSPACE_FILE: string = fileURLToPath(new URL('../workspaces/demo.json', import.meta.url));
