/**
 * The personalized renderer: templates rendered with the personalization objects (`UserAttribute`,
 * `EventAttribute`, `ContentBlock`, `ContentApi`, `ProductSet`), their data fetched through pluggable resolvers,
 * concurrently and bounded, and cached where it may be reused.
 */
import { LRUCache } from 'lru-cache';
import { NotSentSignal, TemplateError, TemplateRuntimeError } from '../errors';
import { DEFAULT_LIMITS, type Limits, TimeBudget } from '../limits';
import { setKey } from '../runtime/values';
import { SourceCache } from '../source-cache';
import { compile, type Template } from '../template';
import { isPromiseLike } from './bounded';
import { type CachedResult, ContentApiCalls } from './content-api';
import type { Resolvers } from './resolvers';
import type { PayloadFailure, PayloadPath, PayloadResult, RenderResult } from './results';
import { type RenderInput, RenderSession, type SessionSetup } from './session';

/** The template limits, plus the bounds on fetching the personalization objects' data. */
export interface PersonalizationLimits extends Limits {
  /** Time one content API call may take before it counts as failed (`{}` and a warning), in ms. Defaults to `2_000`. */
  contentApiTimeoutMs: number;
  /**
   * Wall time a whole render may spend fetching (user, blocks, product sets, content APIs), in ms; a source not
   * done by then gives an empty value and a warning. Each synchronous pass over a template is bounded by
   * `timeoutMs` as well. Defaults to `5_000`.
   */
  renderDeadlineMs: number;
}

/** The limits used when an option is not given. */
export const DEFAULT_PERSONALIZATION_LIMITS: Readonly<PersonalizationLimits> = Object.freeze({
  ...DEFAULT_LIMITS,
  contentApiTimeoutMs: 2_000,
  renderDeadlineMs: 5_000,
});

/** How large a cache may grow. */
export interface CacheBounds {
  /**
   * Most entries. A template longer than 64 characters is filed under a fingerprint (its length and sampled
   * characters): up to four templates that share one count as one entry.
   */
  max?: number;
  /**
   * Most bytes, approximately: a compiled template counts 8 bytes per character of its source, a content API
   * result 2 bytes per character of its JSON text.
   */
  maxSize?: number;
}

/** The renderer's caches; `false` turns one off. */
export interface RendererCacheOptions {
  /**
   * Compiled templates and content blocks, keyed by their source text (so a changed block compiles anew).
   * Defaults to `{ max: 5_000, maxSize: 64 MiB }`.
   */
  templates?: boolean | CacheBounds;
  /**
   * Content API results, keyed by API name and arguments, kept `ttlMs` (or the resolver's `contentApiTtlMs`).
   * Failed calls are never kept. Defaults to `{ max: 1_000, maxSize: 16 MiB, ttlMs: 60_000 }`.
   */
  contentApiResults?: boolean | (CacheBounds & { ttlMs?: number });
}

/** Options of `createRenderer`. */
export interface RendererOptions {
  /** Where the data objects' values come from. A source left out is empty. Defaults to `{}`. */
  resolvers?: Resolvers;
  /** Bounds on templates, renders and fetches; the ones not given keep their defaults. */
  limits?: Partial<PersonalizationLimits>;
  /** "Now", for the date filters and for content API result ages. Defaults to `() => new Date()`. */
  clock?: () => Date;
  /** The caches, or `false` for none. Defaults to `true` (both caches, default bounds). */
  cache?: boolean | RendererCacheOptions;
}

