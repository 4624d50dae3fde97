/**
 * Throttling password guessing: failed authentications are counted per client address and Workspace ID in
 * minute windows, in the app's rate-limit store (so several processes sharing Redis share the counts). Once a
 * client has failed `perMinute` times for a workspace, its requests for that workspace get 429 until the minute
 * ends, right credentials included: a guess that would have been right tells nothing either.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { windowAt } from '../rate-limit/rate-limit';
import { type RateLimitStore, RateLimitStoreUnavailableError } from '../rate-limit/rate-limit-store';

/** How failed authentications are limited. */
export interface FailedAuthenticationLimit {
  /** Where the failures are counted: the app's rate-limit store. */
  readonly store: RateLimitStore;
  /** Failed authentications a client address may make for one Workspace ID in a minute. */
  readonly perMinute: number;
  /** The client's address (the connection's peer, or what a trusted proxy says). */
  readonly clientAddress: (c: Context<AppEnv>) => string;
  /** "Now" in Unix ms. */
  readonly now: () => number;
}

/** The failures of one client for one Workspace ID in the current minute. */
export interface FailureCount {
  /** Seconds until the client may try again, when it has failed too often; else `undefined`. */
  refusedForS(): Promise<number | undefined>;
  /** Counts one more failure. */
  add(): Promise<void>;
}

/** Longest Workspace ID kept in a counter's key: longer ones name no workspace anyway. */
const MAX_ID_IN_KEY = 64;

/**
 * The failure count of the request's client for `workspaceId` (the ID the request claims, known or not). A
 * store that cannot count leaves authentication unthrottled rather than refusing it.
 *
 * @example
 * const failures = failureCount(limit, c, c.req.header('SVC-APPKEY') ?? '');
 * const wait = await failures.refusedForS();
 */
export function failureCount(
  limit: FailedAuthenticationLimit,
  c: Context<AppEnv>,
  workspaceId: string,
): FailureCount {
  const now = limit.now();
  const { start, end } = windowAt('minute', now);
  const key = `auth-failures:${limit.clientAddress(c)}:${workspaceId.trim().slice(0, MAX_ID_IN_KEY)}`;
  // Counted against `perMinute - 1`: a count within it leaves room for one more attempt.
  const count = async (points: number) => {
    try {
      return await limit.store.consume(key, limit.perMinute - 1, start, end, points);
    } catch (error) {
      if (error instanceof RateLimitStoreUnavailableError) return undefined;
      throw error;
    }
  };
  return {
    async refusedForS() {
      const counted = await count(0);
      if (counted === undefined || counted.allowed) return undefined;
      return Math.max(1, counted.reset - Math.floor(now / 1000));
    },
    async add() {
      await count(1);
    },
  };
}

/** The peer address of a request served by `@hono/node-server`; `unknown` where the runtime does not say. */
export function connectionAddress(c: Context<AppEnv>): string {
  const bindings = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return bindings?.incoming?.socket?.remoteAddress ?? 'unknown';
}
