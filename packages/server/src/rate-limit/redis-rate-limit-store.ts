/**
 * The Redis `RateLimitStore` (Node only): counters that several server processes, on one machine or many,
 * share, on `rate-limiter-flexible`'s `RateLimiterRedis` over the `redis` client. Redis that stops answering
 * never hangs a request: each count waits at most `timeoutMs`, and during an outage one request at a time
 * checks whether Redis is back while the others get the failure mode at once.
 */
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { createClient } from 'redis';
import { type RateLimitCount, type RateLimitStore, RateLimitStoreUnavailableError } from './rate-limit-store';

/** What a request gets while Redis does not answer: served uncounted (`open`) or a 503 (`closed`). */
export type RedisFailureMode = 'open' | 'closed';

/** Where a store reports the start and the end of an outage; pino's `Logger` is one. */
export interface OutageLog {
  /** An outage starts. */
  warn(fields: object, message: string): void;
  /** Redis answers again. */
  info(fields: object, message: string): void;
}

/** Options of `redisRateLimitStore`. */
export interface RedisRateLimitStoreOptions {
  /** `redis://[[user]:password@]host[:port][/db]`, or `rediss://` for TLS. */
  readonly url: string;
  /** What a request gets while Redis does not answer. Defaults to `'open'`. */
  readonly failure?: RedisFailureMode;
  /** Longest wait for one count, in ms; past it Redis counts as not answering. Defaults to `500`. */
  readonly timeoutMs?: number;
  /** Longest wait for the first connection, in ms. Defaults to `5000`. */
  readonly connectTimeoutMs?: number;
  /** Where the start and the end of an outage are logged (one warning per outage). Defaults to nowhere. */
  readonly logger?: OutageLog;
  /** The prefix of every key in Redis. Defaults to `'personalize:rate-limit'`. */
  readonly keyPrefix?: string;
}

/** A Redis store: a `RateLimitStore` with a connection to close. */
export interface RedisRateLimitStore extends RateLimitStore {
  /** Where it counts (`redis://127.0.0.1:6379`, without credentials). */
  readonly where: string;
  /** Closes the connection; counts after this fail like an outage. */
  close(): Promise<void>;
}

/** Keys outlive their window by this much, so that a server whose clock lags still finds the count. */
const KEY_GRACE_S = 60;
/** Reconnection backs off from 50 ms to this, so that a Redis that comes back is found within a second. */
const MAX_RECONNECT_DELAY_MS = 1000;

/**
 * Where a Redis URL points, for messages: `redis://host:port/db` without user or password.
 *
 * @example
 * describeRedisUrl('redis://:secret@10.0.0.5:6379/2'); // 'redis://10.0.0.5:6379/2'
 */
export function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'the configured Redis URL';
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return reasonOf(error.errors[0]);
  return error instanceof Error ? error.message || error.name : String(error);
}

/** Rejects when `promise` has not settled within `ms`; the late result is dropped. */
function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Connects to Redis and returns a store that counts there. Rejects when the first connection does not
 * succeed within `connectTimeoutMs` (a wrong URL should stop start-up, not serve every request uncounted).
 *
 * @example
 * const rateLimits = await redisRateLimitStore({ url: 'redis://127.0.0.1:6379', failure: 'closed', logger });
 * const app = createApp({ workspaces, rateLimits });
 * process.once('SIGTERM', () => rateLimits.close());
 */
export async function redisRateLimitStore(options: RedisRateLimitStoreOptions): Promise<RedisRateLimitStore> {
  const failure = options.failure ?? 'open';
  const timeoutMs = options.timeoutMs ?? 500;
  const connectTimeoutMs = options.connectTimeoutMs ?? 5000;
  const keyPrefix = options.keyPrefix ?? 'personalize:rate-limit';
  const logger = options.logger;
  const where = describeRedisUrl(options.url);

  // Until the first connection succeeds a failure is final (start-up should say so at once); afterwards
  // the client reconnects by itself.
  let connected = false;
  const client = createClient({
    url: options.url,
    // Commands sent while disconnected fail at once instead of piling up until Redis is back.
    disableOfflineQueue: true,
    commandOptions: { timeout: timeoutMs },
    socket: {
      connectTimeout: connectTimeoutMs,
      reconnectStrategy: (retries, cause) =>
        connected
          ? Math.min(50 * 2 ** retries, MAX_RECONNECT_DELAY_MS) + Math.floor(Math.random() * 50)
          : cause,
    },
  });
  // Without a listener an 'error' event would end the process; outages are reported by `consume`.
  client.on('error', () => {});
  try {
    await withDeadline(client.connect(), connectTimeoutMs, `connecting to ${where}`);
    connected = true;
  } catch (error) {
    if (client.isOpen) client.destroy();
    throw new Error(`cannot connect to Redis at ${where}: ${reasonOf(error)}`, { cause: error });
  }

  // A limiter has one limit (`points`); workspaces may have their own, so one limiter per limit.
  const limiters = new Map<number, RateLimiterRedis>();
  const limiterFor = (limit: number): RateLimiterRedis => {
    let limiter = limiters.get(limit);
    if (limiter === undefined) {
      limiter = new RateLimiterRedis({
        storeClient: client,
        useRedisPackage: true,
        rejectIfRedisNotReady: true,
        points: limit,
        duration: 60,
        keyPrefix,
      });
      limiters.set(limit, limiter);
    }
    return limiter;
  };

  let outageSince: number | undefined;
  let probing = false;
  const recovered = () => {
    if (outageSince === undefined) return;
    const seconds = ((Date.now() - outageSince) / 1000).toFixed(1);
    outageSince = undefined;
    logger?.info(
      { redis: where },
      `Redis at ${where} answers again after ${seconds} s: rate limits are counted again`,
    );
  };
  const failed = (error: unknown) => {
    if (outageSince !== undefined) return;
    outageSince = Date.now();
    const consequence =
      failure === 'open'
        ? 'requests are served without counting (fail open)'
        : 'requests are refused with 503 (fail closed)';
    logger?.warn(
      { redis: where, reason: reasonOf(error) },
      `Redis at ${where} does not answer: ${consequence} until it does`,
    );
  };
  const unavailable = (reset: number, cause: unknown): RateLimitCount => {
    if (failure === 'closed')
      throw new RateLimitStoreUnavailableError(`Redis at ${where} does not answer`, { cause });
    return { allowed: true, remaining: 0, reset, counted: false };
  };

  return {
    where,
    async consume(key, limit, windowStart, windowEnd): Promise<RateLimitCount> {
      const reset = Math.ceil(windowEnd / 1000);
      // During an outage one request at a time asks Redis; the others must not wait for it.
      if (outageSince !== undefined && probing) return unavailable(reset, undefined);
      const probe = outageSince !== undefined;
      if (probe) probing = true;
      // The key already names the window; its expiry only frees the memory.
      const windowS = Math.ceil((windowEnd - windowStart) / 1000);
      const leftS = Math.max(1, Math.ceil((windowEnd - Date.now()) / 1000));
      const customDuration = Math.min(windowS, leftS) + KEY_GRACE_S;
      try {
        const res = await withDeadline(
          limiterFor(limit).consume(`${key}:${windowStart}`, 1, { customDuration }),
          timeoutMs,
          `counting in ${where}`,
        );
        recovered();
        return { allowed: true, remaining: Math.max(0, res.remainingPoints), reset };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          recovered();
          return { allowed: false, remaining: 0, reset };
        }
        failed(rejection);
        return unavailable(reset, rejection);
      } finally {
        if (probe) probing = false;
      }
    },
    async close() {
      if (client.isOpen) await client.close();
    },
  };
}
