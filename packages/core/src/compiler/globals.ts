import { LimitError, refuseArguments, refuseKeywords, TemplateRuntimeError } from '../errors';
import { spend } from '../limits';
import { newDict } from '../runtime/access';
import { strRepr } from '../runtime/format';
import { dictEntries, iterate } from '../runtime/iterate';
import { dictSetter, getMethod } from '../runtime/methods';
import { typeName } from '../runtime/operators';
import type { RenderState } from '../runtime/state';
import { undefinedError } from '../runtime/undefined';
import {
  ADDRESS,
  AttributeSource,
  type CallableAttributes,
  type EngineMethod,
  isDict,
  isInt,
  type Kwargs,
  keywordNames,
  markRange,
  Namespace,
  NO_KWARGS,
  NO_OBJECT,
  PyCallable,
  toJsNumber,
  tuple,
  Undefined,
} from '../runtime/values';

/** `cycler(a, b, ...)`: a value that steps through its items on `next()`. */
export class Cycler extends AttributeSource {
  /** One cycler kept for the life of the process, for its map, as `LoopContext.kept` is (see kept-shapes.ts). */
  static readonly kept: Cycler = new Cycler(['item']);
  readonly pyType = 'jinja2.utils.Cycler';
  private position = 0;
  constructor(readonly items: readonly unknown[]) {
    super();
  }

  /** The value of `cycler.<name>`. */
  override attr(name: string): unknown {
    switch (name) {
      case 'current':
        return this.items[this.position];
      case 'items':
        return tuple([...this.items]);
      case 'pos':
        return this.position;
      case 'next':
        return this.bound(name, callNext);
      case 'reset':
        return this.bound(name, callReset);
      default:
        return new Undefined(name, this, `'jinja2.utils.Cycler object' has no attribute ${strRepr(name)}`);
    }
  }

  override method(name: string): EngineMethod | undefined {
    return name === 'next' ? callNext : name === 'reset' ? callReset : undefined;
  }

  /** `cycler.next()`: the current item, then the cycler steps on. */
  next(): unknown {
    const value = this.items[this.position];
    this.position = (this.position + 1) % this.items.length;
    return value;
  }

  /** `cycler.reset()`: back to the first item. */
  reset(): null {
    this.position = 0;
    return null;
  }
}

const callNext: EngineMethod = (self, _state, args, kwargs) => {
  refuseArguments('Cycler.next', args, kwargs);
  return (self as Cycler).next();
};
const callReset: EngineMethod = (self, _state, args, kwargs) => {
  refuseArguments('Cycler.reset', args, kwargs);
  return (self as Cycler).reset();
};

/** What a joiner prints as. */
const JOINER_TEXT = `<jinja2.utils.Joiner object${ADDRESS}>`;

/** A joiner's state, which is also its attributes (`sep`, `used`), read live. */
class JoinerState implements CallableAttributes {
  used = false;

  constructor(readonly sep: unknown) {}

  has(name: string): boolean {
    return name === 'sep' || name === 'used';
  }

  get(name: string): unknown {
    return name === 'sep' ? this.sep : name === 'used' ? this.used : undefined;
  }
}

/**
 * A joiner's call. Every call of a `PyCallable` is `callable.call(...)`, so `this` is the joiner, whose attributes
 * are its state: one function for all joiners, where a closure per joiner was one more object per item.
 */
function callJoiner(this: PyCallable, _state: RenderState, args: unknown[], kwargs: Kwargs): unknown {
  if (args.length > 0 || kwargs !== NO_KWARGS) refuseArguments('Joiner.__call__', args, kwargs);
  const state = this.attributes as JoinerState;
  if (state.used) return state.sep;
  state.used = true;
  return '';
}

/**
 * `joiner(sep)`: a callable that returns '' the first time and `sep` after. Templates make one per item
 * (`{% set comma = joiner() %}`): its state and attributes are one object, with no closure or Map of their own.
 */
export function joiner(sep: unknown): PyCallable {
  return new PyCallable('joiner', callJoiner, new JoinerState(sep), 'jinja2.utils.Joiner', JOINER_TEXT);
}

