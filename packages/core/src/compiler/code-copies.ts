/**
 * Code of its own for each hot template.
 *
 * A compiled template is a tree of closures made by the compiler's functions, and V8 keeps what it learns about
 * a closure (which functions its calls reach, which object shapes its property reads see, and the optimized code
 * built on that) per function in the source, not per closure made from it. Every template's closures therefore
 * share it: once a process has rendered a few dozen templates, every call site and read in them has seen many
 * kinds and runs as generic, megamorphic code, where a hand-written function stays monomorphic. Timed that way
 * (all 224 constructs of `pnpm bench:constructs` in one process), the engine ran at 0.36x hand-written code;
 * with a copy of the compiler for each template, 0.60x.
 *
 * So a template that has rendered `afterRenders` times is compiled again by a copy of the compiler: the
 * engine's own file `compiler-copy.cjs`, built beside this bundle, loaded once more. Its functions are new to V8,
 * so what V8 learns from them is this template's alone (and the few others that share the copy once all copies
 * are handed out).
 *
 * Within one template the same holds between its loops: two loops share the loop's closure and every closure of
 * their bodies, and each sees both bodies. Two loops side by side, each testing one attribute of 60 items, ran
 * 4.2x slower than the two alone; an outer loop setting a flag in an inner loop (`namespace() flag` of
 * `pnpm bench:constructs`) ran at 0.16x hand-written code. So each loop of a hot template after its first is
 * compiled by the next copy in turn, its body and all (a template of one loop takes one copy, as before; one of many
 * loops at most nine): the flag loop then ran at 0.38x, two loops side by side as fast as each alone, the realistic
 * templates of `pnpm bench` 1.035x as fast (geometric mean) and ten templates written apart from the engine's
 * benchmarks 1.03x. Chains of item filters and filters that read each item share a loop of code between their
 * sites the same way (two `selectattr(...)|list|length` of 120 items ran 3.5x slower each than one alone), so each
 * after a template's first takes the next copy too (compiler.ts, `itemChain` and `itemFilter`). Where more
 * templates are hot than there are copies (all the constructs of `pnpm bench:constructs` in one process), each
 * copy serves more of them: there the constructs ran 0.99x as fast (geometric mean), each one faster or slower as
 * the copies it shares changed.
 *
 * The copy holds the built-in filters and tests and Python's formatting too (own-filters.ts): run by every
 * template through one shared function, a `title` and a `'{:.2f}'.format` held a push notification at 0.48x
 * hand-written code once the other realistic templates of `pnpm bench` had rendered; with its own, 0.66x (alone,
 * 0.73x), and the abandoned cart 0.54x -> 0.58x. That makes each copy about 75 KB larger (175 KB of heap once
 * run). It holds the operators, the methods of str, list and dict and the helpers under them too (text, iteration,
 * escaping, number printing): shared, each `==`, `%`, `.strip()` or slice of every template went through one
 * function; with a copy each, 32 templates written apart from the engine's benchmarks ran 1.03x-1.05x as fast
 * (geometric means of their three sets, each set's templates timed in one process) and 92 one-construct templates
 * 1.04x, for about 100 KB more heap a copy (272 KB).
 * (The state those share, the sets `in` keeps of the lists it searches, stays one: runtime/member-sets.ts.)
 *
 * The copy links to this bundle's modules for every class, symbol and state that templates must agree on (see
 * copy-links.ts), so what it renders is what the shared code renders.
 *
 * A template never becomes code: the only code loaded is that one file of the engine's, and the template is
 * compiled to closures by it exactly as by the shared compiler. Where the file cannot be loaded (browsers, web
 * and edge workers, a bundle that left it behind, a platform without `node:vm`), templates keep the shared code.
 */
import { parse } from '../parser/parser';
import type { Registry } from '../runtime/state';
import type { Compiler, Program } from './compiler';
import { COPY_LINKS } from './copy-links';

/** How hot templates get code of their own. */
export interface CodeCopySettings {
  /**
   * Most copies of the compiler's code the process loads; past that, hot templates and their loops share them in
   * turn. Each costs about 0.27 MB of heap once its templates have run. `0` keeps every template
   * on the shared code. Defaults to one per 16 MB of V8's heap limit, from 32 to 256 (256 under Node's usual
   * limit of 4 GB, 128 under 2 GB).
   */
  copies: number;
  /**
   * Renders after which a template is compiled again with code of its own (counted per source for cached
   * templates). The next render compiles it, taking about as long as the first compile (about 2 ms for a message
   * of a few kilobytes; 15-30 ms for the process's first copy; about 0.5 ms more for each loop after the first,
   * up to eight, while copies are still being loaded). Defaults to `100`.
   */
  afterRenders: number;
}

