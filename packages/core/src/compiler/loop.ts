import { refuseKeywords, TemplateRuntimeError } from '../errors';
import { strRepr } from '../runtime/format';
import { eq } from '../runtime/operators';
import type { RenderState } from '../runtime/state';
import { AttributeSource, type EngineMethod, type Kwargs, NO_OBJECT, Undefined } from '../runtime/values';

/** The attributes of `loop` that are values (not methods), by the code `LoopContext.plain` answers them for. */
const PLAIN_ATTRIBUTES = [
  'index',
  'index0',
  'revindex',
  'revindex0',
  'first',
  'last',
  'length',
  'depth',
  'depth0',
  'previtem',
  'nextitem',
];

/**
 * The code of `loop.<name>` for the attributes that are values, chosen when a template is compiled so that a
 * render skips the lookup by name; -1 for the others, which `LoopContext.attr` answers.
 */
export function plainLoopAttribute(name: string): number {
  return PLAIN_ATTRIBUTES.indexOf(name);
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
  static readonly kept: LoopContext = new LoopContext([{}], 0, null);
  readonly pyType = 'jinja2.runtime.LoopContext';
  /** 0-based position of the current item. */
  index0 = -1;
  private lastChanged: unknown[] | undefined;

  constructor(
    /** The items the loop runs over (after the loop's `if` filter). */
    readonly items: readonly unknown[],
    /** 0-based nesting level of a recursive loop. */
    readonly depth0: number,
    /** Renders the loop again over other items (recursive loops only). */
    readonly recurse: ((state: RenderState, items: unknown) => string) | null,
  ) {
    super();
  }

  /** The value of `loop.<name>`, or Undefined. */
  /** The attribute `plainLoopAttribute` gave `code` for. */
  plain(code: number): unknown {
    const { index0, items } = this;
    switch (code) {
      case 0:
        return index0 + 1;
      case 1:
        return index0;
      case 2:
        return items.length - index0;
      case 3:
        return items.length - index0 - 1;
      case 4:
        return index0 === 0;
      case 5:
        return index0 === items.length - 1;
      case 6:
        return items.length;
      case 7:
        return this.depth0 + 1;
      case 8:
        return this.depth0;
      case 9:
        return index0 > 0
          ? items[index0 - 1]
          : new Undefined(undefined, NO_OBJECT, 'there is no previous item');
      default:
        return index0 < items.length - 1
          ? items[index0 + 1]
          : new Undefined(undefined, NO_OBJECT, 'there is no next item');
    }
  }

  override attr(name: string): unknown {
    const code = plainLoopAttribute(name);
    if (code >= 0) return this.plain(code);
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

  /** `loop(items)` in a recursive loop. */
  call(state: RenderState, args: unknown[], kwargs: Kwargs): string {
    if (this.recurse === null) {
      throw new TemplateRuntimeError(
        'TypeError',
        "The loop must have the 'recursive' marker to be called recursively.",
      );
    }
    if (args.length !== 1 || Object.keys(kwargs).length > 0) {
      throw new TemplateRuntimeError('TypeError', 'loop() takes exactly one argument');
    }
    return this.recurse(state, args[0]);
  }

  override length(): number {
    return this.items.length;
  }

  override text(): string {
    return `<LoopContext ${this.index0 + 1}/${this.items.length}>`;
  }
}