function toIndex(value: unknown): number {
  if (isInt(value) || typeof value === 'boolean') return toJsNumber(value);
  throw new TemplateRuntimeError(
    'TypeError',
    `'${typeName(value)}' object cannot be interpreted as an integer`,
  );
}

/** `range(stop)` / `range(start, stop[, step])`, capped as Jinja2's sandbox caps it. */
function range(state: RenderState, args: unknown[]): number[] {
  if (args.length < 1 || args.length > 3) {
    const bound = args.length < 1 ? 'least 1' : 'most 3';
    throw new TemplateRuntimeError(
      'TypeError',
      `range expected at ${bound} argument${args.length < 1 ? '' : 's'}, got ${args.length}`,
    );
  }
  if (args.length === 1) return rangeTo(state, args[0]);
  return rangeFrom(state, args[0], args[1], args.length === 3 ? args[2] : 1);
}

/** `range(stop)`, as a call naming the global `range` with one argument runs it (see the compiler's `globalCall`). */
export function rangeTo(state: RenderState, stop: unknown): number[] {
  return rangeOfIndexes(state, 0, toIndex(stop), 1);
}

/** `range(start, stop, step)`, as a call naming the global `range` with two or three arguments runs it. */
export function rangeFrom(state: RenderState, start: unknown, stop: unknown, step: unknown): number[] {
  const first = toIndex(start);
  const end = toIndex(stop);
  return rangeOfIndexes(state, first, end, toIndex(step));
}

/**
 * How many items `range(stop)` has, with `rangeTo`'s checks, without making them: what a loop that reads none of
 * them needs (`{% for i in range(n) %}★{% endfor %}`).
 */
export function rangeLengthTo(state: RenderState, stop: unknown): number {
  return checkedLength(state, 0, toIndex(stop), 1);
}

/** How many items `range(start, stop, step)` has, with `rangeFrom`'s checks, without making them. */
export function rangeLengthFrom(state: RenderState, start: unknown, stop: unknown, step: unknown): number {
  const first = toIndex(start);
  const end = toIndex(stop);
  return checkedLength(state, first, end, toIndex(step));
}

/** The number of items of a range, checked against a zero step and `maxRange`, and spent. */
function checkedLength(state: RenderState, start: number, stop: number, step: number): number {
  if (step === 0) throw new TemplateRuntimeError('ValueError', 'range() arg 3 must not be zero');
  const count = Math.max(0, Math.ceil((stop - start) / step));
  const max = state.limits.maxRange;
  if (count > max) {
    throw new LimitError(
      'maxRange',
      `Range too big. The sandbox blocks ranges larger than MAX_RANGE (${max}).`,
      'OverflowError',
    );
  }
  spend(state, count >> 4);
  return count;
}

function rangeOfIndexes(state: RenderState, start: number, stop: number, step: number): number[] {
  const count = checkedLength(state, start, stop, step);
  const items = new Array<number>(count);
  for (let i = 0; i < count; i++) items[i] = start + i * step;
  return markRange(items, start, stop, step);
}

/** The entries of Python's `dict(*args, **kwargs)`, which `namespace()` takes too: a mapping or pairs, then the keywords. */
function dictArguments(args: unknown[], kwargs: Kwargs): [unknown, unknown][] {
  if (args.length > 1) {
    throw new TemplateRuntimeError('TypeError', `dict expected at most 1 argument, got ${args.length}`);
  }
  const entries: [unknown, unknown][] = [];
  if (args.length === 1) {
    const source = args[0];
    // Python asks the argument for `keys` first, which an Undefined refuses.
    if (source instanceof Undefined) throw undefinedError(source);
    if (isDict(source)) entries.push(...dictEntries(source));
    else {
      iterate(source).forEach((pair, i) => {
        // Any iterable of two items is a pair, as Python's dict() takes it: a dict of two keys too.
        let kv: unknown[];
        try {
          kv = iterate(pair);
        } catch {
          throw new TemplateRuntimeError(
            'TypeError',
            `cannot convert dictionary update sequence element #${i} to a sequence`,
          );
        }
        if (kv.length !== 2) {
          throw new TemplateRuntimeError(
            'ValueError',
            `dictionary update sequence element #${i} has length ${kv.length}; 2 is required`,
          );
        }
        entries.push([kv[0], kv[1]]);
      });
    }
  }
  for (const k of keywordNames(kwargs)) entries.push([k, kwargs[k]]);
  return entries;
}

