#!/usr/bin/env node
/**
 * `pnpm serve`: the preview and preferences API as a stand-alone process. Request logs are JSON lines on
 * stdout; what a person reads (where it listens, Redis outages, why it stopped) goes to stderr. With
 * `--workers <n>` a primary process forks n server processes that share the port (`node:cluster`).
 */
import cluster from 'node:cluster';
import { createApp } from './app';
import { runClusterPrimary, type WorkerMessage } from './cluster/cluster-primary';
import { fail, loadWorkspaceFileOrFail, parseCommandLine } from './command-line';
import { stdoutLogger } from './logging/request-log';
import { serveClusterMetrics } from './metrics/cluster-metrics';
import { prometheusMetrics } from './metrics/prometheus-metrics';
import { DEMO_WORKSPACE_FILE, type RunningServer, SERVER_TIMEOUTS, startServer } from './node';
import { PREFERENCES_PATH, PREVIEW_PATHS, V5_PREVIEW_PATH } from './openapi/openapi-document';
import { mountPlayground, PLAYGROUND_PATH, playgroundDirectory } from './playground/playground-routes';
import { filePreferenceStore, PREFERENCES_FILE } from './preferences/file-preference-store';
import type { PreferenceStore } from './preferences/preference-store';
import { redisPreferenceStore } from './preferences/redis-preference-store';
import type { RateLimitStore } from './rate-limit/rate-limit-store';
import {
  type OutageLog,
  type RedisFailureMode,
  type RedisRateLimitStore,
  redisRateLimitStore,
} from './rate-limit/redis-rate-limit-store';
import { describeRedisUrl } from './redis/redis-connection';
import { workspaceFileStore } from './workspaces/workspace';

/** Where preference updates are kept without Redis, relative to the working directory. */
const DEFAULT_DATA_DIR = 'personalize-data';

const USAGE = `Usage: pnpm serve [--workspace <file>] [--port <n>] [--host <address>] [--data-dir <folder>]
                  [--redis <url>] [--redis-failure open|closed] [--redis-timeout <ms>] [--workers <n>]
                  [--auth-failures <n>] [--headers-timeout <ms>] [--request-timeout <ms>]
                  [--keep-alive-timeout <ms>]

Serves the personalized preview API (POST ${PREVIEW_PATHS[0]} and POST ${V5_PREVIEW_PATH})
and the subscription category preferences API (GET, PUT and POST ${PREFERENCES_PATH}).

  --workspace <file>       workspace file (JSON); defaults to the demo workspace
  --port <n>               port, 0 for any free one; defaults to 3000
  --host <address>         address to listen on; defaults to 127.0.0.1 (this machine only)
  --data-dir <folder>      where preference updates are kept (${PREFERENCES_FILE}) without --redis;
                           defaults to ./${DEFAULT_DATA_DIR}
  --redis <url>            count rate limits and keep preference updates in Redis (redis://host:port),
                           shared by every server process that uses it; defaults to $REDIS_URL, else
                           counts in memory and keeps updates in --data-dir
  --redis-failure <mode>   when Redis does not answer: open serves requests uncounted, closed answers
                           503; defaults to open
  --redis-timeout <ms>     longest wait for Redis per request; defaults to 500
  --workers <n>            server processes sharing the port (needs --redis); defaults to 1
  --auth-failures <n>      failed authentications a client address may make for one workspace in a
                           minute, then 429 until the minute ends; defaults to 10
  --headers-timeout <ms>   time a client has to send a request's headers; defaults to ${SERVER_TIMEOUTS.headersTimeoutMs}
  --request-timeout <ms>   time a client has to send a whole request; defaults to ${SERVER_TIMEOUTS.requestTimeoutMs}
  --keep-alive-timeout <ms>
                           time an idle kept-alive connection stays open; defaults to ${SERVER_TIMEOUTS.keepAliveTimeoutMs}
  --help                   this text
`;

/** What the command line asks for. */
interface ServeConfig {
  readonly workspaceFile: string;
  /** The data folder of preference updates, when they are not kept in Redis. */
  readonly dataDir: string;
  readonly port: number;
  readonly host: string;
  readonly redis:
    | { readonly url: string; readonly failure: RedisFailureMode; readonly timeoutMs: number }
    | undefined;
  readonly workers: number;
  readonly authFailuresPerMinute: number;
  readonly timeouts: {
    readonly headersTimeoutMs: number;
    readonly requestTimeoutMs: number;
    readonly keepAliveTimeoutMs: number;
  };
}