/** Renders templates with the personalization objects. Safe to share between concurrent renders. */
export interface Renderer {
  /**
   * Renders one template for one input: fetches what it reads, then renders. The result is the text or "not
   * sent", with warnings for sources that failed. A template error (syntax, render, limit, unknown block, API or
   * product set) rejects with that `TemplateError`. A `Template` passed in keeps its own limits and clock.
   *
   * @example
   * const renderer = createRenderer({ resolvers: memoryResolvers({ users: [{ id: 'u-1', attributes: { City: 'Berlin' } }] }) });
   * await renderer.render("Hi from {{ UserAttribute.City }}", { user: { identifier: 'ID', value: 'u-1' } });
   * // { status: 'sent', text: 'Hi from Berlin', warnings: [] }
   */
  render(template: string | Template, input?: RenderInput): Promise<RenderResult>;
  /**
   * Renders every string of a payload (an object, array or string, nested as deep as it goes) for one input,
   * with one set of fetches for all of them. A failing field does not stop the others: it is listed in
   * `failures` with its path.
   *
   * @example
   * await renderer.renderPayload({ title: 'Hi {{ UserAttribute.City }}', buttons: [{ label: 'Go' }] }, input);
   * // { payload: { title: 'Hi Berlin', buttons: [{ label: 'Go' }] }, failures: [], warnings: [] }
   */
  renderPayload<T>(payload: T, input?: RenderInput): Promise<PayloadResult<T>>;
  /**
   * Compiles a source with the renderer's limits and clock, through its template cache; with a `budget`, the
   * compile spends from it.
   */
  compile(source: string, budget?: TimeBudget): Template;
  /**
   * A new budget of the renderer's `timeoutMs`, for the calls that serve one request (`compile`, then `render` or
   * `renderPayload` with it in their input): together they get `timeoutMs`.
   */
  timeBudget(): TimeBudget;
}

const MiB = 1024 * 1024;

/** The bounds of one cache, or `null` when that cache (or every cache) is off. */
function cacheBounds(
  cache: RendererOptions['cache'],
  pick: (options: RendererCacheOptions) => boolean | (CacheBounds & { ttlMs?: number }) | undefined,
): (CacheBounds & { ttlMs?: number }) | null {
  if (cache === false) return null;
  const option = typeof cache === 'object' ? pick(cache) : undefined;
  if (option === false) return null;
  return typeof option === 'object' ? option : {};
}

/** Every string of a payload, with its path, in document order. */
function collectStrings(
  value: unknown,
  path: (string | number)[],
  out: { path: PayloadPath; source: string }[],
): void {
  if (typeof value === 'string') out.push({ path: [...path], source: value });
  else if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) collectStrings(value[index], [...path, index], out);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) collectStrings(item, [...path, key], out);
  }
}

/** The payload with its strings replaced, in document order, by `texts`. */
function rebuild(value: unknown, texts: readonly string[], next: { index: number }): unknown {
  if (typeof value === 'string') return texts[next.index++];
  if (Array.isArray(value)) return value.map((item) => rebuild(item, texts, next));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) setKey(out, key, rebuild(item, texts, next));
    return out;
  }
  return value;
}

/** Any failure as a `TemplateError`: the engine's own, or an unexpected one wrapped without its JS details. */
function templateError(error: unknown): TemplateError {
  if (error instanceof TemplateError) return error;
  const wrapped = new TemplateRuntimeError('InternalError', 'the engine failed to render this template');
  wrapped.cause = error;
  return wrapped;
}

/**
 * Creates a renderer: resolvers for the data objects, limits, a clock and caches, shared by every render made
 * with it.
 *
 * @example
 * const renderer = createRenderer({
 *   resolvers: memoryResolvers({ productSets: { bestsellers: [{ title: 'Lamp' }] } }),
 *   limits: { contentApiTimeoutMs: 500 },
 * });
 * const result = await renderer.render('{% for p in ProductSet.bestsellers %}{{ p.title }}{% endfor %}');
 * // result.status === 'sent', result.text === 'Lamp'
 */
