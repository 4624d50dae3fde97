/**
 * Content blocks within one render: their sources fetched (the blocks a template names, then the blocks those
 * name, concurrently per level), each compiled through the renderer's cache, and each rendered once with the
 * render's data. A block's text is what `ContentBlock['name']` reads.
 */
import { LimitError, NotSentSignal, TemplateError } from '../errors';
import type { TimeBudget } from '../limits';
import { setKey } from '../runtime/values';
import type { Template } from '../template';
import {
  andThen,
  attempt,
  bounded,
  describeFailure,
  isPromiseLike,
  type Outcome,
  RENDER_DEADLINE,
  within,
} from './bounded';
import { ContentBlockError, NotFoundError } from './errors';
import {
  ALL,
  type MemberReads,
  OBJECTS,
  objectsOutside,
  readsOf,
  referenceTo,
  type TemplateReads,
} from './reads';
import type { ContentBlockResolver } from './resolvers';
import type { RenderWarning } from './results';

/** What the block tree needs from the render it belongs to. */
export interface BlockHost {
  /** Compiles a block's source (through the renderer's cache). */
  compile(source: string): Template;
  /** Milliseconds left before the render's deadline. */
  remainingMs(): number;
  /** The render time every template and block of the render shares. */
  readonly budget: TimeBudget;
  /** Records a warning. */
  warn(warning: RenderWarning): void;
  /** `UserAttribute` and `EventAttribute` for a template with these reads (throws when the user was not found). */
  dataVariables(reads: TemplateReads): Record<string, unknown>;
}

type Entry =
  | { readonly kind: 'missing' }
  | { readonly kind: 'failed' }
  | { readonly kind: 'invalid'; readonly error: unknown }
  | { readonly kind: 'found'; readonly template: Template; readonly reads: TemplateReads };

/** A block being fetched or fetched: its entry once known, and the shallowest depth it was reached at. */
interface Node {
  entry: Entry | undefined;
  depth: number;
}

/** A rendered block, with the longest chain of blocks below it (itself first), for the depth limit. */
interface Rendered {
  readonly text: string;
  readonly deepest: readonly string[];
}

const ALLOWED_IN_BLOCKS: readonly string[] = [OBJECTS.user, OBJECTS.event, OBJECTS.block];
const NO_BLOCKS: Readonly<Record<string, string>> = Object.freeze({});

/** Words a problem of a restricted template (a content block, a token in a content API argument) as its error. */
export type RestrictedFailure = (problem: string, cause?: unknown) => TemplateError;

/** A template's error in words, with its place and code frame. */
export function describeTemplateFailure(error: unknown): string {
  return error instanceof TemplateError ? error.describe() : describeFailure(error);
}

/**
 * Checks that a template reads only what a content block may (`UserAttribute`, `EventAttribute`,
 * `ContentBlock`); `inside` says where it is written (`inside a content block`).
 */
export function checkRestricted(template: Template, inside: string, fail: RestrictedFailure): void {
  const forbidden = objectsOutside(template, ALLOWED_IN_BLOCKS);
  if (forbidden.length > 0) {
    throw fail(
      `uses ${forbidden.join(' and ')}: ${inside} only UserAttribute, EventAttribute and ContentBlock may be used`,
    );
  }
}

/**
 * Renders a restricted template, on the render's time budget. It saying not to send, or naming something that does not exist, stops the
 * message as it is; any other failure is worded by `fail`.
 */
export function renderRestricted(
  template: Template,
  variables: Record<string, unknown>,
  budget: TimeBudget,
  fail: RestrictedFailure,
): string {
  try {
    return template.render(variables, budget);
  } catch (error) {
    if (error instanceof NotSentSignal || error instanceof NotFoundError) throw error;
    throw fail(`failed: ${describeTemplateFailure(error)}`, error);
  }
}

function depthError(chain: readonly string[], limit: number): LimitError {
  return new LimitError(
    'maxContentBlockDepth',
    `content blocks nest deeper than ${limit}: ${chain.join(' -> ')}`,
  );
}

/** The content blocks of one render. */
export class ContentBlocks {
  private readonly nodes = new Map<string, Node>();
  private readonly rendered = new Map<string, Rendered>();
  private allNames: readonly string[] = [];
  private allRequested = false;

  constructor(
    private readonly resolver: ContentBlockResolver | undefined,
    private readonly host: BlockHost,
    private readonly maxDepth: number,
  ) {}

  /** Fetches the blocks a template reads and every block they include, as far as the depth limit. */
  load(reads: MemberReads): void | Promise<void> {
    if (reads === undefined) return;
    if (reads !== ALL) return this.visitAll(reads);
    if (this.allRequested) return;
    this.allRequested = true;
    const resolver = this.resolver;
    if (resolver === undefined) return;
    const withNames = (outcome: Outcome<readonly string[]>) => {
      if (outcome.ok) this.allNames = [...outcome.value];
      else
        this.host.warn({
          source: 'content_block',
          name: '*',
          message: `Content block names could not be listed: ${outcome.reason}`,
        });
      return this.visitAll(this.allNames);
    };
    return andThen(
      bounded(() => resolver.contentBlockNames(), this.host.remainingMs(), RENDER_DEADLINE),
      withNames,
    );
  }

  private visitAll(names: readonly string[]): void | Promise<void> {
    const pending: Promise<unknown>[] = [];
    for (const name of names) this.visit(name, 1, pending);
    if (pending.length > 0) return Promise.all(pending).then(() => undefined);
  }

