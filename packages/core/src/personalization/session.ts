/**
 * One personalized render (a template, or every field of one payload): the data objects' values fetched once,
 * concurrently and bounded, then each template rendered synchronously with them.
 *
 * Content API calls are found by running the template: their arguments are template values. A pass answers
 * each call from what is known (a result, `{}` for a failed call); a call not known yet starts its fetch and
 * reads `{}` for now. When a pass started no fetch, it was the real render; otherwise the fetches are awaited
 * and the template runs again, so calls whose arguments depend on earlier results are found in turn.
 */
import type { TimeBudget } from '../limits';
import { isDict, type Kwargs, setKey, Undefined } from '../runtime/values';
import type { Template } from '../template';
import { andThen, bounded, failed, isPromiseLike, type Outcome, RENDER_DEADLINE, within } from './bounded';
import {
  type CallOutcome,
  type ContentApiCall,
  type ContentApiCalls,
  contentApiObject,
  describeCall,
} from './content-api';
import {
  ContentBlocks,
  checkRestricted,
  describeTemplateFailure,
  type RestrictedFailure,
  renderRestricted,
} from './content-blocks';
import { ContentApiArgumentError, NotFoundError } from './errors';
import {
  ALL,
  contentApiArgumentSources,
  type MemberReads,
  OBJECTS,
  readsOf,
  referenceTo,
  type TemplateReads,
} from './reads';
import type { ResolverContext, Resolvers, UserIdentification } from './resolvers';
import type { RenderWarning } from './results';

/** Bounds a session keeps to (a subset of `PersonalizationLimits`). */
export interface SessionLimits {
  readonly timeoutMs: number;
  readonly maxContentBlockDepth: number;
  readonly maxContentApiCalls: number;
  readonly contentApiTimeoutMs: number;
  readonly renderDeadlineMs: number;
}

/** Who and what a render is for: the user, the attributes supplied with the request, the channel and event. */
export interface RenderInput {
  /** The user to fetch stored attributes for. Without it, `UserAttribute` holds only `userAttributes`. */
  readonly user?: UserIdentification;
  /** Attribute values supplied with the request; they win over stored ones. A `null` value is missing. */
  readonly userAttributes?: Readonly<Record<string, unknown>>;
  /** The triggering event's attributes (`EventAttribute`). A `null` value is missing. */
  readonly eventAttributes?: Readonly<Record<string, unknown>>;
  /** The channel (`EMAIL`, `SMS`, `PUSH`, ...), passed on to resolvers. */
  readonly channel?: string;
  /** The triggering event's name, passed on to resolvers. */
  readonly eventName?: string;
  /**
   * The time this render spends from, compiling and rendering, shared with other calls that serve the same
   * request (`renderer.timeBudget()`). Defaults to a budget of its own: `timeoutMs`.
   */
  readonly budget?: TimeBudget;
}

/** What a session is given by its renderer. */
export interface SessionSetup {
  readonly resolvers: Resolvers;
  readonly limits: SessionLimits;
  readonly compile: (source: string, budget: TimeBudget) => Template;
  readonly contentApiCalls: ContentApiCalls;
}

/** A content API call of this render: its outcome once known, and the fetch to wait for until then. */
interface SessionCall {
  outcome: CallOutcome | undefined;
  settled: Promise<void> | undefined;
}

const EMPTY: Readonly<Record<string, unknown>> = Object.freeze({});

/** The record without its `null` (and JS `undefined`) values: a null attribute is a missing one. */
function withoutNulls(record: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  let clean = true;
  for (const key in record) {
    if (Object.hasOwn(record, key) && (record[key] === null || record[key] === undefined)) {
      clean = false;
      break;
    }
  }
  if (clean) return record;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record))
    if (value !== null && value !== undefined) setKey(out, key, value);
  return out;
}

/**
 * `UserAttribute`: stored attributes overridden by supplied ones, in the order Python's `{**stored, **supplied}`
 * keeps, without the null values.
 */
function mergeAttributes(
  stored: Readonly<Record<string, unknown>>,
  supplied: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
  if (Object.keys(supplied).length === 0) return withoutNulls(stored);
  const out: Record<string, unknown> = {};
  for (const [key, storedValue] of Object.entries(stored)) {
    const value = Object.hasOwn(supplied, key) ? supplied[key] : storedValue;
    if (value !== null && value !== undefined) setKey(out, key, value);
  }
  for (const [key, value] of Object.entries(supplied)) {
    if (!Object.hasOwn(stored, key) && value !== null && value !== undefined) setKey(out, key, value);
  }
  return out;
}

