/**
 * The Redis `RateLimitStore` (Node only): counters that several server processes, on one machine or many,
 * share, on `rate-limiter-flexible`'s `RateLimiterRedis` over the `redis` client. Redis that stops answering
 * never hangs a request: each count waits at most `timeoutMs`, and during an outage one request at a time
 * checks whether Redis is back while the others get the failure mode at once.
 */
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { connectRedis, describeRedisUrl, reasonOf, withDeadline } from '../redis/redis-connection';
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
  const keyPrefix = options.keyPrefix ?? 'personalize:rate-limit';
  const logger = options.logger;
  const where = describeRedisUrl(options.url);
  const client = await connectRedis({
    url: options.url,
    timeoutMs,
    connectTimeoutMs: options.connectTimeoutMs,
  });

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
    async consume(key, limit, windowStart, windowEnd, points = 1): Promise<RateLimitCount> {
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
          limiterFor(limit).consume(`${key}:${windowStart}`, points, { customDuration }),
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