/**
 * A dict of `entries`, a `Map` as `{}` is: a dict a template makes (`dict(a=1)`, `dict(pairs)`) may be one it fills,
 * with keys of any type in the order they come, which a plain object would not keep.
 */
function dictOf(entries: [unknown, unknown][]): Map<unknown, unknown> {
  const result = newDict();
  const set = dictSetter(result);
  for (const [k, v] of entries) set(k, v);
  return result;
}

/** The names every template can use, as in Jinja2's default globals (`lipsum` is left out: it is random). */
export const GLOBALS: ReadonlyMap<string, unknown> = new Map<string, unknown>([
  [
    'range',
    new PyCallable(
      'range',
      (state, args, kwargs) => {
        refuseKeywords('safe_range', kwargs);
        return range(state, args);
      },
      undefined,
      'function',
      `<function safe_range${ADDRESS}>`,
    ),
  ],
  [
    'dict',
    new PyCallable(
      'dict',
      (_state, args, kwargs) => {
        if (args.length > 0) return dictOf(dictArguments(args, kwargs));
        // `dict(a=1)`, the usual call: keywords are distinct texts, set as they are.
        const d = newDict();
        for (const key of keywordNames(kwargs)) d.set(key, kwargs[key]);
        return d;
      },
      // `dict.fromkeys(keys, value)`: the method `{}.fromkeys` is, bound to the type.
      new Map([['fromkeys', getMethod(newDict(), 'fromkeys')]]),
      'type',
      "<class 'dict'>",
    ),
  ],
  [
    'namespace',
    new PyCallable(
      'namespace',
      (_state, args, kwargs) => {
        if (args.length > 0) return Namespace.ofDict(dictOf(dictArguments(args, kwargs)));
        // `namespace(total=0)`, the usual call: the keywords as they are, without a list of pairs.
        return Namespace.ofKeywords(kwargs);
      },
      undefined,
      'type',
      "<class 'jinja2.utils.Namespace'>",
    ),
  ],
  [
    'cycler',
    new PyCallable(
      'cycler',
      (_state, args, kwargs) => {
        refuseKeywords('Cycler.__init__', kwargs);
        if (args.length === 0)
          throw new TemplateRuntimeError('RuntimeError', 'at least one item has to be provided');
        return new Cycler(args);
      },
      undefined,
      'type',
      "<class 'jinja2.utils.Cycler'>",
    ),
  ],
  [
    'joiner',
    new PyCallable(
      'joiner',
      (_state, args, kwargs) => {
        const sep = kwargs.sep;
        for (const name of keywordNames(kwargs)) {
          if (name !== 'sep') refuseKeywords('Joiner.__init__', { [name]: kwargs[name] });
        }
        if (args.length > 1) {
          throw new TemplateRuntimeError(
            'TypeError',
            `Joiner.__init__() takes from 1 to 2 positional arguments but ${args.length + 1} were given`,
          );
        }
        if (args.length === 1 && sep !== undefined) {
          throw new TemplateRuntimeError(
            'TypeError',
            "Joiner.__init__() got multiple values for argument 'sep'",
          );
        }
        return joiner(args.length === 1 ? args[0] : sep === undefined ? ', ' : sep);
      },
      undefined,
      'type',
      "<class 'jinja2.utils.Joiner'>",
    ),
  ],
]);

/** A missing render variable. */
export function missingName(name: string): Undefined {
  return new Undefined(name, NO_OBJECT);
}

/** The global `range`, which a call naming `range` compares its callee with to run `rangeTo`/`rangeFrom`. */
export const RANGE = GLOBALS.get('range');

/** The global `namespace`, which a call naming `namespace` with keywords compares its callee with. */
export const NAMESPACE = GLOBALS.get('namespace');

/** The global `dict`, which a call naming `dict` with keywords compares its callee with (`dictCall`). */
export const DICT = GLOBALS.get('dict');

/** The global `joiner`, which a call naming `joiner` compares its callee with to make one at once. */
export const JOINER = GLOBALS.get('joiner');
