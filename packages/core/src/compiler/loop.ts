import { refuseKeywords, TemplateRuntimeError } from '../errors';
import { strRepr } from '../runtime/format';
import { eq } from '../runtime/operators';
import type { RenderState } from '../runtime/state';
import {
  AttributeSource,
  type EngineMethod,
  type Kwargs,
  keywordNames,
  LOOP_TYPE,
  NO_OBJECT,
  Undefined,
} from '../runtime/values';
import type { ItemFeed } from './item-stages';

/** A read of one of `loop`'s attributes that are values. */
type LoopRead = (loop: LoopContext) => unknown;

/**
 * The attributes of `loop` that are values (not methods), each read by a function of its own: a read site that
 * sees one attribute calls one function, which V8 inlines, with no switch on the attribute at every read. Their
 * order gives the codes `plainLoopAttribute` returns.
 */
const PLAIN_ATTRIBUTES: ReadonlyArray<readonly [string, LoopRead]> = [
  ['index', (loop) => loop.index0 + 1],
  ['index0', (loop) => loop.index0],
  ['revindex', (loop) => loop.count() - loop.index0],
  ['revindex0', (loop) => loop.count() - loop.index0 - 1],
  ['first', (loop) => loop.index0 === 0],
  ['last', (loop) => !loop.hasItem(loop.index0 + 1)],
  ['length', (loop) => loop.count()],
  ['depth', (loop) => loop.depth0 + 1],
  ['depth0', (loop) => loop.depth0],
  [
    'previtem',
    (loop) =>
      loop.index0 > 0
        ? loop.items[loop.index0 - 1]
        : new Undefined(undefined, NO_OBJECT, 'there is no previous item'),
  ],
  [
    'nextitem',
    (loop) =>
      loop.hasItem(loop.index0 + 1)
        ? loop.items[loop.index0 + 1]
        : new Undefined(undefined, NO_OBJECT, 'there is no next item'),
  ],
];

/**
 * The code of each attribute, by name: a loop read through another name (`{% set outer = loop %}`, then
 * `outer.index` at every inner item) is looked up at the read, where searching the list cost 20 ns.
 */
const PLAIN_CODES = new Map(PLAIN_ATTRIBUTES.map(([name], code) => [name, code]));

/** The codes of `loop.first` and `loop.last`, whose truth the compiler tests without making the boolean. */
export const FIRST = plainLoopAttribute('first');
export const LAST = plainLoopAttribute('last');

/**
 * The code of `loop.<name>` for the attributes that are values, chosen when a template is compiled so that a
 * render skips the lookup by name; -1 for the others, which `LoopContext.attr` answers.
 */
export function plainLoopAttribute(name: string): number {
  return PLAIN_CODES.get(name) ?? -1;
}

/** The read of the attribute `plainLoopAttribute` gave `code` for. */
export function loopRead(code: number): LoopRead {
  return PLAIN_ATTRIBUTES[code][1];
}

const callCycle: EngineMethod = (self, _state, args, kwargs) => {
  refuseKeywords('LoopContext.cycle', kwargs);
  return (self as LoopContext).cycle(args);
};
const callChanged: EngineMethod = (self, _state, args, kwargs) => {
  refuseKeywords('LoopContext.changed', kwargs);
  return (self as LoopContext).changed(args);
};

/** True when two argument lists hold the very same items: equal in Python, which compares lists by identity first. */
function identicalItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Jinja2's `loop` variable. */
export class LoopContext extends AttributeSource {
  /**
   * One loop object kept for the life of the process, so that a full collection between renders keeps the map
   * renders' loop objects have, and the code optimized on it (see kept-shapes.ts). It is here, not there, because
   * each copy of the compiler has this class of its own.
   */
  static readonly kept: LoopContext = new LoopContext([{}], 0, null, null);
  readonly pyType = LOOP_TYPE;
  /** 0-based position of the current item. */
  index0 = -1;
  private lastChanged: unknown[] | undefined;
  /** `count()`'s answer once asked, else -1. */
  private counted = -1;