export function createRenderer(options: RendererOptions = {}): Renderer {
  const limits: PersonalizationLimits = { ...DEFAULT_PERSONALIZATION_LIMITS, ...options.limits };
  const clock = options.clock ?? (() => new Date());
  const templateBounds = cacheBounds(options.cache, (caches) => caches.templates);
  const templates =
    templateBounds === null
      ? null
      : new SourceCache<Template>({
          max: templateBounds.max ?? 5_000,
          maxSize: templateBounds.maxSize ?? 64 * MiB,
        });

  const resultBounds = cacheBounds(options.cache, (caches) => caches.contentApiResults);
  const results =
    resultBounds === null
      ? null
      : new LRUCache<string, CachedResult>({
          max: resultBounds.max ?? 1_000,
          maxSize: resultBounds.maxSize ?? 16 * MiB,
          // Result ages follow the renderer's clock; no resolution timer, so no timer outlives a render.
          perf: { now: () => clock().getTime() },
          ttlResolution: 0,
        });

  const compileOptions = { limits, now: clock, cache: false };
  const compileCached = (source: string, budget?: TimeBudget): Template => {
    const template = templates?.get(source);
    if (template !== undefined) return template;
    const compiled = compile(source, budget === undefined ? compileOptions : { ...compileOptions, budget });
    return templates === null ? compiled : templates.set(source, compiled);
  };

  const setup: SessionSetup = {
    resolvers: options.resolvers ?? {},
    limits,
    compile: compileCached,
    contentApiCalls: new ContentApiCalls(
      options.resolvers?.contentApis,
      results,
      resultBounds?.ttlMs ?? 60_000,
      limits.contentApiTimeoutMs,
    ),
  };

  const timeBudget = () => new TimeBudget(limits.timeoutMs);

  async function render(template: string | Template, input: RenderInput = {}): Promise<RenderResult> {
    const budget = input.budget ?? timeBudget();
    const compiled = typeof template === 'string' ? compileCached(template, budget) : template;
    const session = new RenderSession(setup, input, budget);
    const prefetched = session.prefetch([compiled]);
    if (prefetched !== undefined) await prefetched;
    try {
      const text = session.render(compiled);
      return { status: 'sent', text: isPromiseLike(text) ? await text : text, warnings: session.warnings };
    } catch (error) {
      if (error instanceof NotSentSignal)
        return { status: 'not_sent', reason: error.reason, warnings: session.warnings };
      throw error;
    }
  }

  async function renderPayload<T>(payload: T, input: RenderInput = {}): Promise<PayloadResult<T>> {
    const strings: { path: PayloadPath; source: string }[] = [];
    collectStrings(payload, [], strings);
    const budget = input.budget ?? timeBudget();
    const templates = strings.map(({ source }) => {
      try {
        return compileCached(source, budget);
      } catch (error) {
        return templateError(error);
      }
    });
    const session = new RenderSession(setup, input, budget);
    const prefetched = session.prefetch(
      templates.filter((t): t is Template => !(t instanceof TemplateError)),
    );
    if (prefetched !== undefined) await prefetched;

    // Fields render concurrently, so their content API passes share fetches; each keeps its own outcome. A
    // field that needs no fetch finishes synchronously: only the others are awaited.
    let pending = false;
    const started = templates.map((template): string | TemplateError | Promise<string | TemplateError> => {
      if (template instanceof TemplateError) return template;
      try {
        const text = session.render(template);
        if (!isPromiseLike(text)) return text;
        pending = true;
        return Promise.resolve(text).catch(templateError);
      } catch (error) {
        return templateError(error);
      }
    });
    const outcomes = pending ? await Promise.all(started) : (started as (string | TemplateError)[]);
    const failures: PayloadFailure[] = [];
    outcomes.forEach((outcome, index) => {
      if (typeof outcome === 'string') return;
      const path = strings[index].path;
      failures.push(
        outcome instanceof NotSentSignal
          ? { path, status: 'not_sent', reason: outcome.reason }
          : { path, status: 'error', error: outcome },
      );
    });
    const texts = outcomes.map((outcome) => (typeof outcome === 'string' ? outcome : ''));
    return { payload: rebuild(payload, texts, { index: 0 }) as T, failures, warnings: session.warnings };
  }

  return { render, renderPayload, compile: compileCached, timeBudget };
}
