/** The rate limit of an endpoint as Hono middleware: counts the authenticated workspace's request. */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { APP_KEY_HEADERS } from '../auth/workspace-id-headers';
import { ERROR_MESSAGES, requestError, serviceUnavailable } from '../errors/error-body';
import { jsonAnswer } from '../http/json-answer';
import type { RateLimitRefusal } from '../metrics/app-metrics';
import type { Workspace } from '../workspaces/workspace';
import { countRequest, type RateLimitWindow, rateLimitHeaders } from './rate-limit';
import { type RateLimitStore, RateLimitStoreUnavailableError } from './rate-limit-store';

/** The bodies of an endpoint's refusals, in its own error shape. */
export interface RateLimitRefusals {
  /**
   * The 429 body; `description` says which limit was reached and when to retry, `header` is the one that
   * named the workspace.
   */
  limited(description: string, header: string): unknown;
  /** The 503 body when the store cannot count and fails closed; `description` says to retry shortly. */
  unavailable(description: string): unknown;
}

/** The preview's refusals: `{"error": {"message": ..., "details": ...}}` (service-api.md 7.1). */
export const previewRateLimitRefusals: RateLimitRefusals = {
  limited: (description, header) =>
    requestError(ERROR_MESSAGES.rateLimited, [{ target: header, message: description }]),
  unavailable: serviceUnavailable,
};

/** Options of `rateLimit`. */
export interface RateLimitOptions {
  /** Where the counts live. */
  readonly store: RateLimitStore;
  /** The endpoint's name, in the count's key and the 429 message (`preview`). */
  readonly endpoint: string;
  /** The workspace's windows for this endpoint. */
  readonly windows: (workspace: Workspace) => readonly RateLimitWindow[];
  /** "Now" in Unix ms. */
  readonly now: () => number;
  /** The bodies of a 429 and a 503. Defaults to the preview's error shape. */
  readonly refusals?: RateLimitRefusals;
  /** Told of each refusal, for the metrics. Defaults to none. */
  readonly onRefused?: (endpoint: string, reason: RateLimitRefusal) => void;
}

/** Seconds a client waits before retrying when the store does not answer: outages are usually short. */
const UNAVAILABLE_RETRY_AFTER_S = 1;

/**
 * Counts the request against the workspace's windows (after authentication), sets the `x-ratelimit-*`
 * headers, and answers 429 in the endpoint's error shape, with `retry-after`, once a window is full. A store
 * that cannot count either lets the request through without headers (it fails open) or throws
 * `RateLimitStoreUnavailableError` (it fails closed), answered 503.
 *
 * @example
 * app.post(path, auth, rateLimit({ store, endpoint: 'preview', windows: (w) => [{ kind: 'minute', limit: w.limits.previewPerMinute }], now: Date.now }), handler);
 */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  const refusals = options.refusals ?? previewRateLimitRefusals;
  return async (c, next) => {
    const workspace = c.get('workspace');
    if (workspace === undefined) throw new Error('the rate limit runs after authentication');
    const now = options.now();
    let decision: Awaited<ReturnType<typeof countRequest>>;
    try {
      decision = await countRequest(
        options.store,
        `${options.endpoint}:${workspace.id}`,
        options.windows(workspace),
        now,
      );
    } catch (error) {
      if (!(error instanceof RateLimitStoreUnavailableError)) throw error;
      options.onRefused?.(options.endpoint, 'unavailable');
      const description = `The rate limits of this workspace cannot be checked right now; retry in ${UNAVAILABLE_RETRY_AFTER_S} s`;
      return jsonAnswer(c, refusals.unavailable(description), 503, {
        'retry-after': String(UNAVAILABLE_RETRY_AFTER_S),
      });
    }
    // Every answer from here on carries them (`jsonAnswer`).
    if (decision.counted) c.set('rateLimitHeaders', rateLimitHeaders(decision));
    if (decision.allowed) return next();
    options.onRefused?.(options.endpoint, 'limited');
    const per = decision.kind === 'day' ? 'UTC day' : decision.kind;
    return jsonAnswer(
      c,
      refusals.limited(
        `The workspace reached its limit of ${decision.limit} ${options.endpoint} requests per ${per}; retry after the window resets`,
        c.get('workspaceHeader') ?? APP_KEY_HEADERS[0],
      ),
      429,
      { 'retry-after': String(Math.max(0, decision.reset - Math.floor(now / 1000))) },
    );
  };
}