/** What a copy of the compiler's code exports (copy-entry.ts), and the script it was run from. */
interface CopyExports {
  Compiler: typeof Compiler;
  script: { createCachedData(): Uint8Array };
}

/** The parts of `node:vm`, `node:fs` and `node:url` the loader uses. */
interface NodeModules {
  vm: {
    Script: new (
      code: string,
      options: { filename: string; cachedData?: Uint8Array },
    ) => { runInThisContext(): unknown; createCachedData(): Uint8Array };
  };
  fs: { readFileSync(path: string, encoding: 'utf8'): string };
  url: { fileURLToPath(url: string): string };
}

/** What a copy's file is run as: CommonJS's function around a module (on one line, so line numbers hold). */
type ModuleFunction = (
  exports: object,
  require: (id: string) => unknown,
  module: { exports: object },
) => void;

/** The file beside this bundle that holds the copy. */
const COPY_FILE = 'compiler-copy.cjs';
/** How a copy names a shared module: `personalize-shared:` and its path under src/ (tsup.config.ts). */
const SHARED = 'personalize-shared:';

/**
 * The copies a process loads by default: one per 16 MB of the heap V8 may grow to, from 32 to 256 (256 under
 * Node's usual limit of 4 GB, 128 under 2 GB), so that at most about 1.7% of that heap holds copies. With 128,
 * the 224 constructs of `pnpm bench:constructs` timed in one process shared them, and 5 ran under 0.30x
 * hand-written code (geometric mean 0.92x); with 256, 1 (0.95x).
 */
function defaultCopies(): number {
  const host = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  try {
    const v8 = host?.getBuiltinModule?.('node:v8') as
      | { getHeapStatistics(): { heap_size_limit: number } }
      | undefined;
    const limit = v8?.getHeapStatistics().heap_size_limit;
    if (typeof limit === 'number' && limit > 0) return copiesForHeap(limit);
  } catch {
    // No heap figures here: the middle of the range.
  }
  return 128;
}

/** The default copies for a heap limit of `limit` bytes (see `defaultCopies`). @internal */
export function copiesForHeap(limit: number): number {
  return Math.max(32, Math.min(256, Math.floor(limit / 2 ** 24)));
}

const settings: CodeCopySettings = { copies: defaultCopies(), afterRenders: 100 };

/**
 * Most copies the loops of one template take besides its own, handed out again in turn past that: a template of
 * 500 loops took all 128 copies (21 MB of heap, 99 ms on the render that recompiled it), where the templates
 * measured have a few loops each.
 */
const LOOP_COPIES = 8;

/** The loaded copies, each made on first need. */
const copies: CopyExports[] = [];
/** Copies handed out so far, to templates and their loops: the next is copy `handedOut % settings.copies`. */
let handedOut = 0;
/** Templates given code of their own so far. */
let given = 0;
/** The copy's file, read once, with the `node:vm` that runs it. */
interface CopySource {
  code: string;
  filename: string;
  vm: NodeModules['vm'];
}

/** The copy's source, read once; a string when copies cannot be had here, saying why. */
let copySource: CopySource | string | undefined;
/** The shared modules as plain objects (reading a module namespace goes through its bindings), made once. */
let links: Map<string, object> | undefined;
/**
 * V8's code cache of the copy, taken once the first copy has compiled a template, so that it holds the
 * compiler's bytecode: later copies start from it instead of parsing and compiling the file again (a copy then
 * costs about 2 ms instead of 15 ms). Each copy still gets functions of its own, and so feedback of its own.
 */
let codeCache: Uint8Array | undefined;

/** Changes how hot templates get code of their own; returns the settings now in force. */
export function configureCodeCopies(changes: Partial<CodeCopySettings> = {}): Readonly<CodeCopySettings> {
  for (const key of ['copies', 'afterRenders'] as const) {
    const value = changes[key];
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value < 0) {
      throw new RangeError(`configureCodeCopies: ${key} must be a whole number of at least 0, not ${value}`);
    }
    settings[key] = value;
  }
  return { ...settings };
}

/** Renders after which a template gets code of its own. */
export function rendersBeforeOwnCode(): number {
  return settings.afterRenders;
}