  private visit(name: string, depth: number, pending: Promise<unknown>[]): void {
    if (depth > this.maxDepth) return;
    const known = this.nodes.get(name);
    if (known !== undefined) {
      // Reached again closer to the top: its children may now lie within the depth limit.
      if (depth < known.depth) {
        known.depth = depth;
        this.visitChildren(known, pending);
      }
      return;
    }
    const node: Node = { entry: undefined, depth };
    this.nodes.set(name, node);
    const resolver = this.resolver;
    if (resolver === undefined) {
      node.entry = { kind: 'missing' };
      return;
    }
    const answer = attempt(() => resolver.contentBlock(name));
    if (!isPromiseLike(answer)) {
      node.entry = this.entryOf(name, answer);
      this.visitChildren(node, pending);
      return;
    }
    pending.push(
      within(answer, this.host.remainingMs(), RENDER_DEADLINE).then((outcome) => {
        node.entry = this.entryOf(name, outcome);
        const nested: Promise<unknown>[] = [];
        this.visitChildren(node, nested);
        return Promise.all(nested);
      }),
    );
  }

  private visitChildren(node: Node, pending: Promise<unknown>[]): void {
    const entry = node.entry;
    if (entry?.kind !== 'found' || entry.reads.blocks === undefined || entry.reads.blocks === ALL) return;
    for (const child of entry.reads.blocks) this.visit(child, node.depth + 1, pending);
  }

  private entryOf(name: string, outcome: Outcome<string | undefined>): Entry {
    if (!outcome.ok || (outcome.value !== undefined && typeof outcome.value !== 'string')) {
      const reason = outcome.ok ? 'the store gave something other than text' : outcome.reason;
      this.host.warn({
        source: 'content_block',
        name,
        message: `Content block '${name}' could not be loaded: ${reason}`,
      });
      return { kind: 'failed' };
    }
    if (outcome.value === undefined) return { kind: 'missing' };
    try {
      const template = this.host.compile(outcome.value);
      return { kind: 'found', template, reads: readsOf(template) };
    } catch (error) {
      return { kind: 'invalid', error };
    }
  }

  /**
   * The `ContentBlock` variable of a template that reads `reads`: each block it names, rendered. Names that do
   * not exist are one `NotFoundError` listing them all, placed at the first one in `source` (when given; else
   * where the template that runs it is). A template that reads blocks by computed names gets every block, each
   * rendered when the template reads it: a block the render never reaches cannot fail it.
   */
  variable(reads: MemberReads, source?: string): Readonly<Record<string, string>> {
    if (reads === undefined) return NO_BLOCKS;
    const blocks: Record<string, string> = {};
    if (reads === ALL) {
      for (const name of this.allNames) {
        Object.defineProperty(blocks, name, {
          get: () => this.text(name, []),
          enumerable: true,
          configurable: true,
        });
      }
      return blocks;
    }
    this.checkFound(reads, source);
    for (const name of reads) setKey(blocks, name, this.text(name, []));
    return blocks;
  }

  private checkFound(names: readonly string[], source: string | undefined): void {
    const missing = names.filter((name) => this.nodes.get(name)?.entry?.kind === 'missing');
    if (missing.length === 0) return;
    const error = new NotFoundError('content_block', missing);
    const at = source === undefined ? undefined : referenceTo(source, OBJECTS.block, missing[0]);
    if (at !== undefined && source !== undefined) error.locate(at.line, at.col, source);
    throw error;
  }

  /** The text of block `name` reached through the blocks of `chain`: rendered once per render, then reused. */
  private text(name: string, chain: readonly string[]): string {
    const path = [...chain, name];
    if (chain.includes(name)) {
      throw new ContentBlockError(`content blocks include each other in a cycle: ${path.join(' -> ')}`, path);
    }
    if (path.length > this.maxDepth) throw depthError(path, this.maxDepth);
    const done = this.rendered.get(name);
    if (done !== undefined) {
      if (chain.length + done.deepest.length > this.maxDepth) {
        throw depthError([...chain, ...done.deepest], this.maxDepth);
      }
      return done.text;
    }
    const rendered = this.render(name, path);
    this.rendered.set(name, rendered);
    return rendered.text;
  }

  private render(name: string, path: readonly string[]): Rendered {
    const entry = this.nodes.get(name)?.entry;
    if (entry === undefined || entry.kind === 'missing') throw new NotFoundError('content_block', [name]);
    if (entry.kind === 'failed') return { text: '', deepest: [name] };
    const fail: RestrictedFailure = (problem, cause) =>
      new ContentBlockError(`content block '${name}' ${problem}`, path, cause);
    if (entry.kind === 'invalid')
      throw fail(`does not compile: ${describeTemplateFailure(entry.error)}`, entry.error);
    checkRestricted(entry.template, 'inside a content block', fail);
    const childReads = entry.reads.blocks;
    if (childReads === ALL) {
      throw fail(
        "reads content blocks by a computed name: a block may only include blocks it names, as ContentBlock['footer']",
      );
    }
    const children = childReads ?? [];
    this.checkFound(children, undefined);
    const blocks: Record<string, string> = {};
    let deepest: readonly string[] = [name];
    for (const child of children) {
      setKey(blocks, child, this.text(child, path));
      const below = this.rendered.get(child)?.deepest ?? [];
      if (below.length + 1 > deepest.length) deepest = [name, ...below];
    }
    const variables = this.host.dataVariables(entry.reads);
    variables[OBJECTS.block] = blocks;
    return { text: renderRestricted(entry.template, variables, this.host.budget, fail), deepest };
  }
}
