/**
 * `@personalize/server/node`: what needs Node. The workspace file read from disk (and a workspace picked from it),
 * the demo workspace's path, the stand-alone server, and rate limits counted in Redis.
 */
import { fileURLToPath } from 'node:url';

export { type RunningServer, type StartServerOptions, startServer } from './node-server';
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
