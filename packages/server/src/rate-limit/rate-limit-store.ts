/**
 * Counting requests per workspace in fixed windows (on the minute, on the UTC day), behind an interface so
 * that the counters can live in memory (the default) or in a shared store such as Redis.
 */

/** The outcome of counting one request in one window. */
export interface RateLimitCount {
  /** The request is within the window's limit. */
  readonly allowed: boolean;
  /** Requests left in the window after this one (never below 0). */
  readonly remaining: number;
  /** When the window ends, in Unix seconds (UTC). */
  readonly reset: number;
  /**
   * `false` when the store could not count and let the request through (it fails open): the answer then
   * carries no `x-ratelimit-*` headers, since nothing is known about the window. Defaults to `true`.
   */
  readonly counted?: boolean;
}

/**
 * Where the counts live. `consume` counts one request for `key` in the window `[windowStart, windowEnd)`
 * (Unix ms) against `limit`. Keys carry the window's start, so every window starts from zero.
 */
export interface RateLimitStore {
  /**
   * Counts `points` requests (default 1; 0 reads the count without adding to it); the count of a window is
   * dropped after the window ends.
   */
  consume(
    key: string,
    limit: number,
    windowStart: number,
    windowEnd: number,
    points?: number,
  ): Promise<RateLimitCount>;
}

/**
 * Thrown by a store that cannot count right now and fails closed (Redis does not answer in time): the
 * endpoint answers 503 in its error shape, with `retry-after`.
 */
export class RateLimitStoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RateLimitStoreUnavailableError';
  }
}
