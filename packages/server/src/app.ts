/**
 * The app: a Hono application (a Web-standard `fetch` handler) serving the preview and the preferences
 * endpoints as the service documents them, plus `/healthz` and `/openapi.json`. It runs in Node, Bun, Deno and edge runtimes, or inside
 * another server; `@personalize/server/node` starts it as a stand-alone Node process.
 */
import type { DecodePayloadOptions } from '@personalize/compression';
import type { TemplateError } from '@personalize/core';
import { type Context, Hono } from 'hono';
import { pino } from 'pino';
import type { AppEnv } from './app-env';
import { connectionAddress } from './auth/failed-authentications';
import { workspaceAuth } from './auth/workspace-auth';
import { appKeyClaim, tenantClaim } from './auth/workspace-id-headers';
import { ERROR_MESSAGES, requestError, serverError } from './errors/error-body';
import {
  PREFERENCES_TITLES,
  preferencesError,
  preferencesInternalError,
} from './errors/preferences-error-body';
import { jsonAnswer, jsonTextAnswer } from './http/json-answer';
import { type RequestLogger, requestLog } from './logging/request-log';
import type { AppMetrics } from './metrics/app-metrics';
import {
  openApiDocument,
  PREFERENCES_PATH,
  PREVIEW_PATHS,
  V5_PREVIEW_PATH,
} from './openapi/openapi-document';
import { memoryPreferenceStore, type PreferenceStore } from './preferences/preference-store';
import {
  bulkPreferencesUpdateHandler,
  preferencesHandler,
  preferencesUpdateHandler,
} from './preferences/preferences-handler';
import {
  preferencesAuthRefusal,
  preferencesRateLimitRefusals,
  requireApiSecret,
} from './preferences/preferences-refusals';
import { previewHandler, V1_PREVIEW, V5_PREVIEW } from './preview/preview-handler';
import { memoryRateLimitStore } from './rate-limit/memory-rate-limit-store';
import { previewRateLimitRefusals, rateLimit } from './rate-limit/rate-limit-middleware';
import type { RateLimitStore } from './rate-limit/rate-limit-store';
import type { Workspace, WorkspaceStore } from './workspaces/workspace';

/** Options of `createApp`. */
export interface AppOptions {
  /** Where workspaces (keys, limits, data) come from. */
  workspaces: WorkspaceStore;
  /**
   * Where rate-limit counts live; `redisRateLimitStore` (`@personalize/server/node`) shares them between
   * processes. Defaults to `memoryRateLimitStore()`.
   */
  rateLimits?: RateLimitStore;
  /**
   * Where preference updates (`PUT` and `POST` on the preferences path) live; `filePreferenceStore` and
   * `redisPreferenceStore` (`@personalize/server/node`) keep them across restarts. Defaults to
   * `memoryPreferenceStore()`: this process only, until it stops.
   */
  preferences?: PreferenceStore;
  /** Where the request log lines go. Defaults to `pino()` (JSON lines on stdout). */
  logger?: RequestLogger;
  /** Largest preview or preferences update body accepted, in bytes; a larger one gets 413. Defaults to 1 MiB. */
  maxBodyBytes?: number;
  /** Return inline payload keys in the normalized form (lower case with underscores). Defaults to `false`. */
  normalizeKeys?: boolean;
  /** Caps on inflating `data-compression` values. Defaults to 1 MiB per value and 8 MiB per request. */
  compression?: DecodePayloadOptions;
  /** "Now" in Unix ms, for the rate-limit windows. Defaults to `Date.now`. */
  now?: () => number;
  /**
   * Counts requests, render failures and rate-limit refusals, served at `GET /metrics`: `prometheusMetrics()`
   * from `@personalize/server/node`. Defaults to none: nothing is counted.
   */
  metrics?: AppMetrics;
  /**
   * Failed authentications one client address may make for one Workspace ID in a minute; after them its requests
   * for that workspace get 429 until the minute ends. Counted in `rateLimits`. Defaults to `10`.
   */
  authFailuresPerMinute?: number;
  /**
   * The client's address, for counting failed authentications. Defaults to the connection's peer address under
   * `@hono/node-server` (`unknown` elsewhere: give one, such as a trusted proxy's header, on other runtimes).
   */
  clientAddress?: (c: Context<AppEnv>) => string;
}

const MiB = 1024 * 1024;

/**
 * Creates the app. Its `fetch` is a Web-standard handler; `app.request()` calls it in-process.
 *
 * @example
 * const app = createApp({ workspaces: workspaceFileStore(parseWorkspaceFile(json, 'workspaces.json')) });
 * const response = await app.request('/healthz'); // 200 {"status":"ok"}
 * export default app; // Bun, Deno, Cloudflare Workers
 */
