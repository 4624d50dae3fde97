/**
 * Preference updates in Redis (Node only): one hash per user (`<prefix>:<workspace>:<user>`, category to `1`
 * or `0`), so that every server process using the same Redis reads an update as soon as it is acknowledged. A
 * request's updates go in one `MULTI` transaction: all or none. How durable an acknowledged update is depends on
 * Redis's persistence (`appendonly yes` keeps it across a restart of Redis). A write that times out is a 503,
 * though Redis may still apply it once it answers again: updates set values, so sending one again is safe.
 */
import { setOwn } from '../json/set-own';
import { connectRedis, describeRedisUrl, reasonOf, withDeadline } from '../redis/redis-connection';
import { type PreferenceStore, PreferenceStoreUnavailableError } from './preference-store';

/** Options of `redisPreferenceStore`. */
export interface RedisPreferenceStoreOptions {
  /** `redis://[[user]:password@]host[:port][/db]`, or `rediss://` for TLS. */
  readonly url: string;
  /** Longest wait for one read or write, in ms; past it the request gets a 503. Defaults to `500`. */
  readonly timeoutMs?: number;
  /** Longest wait for the first connection, in ms. Defaults to `5000`. */
  readonly connectTimeoutMs?: number;
  /** The prefix of every key. Defaults to `'personalize:preferences'`. */
  readonly keyPrefix?: string;
}

/** A Redis store: a `PreferenceStore` with a connection to close. */
export interface RedisPreferenceStore extends PreferenceStore {
  /** Where it stores (`redis://127.0.0.1:6379`, without credentials). */
  readonly where: string;
  /** Closes the connection. */
  close(): Promise<void>;
}

/**
 * Connects to Redis and returns a store there. Rejects when the first connection does not succeed.
 *
 * @example
 * const preferences = await redisPreferenceStore({ url: 'redis://127.0.0.1:6379' });
 * const app = createApp({ workspaces, preferences });
 */
export async function redisPreferenceStore(
  options: RedisPreferenceStoreOptions,
): Promise<RedisPreferenceStore> {
  const keyPrefix = options.keyPrefix ?? 'personalize:preferences';
  const where = describeRedisUrl(options.url);
  const timeoutMs = options.timeoutMs ?? 500;
  const client = await connectRedis({
    url: options.url,
    timeoutMs,
    connectTimeoutMs: options.connectTimeoutMs,
  });
  // Ids may hold ':', which would make two pairs one key.
  const keyOf = (workspaceId: string, userId: string) =>
    `${keyPrefix}:${encodeURIComponent(workspaceId)}:${encodeURIComponent(userId)}`;
  const unavailable = (error: unknown) =>
    new PreferenceStoreUnavailableError(`Redis at ${where} does not answer: ${reasonOf(error)}`, {
      cause: error,
    });

  return {
    where,
    async preferences(workspaceId, userId) {
      let stored: Record<string, string>;
      try {
        stored = await withDeadline(
          client.hGetAll(keyOf(workspaceId, userId)),
          timeoutMs,
          `reading ${where}`,
        );
      } catch (error) {
        throw unavailable(error);
      }
      const out: Record<string, boolean> = {};
      for (const [category, value] of Object.entries(stored)) setOwn(out, category, value === '1');
      return out;
    },
    async update(workspaceId, updates) {
      const transaction = client.multi();
      for (const { userId, categories } of updates) {
        const fields = Object.entries(categories).map(([category, subscribed]): [string, string] => [
          category,
          subscribed ? '1' : '0',
        ]);
        if (fields.length > 0) transaction.hSet(keyOf(workspaceId, userId), fields);
      }
      try {
        await withDeadline(transaction.exec(), timeoutMs, `writing to ${where}`);
      } catch (error) {
        throw unavailable(error);
      }
    },
    async close() {
      if (client.isOpen) await client.close();
    },
  };
}