/** One render of one message. */
export class RenderSession {
  /** Sources that failed so far, in the order they failed. */
  readonly warnings: RenderWarning[] = [];
  private readonly seen = new Set<string>();
  private readonly deadline: number;
  private readonly context: ResolverContext;
  private readonly supplied: Readonly<Record<string, unknown>>;
  private user: Readonly<Record<string, unknown>>;
  private userError: NotFoundError | undefined;
  private readonly event: Readonly<Record<string, unknown>>;
  private readonly productSets: Record<string, readonly unknown[]> = {};
  private readonly missingSets = new Set<string>();
  private readonly blocks: ContentBlocks;
  private readonly calls = new Map<string, SessionCall>();
  private callsMade = 0;
  private contentApi: unknown;
  private readonly placeholders = new WeakSet<object>();
  /** The template strings the templates of this render may pass in content API arguments. */
  private readonly argumentSources = new Set<string>();
  /** The fetches the current pass started or waits for; `null` outside a pass. */
  private waiting: Promise<void>[] | null = null;

  constructor(
    private readonly setup: SessionSetup,
    input: RenderInput,
    /** The compile and render time all the session's templates, blocks and passes share. */
    readonly budget: TimeBudget,
  ) {
    this.deadline = Date.now() + setup.limits.renderDeadlineMs;
    this.context = { user: input.user, channel: input.channel, eventName: input.eventName };
    this.supplied = input.userAttributes ?? EMPTY;
    this.user = withoutNulls(this.supplied);
    this.event = withoutNulls(input.eventAttributes ?? EMPTY);
    this.blocks = new ContentBlocks(setup.resolvers.contentBlocks, this, setup.limits.maxContentBlockDepth);
  }

  /** Milliseconds left before the render's deadline. */
  remainingMs(): number {
    return this.deadline - Date.now();
  }

  /** Records a warning, once per message. */
  warn(warning: RenderWarning): void {
    if (this.seen.has(warning.message)) return;
    this.seen.add(warning.message);
    this.warnings.push(warning);
  }

  /** Compiles a content block's source through the renderer's cache, on the session's budget. */
  compile(source: string): Template {
    return this.setup.compile(source, this.budget);
  }

  private compileQuietly(source: string): Template | undefined {
    try {
      return this.compile(source);
    } catch {
      return undefined;
    }
  }

  /**
   * Fetches, concurrently, everything these templates read statically: user, product sets, content blocks,
   * and what the templates written in their content API arguments read.
   */
  prefetch(templates: readonly Template[]): void | Promise<void> {
    const reads = templates.map(readsOf);
    for (const template of templates) {
      for (const source of contentApiArgumentSources(template)) {
        if (this.argumentSources.has(source)) continue;
        this.argumentSources.add(source);
        // One that does not compile reads nothing; the call that passes it reports why.
        const argument = this.compileQuietly(source);
        if (argument !== undefined) reads.push(readsOf(argument));
      }
    }
    const tasks: Promise<void>[] = [];
    const add = (task: void | Promise<void>) => {
      if (task !== undefined) tasks.push(task);
    };
    const usesBlocks = reads.some((r) => r.blocks !== undefined);
    if (usesBlocks || reads.some((r) => r.user !== undefined)) {
      // Blocks may read any attribute, and are only known once fetched: then ask for the whole record at once.
      const whole = usesBlocks || reads.some((r) => r.user === ALL);
      add(this.loadUser(whole ? undefined : union(reads.map((r) => r.user))));
    }
    const sets = reads.map((r) => r.productSets);
    if (sets.includes(ALL)) add(this.loadAllProductSets());
    else add(this.loadProductSets(union(sets)));
    for (const r of reads) add(this.blocks.load(r.blocks));
    if (tasks.length > 0) return Promise.all(tasks).then(() => undefined);
  }

  private loadUser(names: readonly string[] | undefined): void | Promise<void> {
    const resolver = this.setup.resolvers.users;
    const who = this.context.user;
    if (resolver === undefined || who === undefined) return;
    const settle = (outcome: Outcome<Readonly<Record<string, unknown>> | undefined>) => {
      if (!outcome.ok) {
        this.warn({
          source: 'user_attributes',
          name: who.value,
          message: `The stored attributes of the user could not be loaded: ${outcome.reason}`,
        });
      } else if (outcome.value === undefined) {
        this.userError = new NotFoundError('user', [who.identifier, who.value]);
      } else {
        this.user = mergeAttributes(outcome.value, this.supplied);
      }
    };
    return andThen(
      bounded(() => resolver.userAttributes(who, names), this.remainingMs(), RENDER_DEADLINE),
      settle,
    );
  }