export function createApp(options: AppOptions): Hono<AppEnv> {
  const store = options.workspaces;
  const rateLimits = options.rateLimits ?? memoryRateLimitStore();
  const logger = options.logger ?? pino();
  const now = options.now ?? Date.now;
  // The document never changes: serialized once, not on every request.
  const documentJson = JSON.stringify(openApiDocument());

  const metrics = options.metrics;

  const app = new Hono<AppEnv>();
  app.use('*', requestLog(logger));
  if (metrics !== undefined) {
    app.use('*', metrics.middleware);
    app.get('/metrics', metrics.handler);
  }

  app.get('/healthz', (c) => jsonAnswer(c, { status: 'ok' }));
  app.get('/openapi.json', (c) => jsonTextAnswer(c, documentJson));

  const previewOptions = {
    maxBodyBytes: options.maxBodyBytes ?? MiB,
    normalizeKeys: options.normalizeKeys ?? false,
    compression: options.compression ?? {},
    onEngineFailure: (error: TemplateError) =>
      logger.error({ err: error.cause ?? error }, 'the engine failed on a template: a bug to report'),
    onRenderFailure: metrics?.renderFailed,
  };
  // v1 and v5 count apart, as the service's limits list them: each its own 10,000 a minute.
  const previewLimit = (endpoint: string) =>
    rateLimit({
      store: rateLimits,
      endpoint,
      windows: (workspace) => [{ kind: 'minute', limit: workspace.limits.previewPerMinute }],
      now,
      onRefused: metrics?.rateLimitRefused,
    });
  const failures = {
    store: rateLimits,
    perMinute: options.authFailuresPerMinute ?? 10,
    clientAddress: options.clientAddress ?? connectionAddress,
    now,
  };
  const previewThrottle = { ...failures, refusals: previewRateLimitRefusals };
  const previewKey = (workspace: Workspace) => workspace.keys.preview;
  const v1Auth = workspaceAuth(store, previewKey, undefined, appKeyClaim, previewThrottle);
  const v1Limit = previewLimit('preview');
  const v1Preview = previewHandler(V1_PREVIEW, previewOptions);
  for (const path of PREVIEW_PATHS) app.post(path, v1Auth, v1Limit, v1Preview);
  app.post(
    V5_PREVIEW_PATH,
    workspaceAuth(store, previewKey, undefined, tenantClaim, previewThrottle),
    previewLimit('v5 preview'),
    previewHandler(V5_PREVIEW, previewOptions),
  );
  for (const path of [...PREVIEW_PATHS, V5_PREVIEW_PATH]) {
    app.all(path, (c) => {
      return jsonAnswer(
        c,
        requestError(ERROR_MESSAGES.methodNotAllowed, [
          { target: 'method', message: `${c.req.method} is not allowed here: send POST` },
        ]),
        405,
        { allow: 'POST' },
      );
    });
  }

  // Order of the checks (service-api.md 4.2 and 5): credentials, the API secret (409), the limits, the params.
  // Each method counts apart, 100 a minute and 360,000 a day, as the service's limits list them.
  const preferencesAuth = workspaceAuth(
    store,
    (workspace) => workspace.keys.data,
    preferencesAuthRefusal,
    appKeyClaim,
    { ...failures, refusals: preferencesRateLimitRefusals },
  );
  const preferencesLimit = (endpoint: string) =>
    rateLimit({
      store: rateLimits,
      endpoint,
      windows: (workspace) => [
        { kind: 'minute', limit: workspace.limits.preferencesPerMinute },
        { kind: 'day', limit: workspace.limits.preferencesPerDay },
      ],
      now,
      refusals: preferencesRateLimitRefusals,
      onRefused: metrics?.rateLimitRefused,
    });
  const preferences = options.preferences ?? memoryPreferenceStore();
  const updates = { store: preferences, maxBodyBytes: previewOptions.maxBodyBytes };
  app.get(
    PREFERENCES_PATH,
    preferencesAuth,
    requireApiSecret,
    preferencesLimit('preferences'),
    preferencesHandler(preferences),
  );
  app.put(
    PREFERENCES_PATH,
    preferencesAuth,
    requireApiSecret,
    preferencesLimit('preferences PUT'),
    preferencesUpdateHandler(updates),
  );
  app.post(
    PREFERENCES_PATH,
    preferencesAuth,
    requireApiSecret,
    preferencesLimit('preferences POST'),
    bulkPreferencesUpdateHandler(updates),
  );
  app.all(PREFERENCES_PATH, (c) => {
    return jsonAnswer(
      c,
      preferencesError(
        PREFERENCES_TITLES.methodNotAllowed,
        `${c.req.method} is not allowed here: send GET, PUT or POST`,
      ),
      405,
      { allow: 'GET, PUT, POST' },
    );
  });

  app.notFound((c) =>
    jsonAnswer(
      c,
      requestError(ERROR_MESSAGES.notFound, [{ target: 'path', message: `No endpoint at ${c.req.path}` }]),
      404,
    ),
  );
  app.onError((error, c) => {
    logger.error({ err: error }, 'unexpected error while answering a request');
    // Each endpoint answers in its own shape, a failure too; the rate-limit headers stay on it.
    if (c.req.path === PREFERENCES_PATH) return jsonAnswer(c, preferencesInternalError(), 500);
    return jsonAnswer(c, serverError(), 500);
  });
  return app;
}
