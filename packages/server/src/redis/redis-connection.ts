/**
 * A connection to Redis (Node only) for the stores that live there (rate-limit counts, preference updates):
 * connected at start-up or not at all, commands that fail at once while it is down instead of queueing, each
 * bounded by a timeout, and reconnection by itself once it was up.
 */
import { createClient } from 'redis';

/** How to reach Redis. */
export interface RedisConnectionOptions {
  /** `redis://[[user]:password@]host[:port][/db]`, or `rediss://` for TLS. */
  readonly url: string;
  /** Longest wait for one command, in ms. */
  readonly timeoutMs: number;
  /** Longest wait for the first connection, in ms. Defaults to `5000`. */
  readonly connectTimeoutMs?: number;
}

/** A connected client. */
export type RedisConnection = ReturnType<typeof createClient>;

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

/** Why a Redis command or connection failed, in one line. */
export function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return reasonOf(error.errors[0]);
  return error instanceof Error ? error.message || error.name : String(error);
}

/** Rejects when `promise` has not settled within `ms`; the late result is dropped. */
export function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
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
 * Connects to Redis. Rejects when the first connection does not succeed within `connectTimeoutMs` (a wrong URL
 * should stop start-up, not fail every request); afterwards the client reconnects by itself.
 *
 * @example
 * const client = await connectRedis({ url: 'redis://127.0.0.1:6379', timeoutMs: 500 });
 */
export async function connectRedis(options: RedisConnectionOptions): Promise<RedisConnection> {
  const connectTimeoutMs = options.connectTimeoutMs ?? 5000;
  const where = describeRedisUrl(options.url);
  // Until the first connection succeeds a failure is final (start-up should say so at once).
  let connected = false;
  const client = createClient({
    url: options.url,
    // Commands sent while disconnected fail at once instead of piling up until Redis is back.
    disableOfflineQueue: true,
    commandOptions: { timeout: options.timeoutMs },
    socket: {
      connectTimeout: connectTimeoutMs,
      reconnectStrategy: (retries, cause) =>
        connected
          ? Math.min(50 * 2 ** retries, MAX_RECONNECT_DELAY_MS) + Math.floor(Math.random() * 50)
          : cause,
    },
  });
  // Without a listener an 'error' event would end the process; outages are reported by the stores.
  client.on('error', () => {});
  try {
    await withDeadline(client.connect(), connectTimeoutMs, `connecting to ${where}`);
    connected = true;
  } catch (error) {
    if (client.isOpen) client.destroy();
    throw new Error(`cannot connect to Redis at ${where}: ${reasonOf(error)}`, { cause: error });
  }
  return client;
}
