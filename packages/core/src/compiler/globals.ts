import { LimitError, TemplateRuntimeError } from '../errors';
import { spend } from '../limits';
import { strRepr } from '../runtime/format';
import { iterate } from '../runtime/iterate';
import { typeName } from '../runtime/operators';
import type { RenderState } from '../runtime/state';
import {
  AttributeSource,
  type EngineMethod,
  isDict,
  isInt,
  type Kwargs,
  markRange,
  Namespace,
  NO_OBJECT,
  PyCallable,
  setKey,
  toJsNumber,
  Undefined,
} from '../runtime/values';

/** `cycler(a, b, ...)`: a value that steps through its items on `next()`. */
export class Cycler extends AttributeSource {
  private position = 0;
  constructor(readonly items: readonly unknown[]) {
    super();
  }

  /** The value of `cycler.<name>`. */
  override attr(name: string): unknown {
    switch (name) {
      case 'current':
        return this.items[this.position];
      case 'next':
        return new PyCallable('next', () => this.next());
      case 'reset':
        return new PyCallable('reset', () => this.reset());
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

const callNext: EngineMethod = (self) => (self as Cycler).next();
const callReset: EngineMethod = (self) => (self as Cycler).reset();

function toIndex(value: unknown, what: string): number {
  if (isInt(value) || typeof value === 'boolean') return toJsNumber(value);
  throw new TemplateRuntimeError(
    'TypeError',
    `'${typeName(value)}' object cannot be interpreted as an integer (${what})`,
  );
}

/** `range(stop)` / `range(start, stop[, step])`, capped as Jinja2's sandbox caps it. */
function range(state: RenderState, args: unknown[]): number[] {
  if (args.length < 1 || args.length > 3) {
    throw new TemplateRuntimeError('TypeError', `range expected at most 3 arguments, got ${args.length}`);
  }
  let start = 0;
  let step = 1;
  let stop: number;
  if (args.length === 1) stop = toIndex(args[0], 'range');
  else {
    start = toIndex(args[0], 'range');
    stop = toIndex(args[1], 'range');
    if (args.length === 3) step = toIndex(args[2], 'range');
  }
  if (step === 0) throw new TemplateRuntimeError('ValueError', 'range() arg 3 must not be zero');
  const count = Math.max(0, Math.ceil((stop - start) / step));
  const max = state.limits.maxRange;
  if (count > max) {
    throw new LimitError(
      'maxRange',
      `Range too big. The sandbox blocks ranges larger than MAX_RANGE (${max}).`,
    );
  }
  spend(state, count >> 4);
  const items = new Array<number>(count);
  for (let i = 0; i < count; i++) items[i] = start + i * step;
  return markRange(items, start, stop, step);
}

function noKwargs(name: string, kwargs: Kwargs): void {
  const key = Object.keys(kwargs)[0];
  if (key !== undefined)
    throw new TemplateRuntimeError('TypeError', `${name}() got an unexpected keyword argument '${key}'`);
}

/** The names every template can use, as in Jinja2's default globals (`lipsum` is left out: it is random). */
export const GLOBALS: ReadonlyMap<string, unknown> = new Map<string, unknown>([
  [
    'range',
    new PyCallable('range', (state, args, kwargs) => {
      noKwargs('range', kwargs);
      return range(state, args);
    }),
  ],
  [
    'dict',
    new PyCallable('dict', (_state, args, kwargs) => {
      const result: Record<string, unknown> = {};
      if (args.length > 1)
        throw new TemplateRuntimeError('TypeError', `dict expected at most 1 argument, got ${args.length}`);
      if (args.length === 1) {
        const source = args[0];
        if (isDict(source)) {
          if (source instanceof Map) for (const [k, v] of source) setKey(result, String(k), v);
          else for (const [k, v] of Object.entries(source)) setKey(result, k, v);
        } else {
          for (const pair of iterate(source)) {
            const kv = iterate(pair);
            if (kv.length !== 2) {
              throw new TemplateRuntimeError(
                'ValueError',
                `dictionary update sequence element has length ${kv.length}; 2 is required`,
              );
            }
            setKey(result, String(kv[0]), kv[1]);
          }
        }
      }
      for (const [k, v] of Object.entries(kwargs)) setKey(result, k, v);
      return result;
    }),
  ],
  [
    'namespace',
    new PyCallable('namespace', (_state, args, kwargs) => {
      const ns = new Namespace();
      for (const arg of args) {
        if (!isDict(arg))
          throw new TemplateRuntimeError('TypeError', `'${typeName(arg)}' object is not iterable`);
        const entries = arg instanceof Map ? arg.entries() : Object.entries(arg);
        for (const [k, v] of entries) ns.set(String(k), v);
      }
      for (const k in kwargs) ns.set(k, kwargs[k]);
      return ns;
    }),
  ],
  [
    'cycler',
    new PyCallable('cycler', (_state, args, kwargs) => {
      noKwargs('cycler', kwargs);
      if (args.length === 0)
        throw new TemplateRuntimeError('RuntimeError', 'at least one item has to be provided');
      return new Cycler(args);
    }),
  ],
  [
    'joiner',
    new PyCallable('joiner', (_state, args, kwargs) => {
      const sep = args.length > 0 ? args[0] : 'sep' in kwargs ? kwargs.sep : ', ';
      let used = false;
      return new PyCallable('joiner', () => {
        if (!used) {
          used = true;
          return '';
        }
        return sep;
      });
    }),
  ],
]);

/** A missing render variable. */
export function missingName(name: string): Undefined {
  return new Undefined(name, NO_OBJECT);
}
