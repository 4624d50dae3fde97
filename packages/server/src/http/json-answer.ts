/**
 * JSON answers, from a value or from text already serialized, with all their headers in one plain object:
 * `content-type`, the request's `x-ratelimit-*` headers (set by the rate limit, so every answer after it
 * carries them), and any others given.
 *
 * Hono's `c.json` gathers more than one header into a `Headers` object, whose checks of each name and value
 * cost more than the rest of a small answer; a plain object is a `HeadersInit` in every runtime, and under
 * `@hono/node-server` it goes straight to Node's `writeHead`.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../app-env';

/**
 * Answers `body` as JSON with `status` and `headers`, plus the request's rate-limit headers.
 *
 * @example
 * return jsonAnswer(c, requestError('Method Not Allowed', details), 405, { allow: 'POST' });
 */
export function jsonAnswer(
  c: Context<AppEnv>,
  body: unknown,
  status: ContentfulStatusCode = 200,
  headers?: Readonly<Record<string, string>>,
): Response {
  return jsonTextAnswer(c, JSON.stringify(body), status, headers);
}

/**
 * Answers `json`, text already serialized as JSON, with `status` and `headers`, plus the request's rate-limit
 * headers: for a constant body, serialized once rather than on every request.
 *
 * @example
 * const documentJson = JSON.stringify(openApiDocument());
 * app.get('/openapi.json', (c) => jsonTextAnswer(c, documentJson));
 */
export function jsonTextAnswer(
  c: Context<AppEnv>,
  json: string,
  status: ContentfulStatusCode = 200,
  headers?: Readonly<Record<string, string>>,
): Response {
  return new Response(json, {
    status,
    headers: { 'content-type': 'application/json', ...c.get('rateLimitHeaders'), ...headers },
  });
}