/** Whether copies can be loaded here, and if not why; how many are loaded and how many templates were given one. */
export function codeCopyStatus(): { available: boolean; reason?: string; loaded: number; templates: number } {
  const source = readCopy();
  return typeof source === 'string'
    ? { available: false, reason: source, loaded: copies.length, templates: given }
    : { available: true, loaded: copies.length, templates: given };
}

/** Node's modules the loader needs, or undefined where the platform has not got them (or refuses them). */
function nodeModules(): NodeModules | undefined {
  const host = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  if (typeof host?.getBuiltinModule !== 'function') return undefined;
  try {
    const vm = host.getBuiltinModule('node:vm') as NodeModules['vm'] | undefined;
    const fs = host.getBuiltinModule('node:fs') as NodeModules['fs'] | undefined;
    const url = host.getBuiltinModule('node:url') as NodeModules['url'] | undefined;
    return typeof vm?.Script === 'function' && fs && url ? { vm, fs, url } : undefined;
  } catch {
    return undefined;
  }
}

function readCopy(): CopySource | string {
  copySource ??= findCopy();
  return copySource;
}

function findCopy(): CopySource | string {
  const node = nodeModules();
  if (node === undefined) return 'the platform has no node:vm';
  const here = (import.meta as { url?: string }).url;
  if (here === undefined) return 'the engine was bundled without import.meta.url';
  try {
    // Not `new URL(literal, import.meta.url)`: bundlers would take the copy for an asset of the page.
    const filename = node.url.fileURLToPath(here.slice(0, here.lastIndexOf('/') + 1) + COPY_FILE);
    return { code: node.fs.readFileSync(filename, 'utf8'), filename, vm: node.vm };
  } catch (error) {
    return `${COPY_FILE} could not be read beside the engine (${(error as Error).message})`;
  }
}

function linked(id: string): object {
  links ??= new Map(Object.entries(COPY_LINKS).map(([name, module]) => [name, Object.freeze({ ...module })]));
  const module = id.startsWith(SHARED) ? links.get(id.slice(SHARED.length)) : undefined;
  if (module === undefined) throw new Error(`${COPY_FILE} asks for ${id}, which copy-links.ts does not list`);
  return module;
}

function loadCopy(source: CopySource): CopyExports | string {
  try {
    const script = new source.vm.Script(`(function (exports, require, module) {${source.code}\n})`, {
      filename: source.filename,
      cachedData: codeCache,
    });
    const module = { exports: {} };
    (script.runInThisContext() as ModuleFunction)(module.exports, linked, module);
    const { Compiler } = module.exports as Partial<CopyExports>;
    if (typeof Compiler !== 'function') return `${COPY_FILE} does not export a Compiler`;
    return { Compiler, script };
  } catch (error) {
    return `${COPY_FILE} could not be loaded (${(error as Error).message})`;
  }
}

/** The next copy in turn, loaded if fewer than `copies` are; undefined when copies cannot be loaded here. */
function nextCopy(): CopyExports | undefined {
  let index = handedOut % settings.copies;
  if (index >= copies.length) {
    const source = readCopy();
    const loaded = typeof source === 'string' ? source : loadCopy(source);
    if (typeof loaded === 'string') {
      copySource = loaded;
      return undefined;
    }
    // The next one loaded (fewer may be loaded than were handed out, when `copies` was lower then).
    index = copies.push(loaded) - 1;
  }
  handedOut++;
  return copies[index];
}

/**
 * Compiles `source` again with a copy of the compiler's code (loading one if fewer than `copies` are), each of its
 * loops, chains and item filters after the first with the next copy in turn (up to `LOOP_COPIES`), or returns
 * undefined when copies are turned off or cannot be loaded here.
 * Never throws: a template that cannot have code of its own keeps the shared code.
 */
export function compileWithOwnCode(source: string, registry: Registry): Program | undefined {
  if (settings.copies === 0) return undefined;
  const copy = nextCopy();
  if (copy === undefined) return undefined;
  try {
    // Up to `LOOP_COPIES` copies for the template's loops, then those again in turn.
    const taken: CopyExports[] = [];
    let loops = 0;
    const loopCode = () => {
      if (loops++ < LOOP_COPIES) {
        const next = nextCopy();
        if (next !== undefined) taken.push(next);
      }
      return taken.length === 0 ? undefined : taken[(loops - 1) % taken.length].Compiler.prototype;
    };
    const program = new copy.Compiler(registry, source, loopCode).compile(parse(source));
    given++;
    codeCache ??= copy.script.createCachedData();
    return program;
  } catch {
    return undefined;
  }
}
