/**
 * The content API resolver of the workspace file: each API is a URL called over HTTP with the global `fetch`,
 * bounded by a timeout, its JSON answer reused for the API's TTL (by the renderer's result cache).
 */

import type { ContentApiArguments, ContentApiCallContext, ContentApiResolver } from '@personalize/core';
import { readCappedBody } from '../http/read-stream-text';

/** How one content API is called. */
export interface ContentApiConfig {
  /** The address called (`http:` or `https:`); the merged params are added to its query string. */
  readonly url: string;
  /** `GET` sends no body; `POST` and `PUT` send `request_body` as JSON. */
  readonly method: 'GET' | 'POST' | 'PUT';
  /** Headers sent with every call (an API key, for instance). */
  readonly headers: Readonly<Record<string, string>>;
  /** Time a call may take before it is aborted and counts as failed, in ms. */
  readonly timeoutMs: number;
  /** How long a result may be reused, in ms (`0`: never). */
  readonly cacheTtlMs: number;
}

/** Options of `httpContentApis`. */
export interface HttpContentApiOptions {
  /** The `fetch` to call with. Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Largest answer accepted, in bytes; a larger one fails the call. Defaults to 1 MiB. */
  maxResponseBytes?: number;
}

const MiB = 1024 * 1024;

/** A call that reached the API and failed there: its message is already the warning's reason. */
class ContentApiFailure extends Error {}

/** A query-string value: scalars as text, lists and objects as JSON; `null` leaves the parameter out. */
function queryValue(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The entries of one of the argument object's parameter groups, when it is an object. */
function entriesOf(group: unknown): [string, unknown][] {
  return typeof group === 'object' && group !== null && !Array.isArray(group) ? Object.entries(group) : [];
}

/**
 * The call's URL: the configured one with `static_params`, then `params`, then `dynamic_params` added to the
 * query string; a later group wins for the same name, so a per-user value overrides a fixed one.
 */
export function contentApiUrl(base: string, args: ContentApiArguments): string {
  const url = new URL(base);
  const merged = new Map<string, unknown>();
  for (const group of [args.static_params, args.params, args.dynamic_params]) {
    for (const [name, value] of entriesOf(group)) merged.set(name, value);
  }
  for (const [name, value] of merged) {
    const text = queryValue(value);
    if (text !== undefined) url.searchParams.set(name, text);
  }
  return url.href;
}

/** The body's text, read no further than `max` bytes. */
async function readCapped(response: Response, max: number): Promise<string> {
  // Judged by its Content-Length, but always streamed: that length may be the compressed size, not the text's.
  const text = await readCappedBody(response, max, { declared: response.headers.get('content-length') });
  if (text === undefined) throw new ContentApiFailure(`the answer is larger than ${max} bytes`);
  return text;
}

/** Why a fetch failed, in a warning's words (the cause of Node's "fetch failed" says what happened). */
function fetchFailure(error: unknown, timeoutMs: number): Error {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new Error(`no answer within ${timeoutMs} ms`);
  }
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return new Error(`the request failed (${cause.code})`);
  if (typeof cause?.message === 'string') return new Error(`the request failed (${cause.message})`);
  return new Error('the request failed');
}

/**
 * A content API resolver that calls each configured API over HTTP: `GET` with the merged params in the query
 * string, `POST`/`PUT` with `request_body` as JSON, the configured headers, aborted after the API's timeout
 * (or the renderer's, if shorter). A name not configured is "not found"; a failed call (network error,
 * timeout, status outside 2xx, an answer that is not JSON) makes the template read `{}` with a warning.
 *
 * @example
 * const contentApis = httpContentApis({
 *   weather: { url: 'https://api.example.com/weather', method: 'GET', headers: {}, timeoutMs: 2000, cacheTtlMs: 300_000 },
 * });
 * createRenderer({ resolvers: { contentApis } });
 */
export function httpContentApis(
  apis: Readonly<Record<string, ContentApiConfig>>,
  options: HttpContentApiOptions = {},
): ContentApiResolver {
  const byName = new Map(Object.entries(apis));
  const maxBytes = options.maxResponseBytes ?? MiB;
  return {
    async callContentApi(name: string, args: ContentApiArguments, context: ContentApiCallContext) {
      const api = byName.get(name);
      if (api === undefined) return undefined;
      const timeoutMs = Math.max(1, Math.min(api.timeoutMs, context.timeoutMs));
      const headers = new Headers(api.headers);
      if (!headers.has('accept')) headers.set('accept', 'application/json');
      let body: string | undefined;
      if (api.method !== 'GET') {
        body = JSON.stringify(args.request_body ?? {});
        headers.set('content-type', 'application/json');
      }
      const doFetch = options.fetch ?? fetch;
      const signal = AbortSignal.timeout(timeoutMs);
      let text: string;
      try {
        const response = await doFetch(contentApiUrl(api.url, args), {
          method: api.method,
          headers,
          body,
          signal,
          redirect: 'follow',
        });
        if (!response.ok) {
          await response.body?.cancel();
          throw new ContentApiFailure(`the API answered HTTP ${response.status}`);
        }
        text = await readCapped(response, maxBytes);
      } catch (error) {
        if (error instanceof ContentApiFailure) throw error;
        throw fetchFailure(error, timeoutMs);
      }
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new ContentApiFailure('the answer is not JSON');
      }
    },
    contentApiTtlMs: (name) => byName.get(name)?.cacheTtlMs,
  };
}