function wholeNumber(option: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max)
    fail(`--${option} must be a whole number from ${min} to ${max}, got ${text}`, 2);
  return value;
}

/** A timeout option in ms, from 1 ms to an hour, or its default. */
function milliseconds(option: string, text: string | undefined, name: keyof typeof SERVER_TIMEOUTS): number {
  return text === undefined ? SERVER_TIMEOUTS[name] : wholeNumber(option, text, 1, 3_600_000);
}

function parseConfig(): ServeConfig {
  const values = parseCommandLine(
    {
      workspace: { type: 'string' },
      'data-dir': { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      redis: { type: 'string' },
      'redis-failure': { type: 'string' },
      'redis-timeout': { type: 'string' },
      workers: { type: 'string' },
      'auth-failures': { type: 'string' },
      'headers-timeout': { type: 'string' },
      'request-timeout': { type: 'string' },
      'keep-alive-timeout': { type: 'string' },
      help: { type: 'boolean' },
    },
    USAGE,
  );
  if (values === undefined) process.exit(0);
  const redisUrl = values.redis ?? (process.env.REDIS_URL || undefined);
  if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl))
    fail(`--redis must be a redis:// or rediss:// URL, got ${redisUrl}`, 2);
  const failure = values['redis-failure'] ?? 'open';
  if (failure !== 'open' && failure !== 'closed')
    fail(`--redis-failure must be open or closed, got ${failure}`, 2);
  if (
    redisUrl === undefined &&
    (values['redis-failure'] !== undefined || values['redis-timeout'] !== undefined)
  )
    fail('--redis-failure and --redis-timeout need --redis <url> (or REDIS_URL)', 2);
  if (redisUrl !== undefined && values['data-dir'] !== undefined)
    fail('--data-dir is not used with --redis: preference updates are kept in Redis then', 2);
  const workers = wholeNumber('workers', values.workers ?? '1', 1, 256);
  if (workers > 1 && redisUrl === undefined) {
    fail(
      `--workers ${workers} needs --redis <url> (or REDIS_URL): each process would count the rate limits on its own, letting ${workers} times the limit through`,
      2,
    );
  }
  return {
    workspaceFile: values.workspace ?? DEMO_WORKSPACE_FILE,
    dataDir: values['data-dir'] ?? DEFAULT_DATA_DIR,
    port: wholeNumber('port', values.port ?? '3000', 0, 65_535),
    host: values.host ?? '127.0.0.1',
    redis:
      redisUrl === undefined
        ? undefined
        : {
            url: redisUrl,
            failure,
            timeoutMs: wholeNumber('redis-timeout', values['redis-timeout'] ?? '500', 1, 60_000),
          },
    workers,
    authFailuresPerMinute: wholeNumber('auth-failures', values['auth-failures'] ?? '10', 1, 1_000_000),
    timeouts: {
      headersTimeoutMs: milliseconds('headers-timeout', values['headers-timeout'], 'headersTimeoutMs'),
      requestTimeoutMs: milliseconds('request-timeout', values['request-timeout'], 'requestTimeoutMs'),
      keepAliveTimeoutMs: milliseconds(
        'keep-alive-timeout',
        values['keep-alive-timeout'],
        'keepAliveTimeoutMs',
      ),
    },
  };
}

async function loadStore(config: ServeConfig): Promise<ReturnType<typeof workspaceFileStore>> {
  return workspaceFileStore(await loadWorkspaceFileOrFail(config.workspaceFile));
}

/** Outages and recoveries of Redis, as lines a person reads; each worker of a cluster says which it is. */
const who = cluster.isWorker ? `server process ${process.pid}: ` : '';
const stderrLog: OutageLog = {
  warn: (_fields, message) => void process.stderr.write(`${who}warning: ${message}\n`),
  info: (_fields, message) => void process.stderr.write(`${who}${message}\n`),
};