  constructor(
    /** The items the loop runs over (after the loop's `if` filter): all of them, or those `feed` has pulled. */
    readonly items: readonly unknown[],
    /** 0-based nesting level of a recursive loop. */
    readonly depth0: number,
    /** Renders the loop again over other items (recursive loops only). */
    readonly recurse: ((state: RenderState, items: unknown) => string) | null,
    /** Where the items come from when they are pulled as the loop goes (`items` is then its `items`). */
    private readonly feed: ItemFeed | null,
  ) {
    super();
  }

  /** True when the loop has an item at `index`, pulled from the feed if need be. */
  hasItem(index: number): boolean {
    return this.feed === null ? index < this.items.length : this.feed.has(index);
  }

  /**
   * The number of items; a feed's rest is pulled, as Jinja2's `loop.length` lists the rest of its generator. Kept
   * from its first reading on, as Jinja2 keeps it: a body that appends to the list it loops over changes neither
   * `loop.length` nor `loop.revindex`.
   */
  count(): number {
    if (this.counted < 0) {
      if (this.feed !== null) this.feed.has(Number.POSITIVE_INFINITY);
      this.counted = this.items.length;
    }
    return this.counted;
  }

  override attr(name: string): unknown {
    const code = plainLoopAttribute(name);
    if (code >= 0) return loopRead(code)(this);
    switch (name) {
      case 'cycle':
        return this.bound(name, callCycle);
      case 'changed':
        return this.bound(name, callChanged);
      default:
        return new Undefined(
          name,
          this,
          `'jinja2.runtime.LoopContext object' has no attribute ${strRepr(name)}`,
        );
    }
  }

  override method(name: string): EngineMethod | undefined {
    return name === 'cycle' ? callCycle : name === 'changed' ? callChanged : undefined;
  }

  /** `loop.cycle(a, b, ...)`: the argument at this iteration's position, in turn. */
  cycle(args: readonly unknown[]): unknown {
    if (args.length === 0) throw new TemplateRuntimeError('TypeError', 'no items for cycling given');
    return args[this.index0 % args.length];
  }

  /** `loop.changed(x)`: true on the first call and whenever the arguments differ from the last call's. */
  changed(args: unknown[]): boolean {
    // The same items as last time (the usual case) need no comparison by Python's rules.
    const last = this.lastChanged;
    if (last !== undefined && (identicalItems(last, args) || eq(last, args))) return false;
    this.lastChanged = args;
    return true;
  }

  /** `changed([value])`, without making the list when `value` is the very one the last call was given alone. */
  changedTo(value: unknown): boolean {
    const last = this.lastChanged;
    if (last !== undefined && last.length === 1 && last[0] === value) return false;
    return this.changed([value]);
  }

  /** `loop(items)` in a recursive loop. */
  call(state: RenderState, args: unknown[], kwargs: Kwargs): string {
    const items = loopCallArgument(args, kwargs);
    if (this.recurse === null) {
      throw new TemplateRuntimeError(
        'TypeError',
        "The loop must have the 'recursive' marker to be called recursively.",
      );
    }
    return this.recurse(state, items);
  }

  override length(): number {
    return this.count();
  }

  override text(): string {
    return `<LoopContext ${this.index0 + 1}/${this.count()}>`;
  }
}

/** What `loopCallArgument` holds until an argument is found. */
const NO_ARGUMENT: unique symbol = Symbol('no argument');

/**
 * The argument of `loop(...)`, bound as Python binds `LoopContext.__call__(self, iterable)`'s, before the loop is
 * asked whether it is recursive: the keywords first, then the count of positional arguments, with Python's messages.
 */
function loopCallArgument(args: unknown[], kwargs: Kwargs): unknown {
  const fail = (message: string) =>
    new TemplateRuntimeError('TypeError', `LoopContext.__call__() ${message}`);
  let items: unknown = args.length > 0 ? args[0] : NO_ARGUMENT;
  for (const name of keywordNames(kwargs)) {
    if (name !== 'iterable') throw fail(`got an unexpected keyword argument '${name}'`);
    if (args.length > 0) throw fail("got multiple values for argument 'iterable'");
    items = kwargs[name];
  }
  if (args.length > 1) throw fail(`takes 2 positional arguments but ${args.length + 1} were given`);
  if (items === NO_ARGUMENT) throw fail("missing 1 required positional argument: 'iterable'");
  return items;
}