  private loadAllProductSets(): void | Promise<void> {
    const resolver = this.setup.resolvers.productSets;
    if (resolver === undefined) return;
    const settle = (outcome: Outcome<readonly string[]>) => {
      if (outcome.ok) return this.loadProductSets(outcome.value);
      this.warn({
        source: 'product_set',
        name: '*',
        message: `Product set names could not be listed: ${outcome.reason}`,
      });
    };
    return andThen(
      bounded(() => resolver.productSetNames(), this.remainingMs(), RENDER_DEADLINE),
      settle,
    );
  }

  private loadProductSets(names: readonly string[]): void | Promise<void> {
    const resolver = this.setup.resolvers.productSets;
    const pending: Promise<void>[] = [];
    for (const name of names) {
      if (resolver === undefined) {
        this.missingSets.add(name);
        continue;
      }
      const settle = (outcome: Outcome<readonly unknown[] | undefined>) =>
        this.settleProductSet(name, outcome);
      const settled = andThen(
        bounded(() => resolver.productSet(name), this.remainingMs(), RENDER_DEADLINE),
        settle,
      );
      if (settled instanceof Promise) pending.push(settled);
    }
    if (pending.length > 0) return Promise.all(pending).then(() => undefined);
  }

  private settleProductSet(name: string, outcome: Outcome<readonly unknown[] | undefined>): void {
    if (outcome.ok && outcome.value === undefined) {
      this.missingSets.add(name);
      return;
    }
    if (outcome.ok && Array.isArray(outcome.value)) {
      setKey(this.productSets, name, outcome.value);
      return;
    }
    const reason = outcome.ok ? 'the store gave something other than a list' : outcome.reason;
    this.warn({
      source: 'product_set',
      name,
      message: `Product set '${name}' could not be loaded: ${reason}`,
    });
    setKey(this.productSets, name, []);
  }

  /** `UserAttribute` and `EventAttribute`; a template reading user attributes of a user who does not exist fails. */
  dataVariables(reads: TemplateReads): Record<string, unknown> {
    if (reads.user !== undefined && this.userError !== undefined) throw this.userError;
    return { [OBJECTS.user]: this.user, [OBJECTS.event]: this.event };
  }

  private variablesFor(template: Template, reads: TemplateReads): Record<string, unknown> {
    const variables = this.dataVariables(reads);
    if (reads.productSets !== undefined) {
      if (reads.productSets !== ALL) {
        const missing = reads.productSets.find((name) => this.missingSets.has(name));
        if (missing !== undefined) {
          const error = new NotFoundError('product_set', [missing]);
          const at = referenceTo(template.source, OBJECTS.productSet, missing);
          throw at === undefined ? error : error.locate(at.line, at.col, template.source);
        }
      }
      variables[OBJECTS.productSet] = this.productSets;
    }
    if (reads.blocks !== undefined)
      variables[OBJECTS.block] = this.blocks.variable(reads.blocks, template.source);
    if (reads.contentApi) {
      this.contentApi ??= contentApiObject((name, args, kwargs) => this.answer(name, args, kwargs));
      variables[OBJECTS.api] = this.contentApi;
    }
    return variables;
  }

  /**
   * Renders a prefetched template: its text, or the template's error (a `NotSentSignal` when it says not to
   * send). Synchronous unless the template calls content APIs that answer later.
   */
  render(template: Template): string | Promise<string> {
    const reads = readsOf(template);
    const variables = this.variablesFor(template, reads);
    return reads.contentApi ? this.passes(template, variables) : template.render(variables, this.budget);
  }

  private passes(template: Template, variables: Record<string, unknown>): string | Promise<string> {
    const waiting: Promise<void>[] = [];
    this.waiting = waiting;
    let text = '';
    let failure: { error: unknown } | undefined;
    try {
      text = template.render(variables, this.budget);
    } catch (error) {
      failure = { error };
    } finally {
      this.waiting = null;
    }
    // A pass that waited on no fetch saw only final answers: it is the render. Any other pass may have read a
    // placeholder `{}`, so its text or error (even a not-sent signal) says nothing yet.
    if (waiting.length > 0) return Promise.all(waiting).then(() => this.passes(template, variables));
    if (failure !== undefined) throw failure.error;
    return text;
  }

