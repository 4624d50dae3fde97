/**
 * Content API calls: the renderer's shared side (a TTL cache of results and one request per identical call in
 * flight, across concurrent renders) and the `ContentApi` object templates call.
 */
import type { LRUCache } from 'lru-cache';
import { typeError } from '../errors';
import { typeName } from '../runtime/type-name';
import { isDict, type Kwargs, PyCallable, setKey } from '../runtime/values';
import { attempt, isPromiseLike, type Outcome, succeeded, within } from './bounded';
import { canonicalJson, type JsonValue, toJsonValue } from './json-values';
import type { ContentApiArguments, ContentApiCallContext, ContentApiResolver } from './resolvers';

/** One call: the API's name, its arguments as JSON, and the key that identifies it (name + canonical JSON). */
export interface ContentApiCall {
  /** The API's name. */
  readonly name: string;
  /** The argument object. */
  readonly args: ContentApiArguments;
  /** Equal for calls with the same name and equal arguments. */
  readonly key: string;
}

/** A cached result (boxed: a result may be any JSON value, `null` included). */
export interface CachedResult {
  /** The API's answer. */
  readonly value: unknown;
}

/** The answer to a call: the result (`undefined` when the API does not exist), or why the call failed. */
export type CallOutcome = Outcome<unknown>;

/** The size a result takes in the cache, in bytes (UTF-16 JSON text; 1 when it has no JSON text). */
function resultSize(value: unknown): number {
  try {
    return Math.max(1, (JSON.stringify(value)?.length ?? 0) * 2);
  } catch {
    return 1;
  }
}

/**
 * The renderer's side of content API calls: results cached by name and arguments for their TTL, and identical
 * calls in flight shared, each bounded by the per-call timeout whoever waits for it.
 */
export class ContentApiCalls {
  private readonly inFlight = new Map<string, Promise<CallOutcome>>();

  constructor(
    private readonly resolver: ContentApiResolver | undefined,
    private readonly cache: LRUCache<string, CachedResult> | null,
    private readonly defaultTtlMs: number,
    private readonly timeoutMs: number,
  ) {}

  /** Answers a call: from the cache, from the identical call in flight, or by calling the resolver. */
  call(call: ContentApiCall, context: ContentApiCallContext): CallOutcome | Promise<CallOutcome> {
    const resolver = this.resolver;
    if (resolver === undefined) return succeeded(undefined);
    const cached = this.cache?.get(call.key);
    if (cached !== undefined) return succeeded(cached.value);
    const shared = this.inFlight.get(call.key);
    if (shared !== undefined) return shared;
    const answer = attempt(() => resolver.callContentApi(call.name, call.args, context));
    if (!isPromiseLike(answer)) {
      this.keep(call, answer);
      return answer;
    }
    const pending = within(answer, this.timeoutMs, `timed out after ${this.timeoutMs} ms`).then((outcome) => {
      this.inFlight.delete(call.key);
      this.keep(call, outcome);
      return outcome;
    });
    this.inFlight.set(call.key, pending);
    return pending;
  }

  private keep(call: ContentApiCall, outcome: CallOutcome): void {
    if (this.cache === null || !outcome.ok || outcome.value === undefined) return;
    const ttl = this.resolver?.contentApiTtlMs?.(call.name) ?? this.defaultTtlMs;
    if (ttl > 0) this.cache.set(call.key, { value: outcome.value }, { ttl, size: resultSize(outcome.value) });
  }
}

/**
 * Renders a string of an argument object that is a template (`contentApiArgumentSources`), given where it sits
 * (`params.recipient_id`) and the API called; `undefined` sends the string as it is.
 */
export type ArgumentRenderer = (text: string, path: string, api: string) => string | undefined;

function renderStrings(
  value: JsonValue,
  render: (text: string, path: string) => string | undefined,
  path: string,
): JsonValue {
  if (typeof value === 'string') return render(value, path) ?? value;
  if (Array.isArray(value))
    return value.map((item, index) => renderStrings(item, render, `${path}[${index}]`));
  if (value === null || typeof value !== 'object') return value;
  const out: { [key: string]: JsonValue } = {};
  for (const [key, item] of Object.entries(value)) {
    setKey(out, key, renderStrings(item, render, path === '' ? key : `${path}.${key}`));
  }
  return out;
}

/**
 * The call `ContentApi.<name>(argument)` makes, checked: at most one argument, a dict, no keywords. With
 * `render`, the argument's template strings are rendered first, so that the key names the values sent.
 */
export function describeCall(
  name: string,
  args: unknown[],
  kwargs: Kwargs,
  render?: ArgumentRenderer,
): ContentApiCall {
  if (Object.keys(kwargs).length > 0 || args.length > 1) {
    throw typeError(
      `ContentApi.${name}() takes one argument object: ContentApi.${name}({"params": {...}, "request_body": {...}})`,
    );
  }
  const argument = args.length === 0 ? {} : args[0];
  if (!isDict(argument)) {
    throw typeError(`the argument of ContentApi.${name}() must be a dict, not ${typeName(argument)}`);
  }
  const converted = toJsonValue(argument);
  const json =
    render === undefined ? converted : renderStrings(converted, (text, path) => render(text, path, name), '');
  return { name, args: json as ContentApiArguments, key: `${name}\n${canonicalJson(json)}` };
}

/**
 * The members of the `ContentApi` object: any name that is not private is an API, answered by `call`, so a
 * template may name APIs by computed names too (`ContentApi[name]()`); whether the API exists is the resolver's
 * to say. A Map-shaped view, because that is how callables carry attributes.
 */
class ContentApiMembers implements ReadonlyMap<string, PyCallable> {
  private readonly callables = new Map<string, PyCallable>();

  constructor(private readonly call: ContentApiAnswer) {}

  get size(): number {
    return this.callables.size;
  }

  has(name: string): boolean {
    return !name.startsWith('_');
  }

  get(name: string): PyCallable | undefined {
    if (!this.has(name)) return undefined;
    let callable = this.callables.get(name);
    if (callable === undefined) {
      callable = new PyCallable(name, (_state, args, kwargs) => this.call(name, args, kwargs));
      this.callables.set(name, callable);
    }
    return callable;
  }

  forEach(callback: (value: PyCallable, key: string, map: ReadonlyMap<string, PyCallable>) => void): void {
    for (const [key, value] of this.callables) callback(value, key, this);
  }

  entries(): MapIterator<[string, PyCallable]> {
    return this.callables.entries();
  }

  keys(): MapIterator<string> {
    return this.callables.keys();
  }

  values(): MapIterator<PyCallable> {
    return this.callables.values();
  }

  [Symbol.iterator](): MapIterator<[string, PyCallable]> {
    return this.callables.entries();
  }
}

/** Answers `ContentApi.<name>(*args, **kwargs)` for a template. */
export type ContentApiAnswer = (name: string, args: unknown[], kwargs: Kwargs) => unknown;

/** The `ContentApi` render variable: `ContentApi.weather({...})` gives the template what `answer` returns. */
export function contentApiObject(answer: ContentApiAnswer): PyCallable {
  return new PyCallable(
    'ContentApi',
    () => {
      throw typeError('ContentApi is not callable itself: call one API, as ContentApi.<name>({...})');
    },
    new ContentApiMembers(answer),
  );
}
