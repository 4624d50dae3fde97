/**
 * What the app reports for monitoring when `createApp` is given `metrics`: without them nothing is counted
 * and no request pays for it. `prometheusMetrics()` (`@personalize/server/node`) is the implementation.
 */
import type { PayloadFailure } from '@personalize/core';
import type { Handler, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';

/** Why a rate limit refused a request: its window is full (429), or its store cannot count (503). */
export type RateLimitRefusal = 'limited' | 'unavailable';

/** The app's monitoring hooks. */
export interface AppMetrics {
  /** Runs around every request: counts and times it by route and status. */
  readonly middleware: MiddlewareHandler<AppEnv>;
  /** Answers `GET /metrics`. */
  readonly handler: Handler<AppEnv>;
  /** A field of a preview did not render: a template error, a missing block, or a "do not send". */
  readonly renderFailed: (failure: PayloadFailure) => void;
  /** A rate limit refused a request of `endpoint` (`preview`, `preferences`). */
  readonly rateLimitRefused: (endpoint: string, reason: RateLimitRefusal) => void;
}