  /**
   * What `ContentApi.<name>(args)` gives the template in the current pass. A call whose arguments hold a value
   * read from a placeholder waits for a later pass: its real arguments are not known yet.
   */
  private answer(name: string, args: unknown[], kwargs: Kwargs): unknown {
    if (args.some((arg) => this.readsPlaceholder(arg, 0))) return this.placeholder();
    const call = describeCall(
      name,
      args,
      kwargs,
      this.argumentSources.size > 0 ? this.renderArgument : undefined,
    );
    const entry = this.calls.get(call.key) ?? this.start(call);
    const outcome = entry.outcome;
    if (outcome === undefined) {
      if (entry.settled !== undefined) this.waiting?.push(entry.settled);
      return this.placeholder();
    }
    if (!outcome.ok) return {};
    if (outcome.value === undefined) throw new NotFoundError('content_api', [call.name]);
    return outcome.value;
  }

  /**
   * A string of a content API argument, rendered when the template wrote it with a token: with the render's
   * data, as a content block is (`UserAttribute`, `EventAttribute`, `ContentBlock`).
   */
  private readonly renderArgument = (text: string, path: string, api: string): string | undefined => {
    if (!this.argumentSources.has(text)) return undefined;
    const fail: RestrictedFailure = (problem, cause) =>
      new ContentApiArgumentError(api, path, problem, cause);
    let template: Template;
    try {
      template = this.compile(text);
    } catch (error) {
      throw fail(`does not compile: ${describeTemplateFailure(error)}`, error);
    }
    checkRestricted(template, 'in a token of a content API argument', fail);
    const reads = readsOf(template);
    const variables = this.dataVariables(reads);
    if (reads.blocks !== undefined) variables[OBJECTS.block] = this.blocks.variable(reads.blocks);
    return renderRestricted(template, variables, this.budget, fail);
  };

  /** The `{}` a pending call reads as for now; remembered, so that arguments derived from it can be told. */
  private placeholder(): Record<string, unknown> {
    const placeholder = {};
    this.placeholders.add(placeholder);
    return placeholder;
  }

  private readsPlaceholder(value: unknown, depth: number): boolean {
    if (typeof value !== 'object' || value === null || depth > 64) return false;
    if (this.placeholders.has(value)) return true;
    if (value instanceof Undefined) {
      return typeof value.obj === 'object' && value.obj !== null && this.placeholders.has(value.obj);
    }
    if (Array.isArray(value)) return value.some((item) => this.readsPlaceholder(item, depth + 1));
    if (value instanceof Map)
      return [...value.values()].some((item) => this.readsPlaceholder(item, depth + 1));
    if (isDict(value)) return Object.values(value).some((item) => this.readsPlaceholder(item, depth + 1));
    return false;
  }

  private start(call: ContentApiCall): SessionCall {
    const entry: SessionCall = { outcome: undefined, settled: undefined };
    this.calls.set(call.key, entry);
    const limits = this.setup.limits;
    if (this.callsMade >= limits.maxContentApiCalls) {
      this.settle(
        entry,
        call,
        failed(`not called: the render reached its limit of ${limits.maxContentApiCalls} content API calls`),
      );
      return entry;
    }
    const remaining = this.remainingMs();
    if (remaining <= 0) {
      this.settle(entry, call, failed(`not called: ${RENDER_DEADLINE}`));
      return entry;
    }
    this.callsMade++;
    const answer = this.setup.contentApiCalls.call(call, {
      ...this.context,
      timeoutMs: Math.min(limits.contentApiTimeoutMs, remaining),
    });
    if (!isPromiseLike(answer)) {
      this.settle(entry, call, answer);
      return entry;
    }
    entry.settled = within(answer, remaining, RENDER_DEADLINE).then((outcome) =>
      this.settle(entry, call, outcome.ok ? outcome.value : failed(outcome.reason)),
    );
    return entry;
  }

  private settle(entry: SessionCall, call: ContentApiCall, outcome: CallOutcome): void {
    entry.outcome = outcome;
    if (!outcome.ok) {
      this.warn({
        source: 'content_api',
        name: call.name,
        message: `Content API '${call.name}' failed: ${outcome.reason}`,
      });
    }
  }
}

/** The names of several `MemberReads` together (`ALL` is handled by the caller). */
function union(reads: readonly MemberReads[]): string[] {
  const names = new Set<string>();
  for (const r of reads) if (r !== undefined && r !== ALL) for (const name of r) names.add(name);
  return [...names];
}
