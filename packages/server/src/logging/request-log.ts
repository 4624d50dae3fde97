/**
 * One JSON line per request: method, path, status, duration, workspace and request id. Never headers,
 * credentials, query strings or payload values.
 */
import type { MiddlewareHandler } from 'hono';
import { pino } from 'pino';
import type { AppEnv } from '../app-env';

/**
 * Where the app writes its log lines: a structured record and a message. pino's `Logger` is one; declared here
 * so that the package's types do not carry pino's, which need Node's.
 */
export interface RequestLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/**
 * The stand-alone server's logger: JSON lines on stdout, written asynchronously (lines logged while a write is
 * under way go out together), because a synchronous write per request costs more than the request's own work.
 * Call `flush()` before exiting.
 */
export function stdoutLogger(): RequestLogger & { flush(): void } {
  return pino(pino.destination({ dest: 1, sync: false }));
}

/** Longest request id written to a log line; a client may send anything there. */
const MAX_REQUEST_ID = 128;

/**
 * Logs each request once it is answered, errors included (the app's error handler has answered by then).
 *
 * @example
 * app.use('*', requestLog(pino()));
 * // {"level":30,"method":"POST","path":"/core-services/v1/personalization/preview","status":200,"duration_ms":1.84,...}
 */
export function requestLog(logger: RequestLogger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const requestId = c.get('requestId');
    const warnings = c.get('warnings');
    logger.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        duration_ms: Math.round((performance.now() - started) * 100) / 100,
        workspace: c.get('workspace')?.id,
        request_id: requestId === undefined ? undefined : requestId.slice(0, MAX_REQUEST_ID),
        // What failed, by source and name: a warning's text may quote an API's answer, so it stays out.
        warnings: warnings?.length ? warnings.map((w) => `${w.source}:${w.name}`) : undefined,
      },
      'request',
    );
  };
}