function banner(
  config: ServeConfig,
  ids: readonly string[],
  url: string,
  redis: string | undefined,
  preferencesFile: string | undefined,
): string {
  const processes = config.workers > 1 ? `, ${config.workers} processes` : '';
  const counts =
    redis === undefined
      ? `rate limits counted in memory; preference updates kept in ${preferencesFile}`
      : `rate limits counted in Redis at ${redis}, fail ${config.redis?.failure}; preference updates kept in Redis too`;
  return (
    `Personalize server listening on ${url} (workspaces ${ids.join(', ')} from ${config.workspaceFile}${processes}; ${counts})\n` +
    `  POST ${url}${PREVIEW_PATHS[0]}\n` +
    `  POST ${url}${V5_PREVIEW_PATH}\n` +
    `  GET, PUT, POST ${url}${PREFERENCES_PATH}\n` +
    `  GET  ${url}/healthz    GET ${url}/openapi.json    GET ${url}/metrics\n` +
    (playgroundDirectory() === undefined ? '' : `  the playground page: ${url}${PLAYGROUND_PATH}/\n`)
  );
}

/** One server process: alone, or a worker of the cluster (which reports to the primary instead of printing). */
async function serve(config: ServeConfig): Promise<void> {
  const worker = cluster.isWorker;
  let server: RunningServer | undefined;
  let rateLimits: RedisRateLimitStore | undefined;
  let preferences: (PreferenceStore & { close(): Promise<void> }) | undefined;
  let stopping = false;
  const logger = stdoutLogger();
  const metrics = prometheusMetrics({ clusterWorker: worker });

  const stop = (why: string, force: boolean) => {
    if (stopping) {
      if (!force) return;
      process.stderr.write(`${why} again: stopping now\n`);
      process.exit(1);
    }
    stopping = true;
    if (!worker) process.stderr.write(`${why}: finishing the requests in flight, then stopping\n`);
    const closed = server === undefined ? Promise.resolve() : server.close();
    closed
      .then(() => Promise.all([rateLimits?.close(), preferences?.close()]))
      .catch(() => undefined)
      .then(() => {
        logger.flush();
        if (!worker) process.stderr.write('stopped\n');
        process.exit(0);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM', true));
  if (worker) {
    // Ctrl-C signals the whole process group: the primary gets it too, and sends each worker SIGTERM.
    process.on('SIGINT', () => {});
    // The primary is gone: no one would stop this process any more.
    process.on('disconnect', () => stop('disconnect', false));
  } else {
    process.on('SIGINT', () => stop('SIGINT', true));
  }

  const store = await loadStore(config);
  const cannotStart = (error: unknown) => fail(error instanceof Error ? error.message : String(error), 1);
  let counts: RateLimitStore | undefined;
  let preferencesFile: string | undefined;
  if (config.redis !== undefined) {
    rateLimits = await redisRateLimitStore({ ...config.redis, logger: metrics.watchRedis(stderrLog) }).catch(
      cannotStart,
    );
    counts = rateLimits;
    preferences = await redisPreferenceStore(config.redis).catch(cannotStart);
  } else {
    const file = await filePreferenceStore({ dir: config.dataDir }).catch(cannotStart);
    preferencesFile = file.file;
    preferences = file;
  }
  if (stopping) return;
  const app = createApp({
    workspaces: store,
    logger,
    rateLimits: counts,
    preferences,
    metrics,
    authFailuresPerMinute: config.authFailuresPerMinute,
  });
  mountPlayground(app, logger);
  server = await startServer(app, { port: config.port, host: config.host, ...config.timeouts }).catch(
    (error: unknown) =>
      fail(
        `cannot listen on ${config.host}:${config.port}: ${error instanceof Error ? error.message : String(error)}`,
        1,
      ),
  );
  if (worker) process.send?.({ type: 'listening', url: server.url } satisfies WorkerMessage);
  else process.stderr.write(banner(config, store.ids, server.url, rateLimits?.where, preferencesFile));
}

async function main(): Promise<void> {
  const config = parseConfig();
  if (cluster.isPrimary && config.workers > 1) {
    // Checked once here, so that a bad file is one message, not one per worker.
    const store = await loadStore(config);
    const where = config.redis === undefined ? undefined : describeRedisUrl(config.redis.url);
    serveClusterMetrics();
    runClusterPrimary({
      workers: config.workers,
      banner: (url) => banner(config, store.ids, url, where, undefined),
    });
    return;
  }
  await serve(config);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `the server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
