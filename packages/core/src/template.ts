import { compileWithOwnCode, rendersBeforeOwnCode } from './compiler/code-copies';
import { asTemplateError, Compiler, type Program, type TemplateNames } from './compiler/compiler';
import { Run } from './compiler/frame';
import { LimitError } from './errors';
import { builtinFilters } from './filters/index';
import { keptShapes } from './kept-shapes';
import {
  enterRender,
  type Limits,
  leaveRender,
  resolveLimits,
  type TimeBudget,
  timeLimitError,
} from './limits';
import { parse } from './parser/parser';
import { noteListEdit } from './runtime/member-sets';
import type { FilterSpec, Registry, TestSpec } from './runtime/state';
import { SourceCache } from './source-cache';
import { builtinTests } from './tests/index';

/** Options of `compile`. */
export interface CompileOptions {
  /** Bounds on the template and each render; the ones not given keep their defaults (see `Limits`). */
  limits?: Partial<Limits>;
  /** "Now" for the date filters. Defaults to `() => new Date()`. */
  now?: () => Date;
  /** Extra filters, by name, next to the built-in ones (a name here replaces a built-in). */
  filters?: Record<string, FilterSpec>;
  /** Extra tests, by name, next to the built-in ones. */
  tests?: Record<string, TestSpec>;
  /** Reuse the compiled form of a source seen before (a bounded LRU cache keyed by source). Defaults to `true`. */
  cache?: boolean;
  /** The time budget a compile spends from, with the renders of the same request. Defaults to none. */
  budget?: TimeBudget;
}

const BUILTIN_REGISTRY: Registry = { filters: builtinFilters, tests: builtinTests };

/**
 * A source's program, shared by every `Template` of that source, and its way to code of its own
 * (compiler/code-copies.ts).
 */
interface Compiled {
  /** What renders run: the shared compiler's program, then the one compiled with a copy of its code. */
  program: Program;
  /** Renders on the shared code so far; -1 once the template has code of its own, or cannot have it. */
  renders: number;
  /** Whether `program` was compiled with code of the template's own. */
  own: boolean;
}

/**
 * Programs compiled with the built-in filters and tests, by source. A program compiled with a registry of its
 * own is not kept: that registry is made anew for each `compile` call.
 */
const programs = new SourceCache<Compiled>({ max: 5_000, maxSize: 64 * 1024 * 1024 });

function registryFor(options: CompileOptions | undefined): Registry {
  if (options?.filters === undefined && options?.tests === undefined) return BUILTIN_REGISTRY;
  return {
    filters: new Map([...builtinFilters, ...Object.entries(options.filters ?? {})]),
    tests: new Map([...builtinTests, ...Object.entries(options.tests ?? {})]),
  };
}

const defaultClock = () => new Date();

/** A compiled template: render it as often as needed, with any variables. */
export class Template {
  /** @internal What keeps the maps of a render's objects when no render is running (kept-shapes.ts). */
  static readonly keptShapes: readonly unknown[] = keptShapes(BUILTIN_REGISTRY);
  /** The template text. */
  readonly source: string;
  /** What the template reads from its render variables, known before it runs. */
  readonly names: TemplateNames;
  private readonly compiled: Compiled;
  private readonly limits: Limits;
  private readonly registry: Registry;
  private readonly clock: () => Date;
  /** The state of this template's last render, for the next one (a render inside it makes its own). */
  private spareRun: Run | null = null;

  /** @internal Use `compile`. */
  constructor(source: string, compiled: Compiled, limits: Limits, registry: Registry, clock: () => Date) {
    this.source = source;
    this.compiled = compiled;
    this.names = compiled.program.names;
    this.limits = limits;
    this.registry = registry;
    this.clock = clock;
  }

  /**
   * Whether this template renders with code of its own: a copy of the compiler's code, given to templates that
   * have rendered often (see `configureCodeCopies`), which V8 optimizes for this template alone.
   */
  get ownCode(): boolean {
    return this.compiled.own;
  }

  private takeOwnCode(): void {
    const compiled = this.compiled;
    compiled.renders = -1;
    const program = compileWithOwnCode(this.source, this.registry);
    if (program === undefined) return;
    compiled.program = program;
    compiled.own = true;
  }

  /**
   * Renders with these variables (plain JS values: strings, numbers, booleans, null, arrays, plain objects).
   * Throws a `TemplateError`: `TemplateRuntimeError`, `SecurityError`, `LimitError`, or `NotSentSignal`
   * when the template says not to send. With a `budget`, the render also spends from that shared time.
   *
   * @example
   * compile('Hi {{ name|title }}!').render({ name: 'jane' }) // 'Hi Jane!'
   */
  render(variables: Record<string, unknown> = {}, budget?: TimeBudget): string {
    const compiled = this.compiled;
    // Before this render's clock starts, so compiling with a copy does not count against its time limit (a
    // template rendered inside another's render, as a content block is, spends the outer render's time).
    if (compiled.renders >= 0 && compiled.renders++ >= rendersBeforeOwnCode()) this.takeOwnCode();
    let run = this.spareRun;
    if (run === null) run = new Run(variables, this.limits, this.registry, this.clock);
    else {
      // The same state again: what the last render learned of lists (`in`'s sets, keyed by the render) is made
      // stale, as a new render's would be; the caller may have changed them since.
      this.spareRun = null;
      run.reset(variables);
      noteListEdit();
    }
    const outer = enterRender(run);
    let out: string;
    try {
      if (budget !== undefined) {
        run.deadline = Math.min(Date.now() + this.limits.timeoutMs, budget.start());
        if (Date.now() >= run.deadline) throw timeLimitError(this.limits);
      }
      out = compiled.program.run(run);
    } catch (error) {
      throw asTemplateError(error, 'the engine failed to render this template');
    } finally {
      budget?.stop();
      leaveRender(outer);
      run.release();
      this.spareRun = run;
    }
    if (out.length > this.limits.maxOutputSize) {
      throw new LimitError(
        'maxOutputSize',
        `the output is longer than ${this.limits.maxOutputSize} characters`,
      );
    }
    return out;
  }
}

/**
 * Parses and compiles a template. Throws `TemplateSyntaxError` (with line, column and code frame) when it
 * does not parse. The compiled form is cached by source, so compiling the same text again is cheap.
 *
 * @example
 * const template = compile("Hi {{ UserAttribute['First Name']|default('there')|title }}");
 * template.render({ UserAttribute: { 'First Name': 'jane' } }); // 'Hi Jane'
 */
export function compile(source: string, options?: CompileOptions): Template {
  const limits = resolveLimits(options?.limits);
  if (source.length > limits.maxTemplateSize) {
    throw new LimitError(
      'maxTemplateSize',
      `the template is longer than ${limits.maxTemplateSize} characters`,
    );
  }
  const registry = registryFor(options);
  const useCache = options?.cache !== false && registry === BUILTIN_REGISTRY;
  let compiled = useCache ? programs.get(source) : undefined;
  if (compiled === undefined) {
    const build = () => new Compiler(registry, source).compile(parse(source));
    const program = options?.budget === undefined ? build() : options.budget.charge(limits, build);
    compiled = { program, renders: 0, own: false };
    if (useCache) programs.set(source, compiled);
  }
  return new Template(source, compiled, limits, registry, options?.now ?? defaultClock);
}
