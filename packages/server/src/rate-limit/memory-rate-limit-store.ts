/** The in-memory `RateLimitStore`: counters of one process, on `rate-limiter-flexible`'s `RateLimiterMemory`. */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitCount, RateLimitStore } from './rate-limit-store';

/**
 * Counters in this process's memory: right for one server process; several processes each count on their
 * own. A window's counter is dropped when the window ends.
 *
 * @example
 * const app = createApp({ workspaces, rateLimits: memoryRateLimitStore() });
 */
export function memoryRateLimitStore(): RateLimitStore {
  // A RateLimiterMemory has one limit (`points`); workspaces may have their own, so one limiter per limit.
  const limiters = new Map<number, RateLimiterMemory>();
  const limiterFor = (limit: number): RateLimiterMemory => {
    let limiter = limiters.get(limit);
    if (limiter === undefined) {
      limiter = new RateLimiterMemory({ points: limit, duration: 60 });
      limiters.set(limit, limiter);
    }
    return limiter;
  };
  return {
    async consume(key, limit, windowStart, windowEnd, points = 1): Promise<RateLimitCount> {
      const reset = Math.ceil(windowEnd / 1000);
      // The counter expires with its window; the key already names the window, so this only frees memory.
      const customDuration = Math.max(1, Math.ceil((windowEnd - Date.now()) / 1000));
      try {
        const res = await limiterFor(limit).consume(`${key}:${windowStart}`, points, { customDuration });
        return { allowed: true, remaining: Math.max(0, res.remainingPoints), reset };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return { allowed: false, remaining: 0, reset };
        throw rejection;
      }
    },
  };
}
