/**
 * How Python values are held in JavaScript. Plain JS values carry almost everything, so the hot path
 * never wraps: strings are `str`, booleans `bool`, `null` is `None`, arrays are `list`, plain objects
 * (and `Map`s, which template dict literals with non-string keys produce) are `dict`. A number that is
 * an integer is an `int` (a `bigint` too, past 2^53; a JS `-0` is int 0), any other number a `float`. Only what JS cannot
 * tell apart is marked: a float with an integral value (`2.0`) is a `PyFloat`, a tuple is an array
 * marked as one (see `array-marks.ts`).
 */

import { arrayMarks, type IteratorKind, marksRecord, markWith } from './array-marks';

export type { IteratorKind } from './array-marks';

/** A Python float whose value is integral (`2.0`, `-0.0`, `1e16`). Non-integral floats are plain numbers. */
export class PyFloat {
  constructor(readonly value: number) {}
}

/** Makes a Python float from a JS number: plain when non-integral (or inf/nan), `PyFloat` otherwise. */
export function float(x: number): number | PyFloat {
  return Number.isInteger(x) ? new PyFloat(x) : x;
}

/** A Python int (or bool) as a bigint. */
export function bigOf(v: number | bigint | boolean): bigint {
  return typeof v === 'bigint' ? v : BigInt(typeof v === 'boolean' ? Number(v) : v);
}

/** The text of a `str` or `Markup`, else undefined. */
export function textOf(v: unknown): string | undefined {
  return typeof v === 'string' ? v : v instanceof Markup ? v.value : undefined;
}

/** True for Python `int` values (not `bool`). */
export function isInt(v: unknown): v is number | bigint {
  return (typeof v === 'number' && Number.isInteger(v)) || typeof v === 'bigint';
}

/** True for Python `float` values. */
export function isFloat(v: unknown): v is number | PyFloat {
  return v instanceof PyFloat || (typeof v === 'number' && !Number.isInteger(v));
}

/** True for `int`, `float` and `bool` (Python's numbers.Number). */
export function isNumber(v: unknown): v is number | bigint | boolean | PyFloat {
  return typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean' || v instanceof PyFloat;
}

/** The JS number of an int, float or bool value (bigints lose precision past 2^53). */
export function toJsNumber(v: number | bigint | boolean | PyFloat): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof PyFloat) return v.value;
  return Number(v);
}

/** An int result: a number while it is a safe integer, a bigint past that. */
export function int(x: bigint | number): number | bigint {
  if (typeof x === 'number') return x;
  return x >= MIN_SAFE_BIGINT && x <= MAX_SAFE_BIGINT ? Number(x) : x;
}

const MIN_SAFE_BIGINT = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE_BIGINT = BigInt(Number.MAX_SAFE_INTEGER);

const TUPLE_MARKS = marksRecord({ tuple: true });

/** Marks an array as a Python tuple (it prints as `(1, 2)`, and never equals a list). */
export function tuple<T>(items: T[]): T[] {
  return markWith(items, TUPLE_MARKS);
}

/** True for arrays marked as tuples. */
export function isTuple(v: unknown): v is unknown[] {
  return arrayMarks(v)?.tuple === true;
}

/** Jinja2's `Undefined`: a missing name, attribute or item. Prints as '', is false, `default` replaces it. */
export class Undefined {
  constructor(
    /** The missing name, attribute or key. */
    readonly name: string | undefined = undefined,
    /** The object the attribute or key was looked up on; `NO_OBJECT` for a plain missing name. */
    readonly obj: unknown = NO_OBJECT,
    /** A ready message that replaces the generated one (used by the sandbox). */
    readonly hint: string | undefined = undefined,
  ) {}
}

/** Marks an `Undefined` that is a missing variable rather than a missing attribute of an object. */
export const NO_OBJECT: unique symbol = Symbol('no object');

/** A shared Undefined for places that have no name to report. */
export const UNDEFINED = new Undefined();

/** Text marked safe (`|safe`, `|escape`). With autoescape off it prints as its text. */
export class Markup {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** A keyword-argument record, as passed to callables. */
export type Kwargs = Record<string, unknown>;

/**
 * The order of a record's keys where Python's differs from the one JS lists them in: a JS object lists number-like
 * names first, where Python keeps the order they came in. Kept on a call's keyword record when a `**` argument
 * brings such a name (`**{'7': x}`), and on a dict from the data a template adds such a key to
 * (`d.update({'7': x})`, `noteAddedKey`). Not enumerable, so a spread copy of the record does not share it.
 */
const KEY_ORDER: unique symbol = Symbol('key order');

type Ordered = { [KEY_ORDER]?: string[] };

/** The names of a call's keyword arguments, in the order the call gave them (kept by `keepKeywordOrder`). */
export function keywordNames(kwargs: Kwargs): string[] {
  return keysInOrder(kwargs, Object.keys(kwargs));
}

/** The keys of a plain-object dict in Python's order, `keys` being what `Object.keys` gave: a copy where kept. */
export function keysInOrder(d: Record<string, unknown>, keys: string[]): string[] {
  // A record lists a number-like name first, so only then can its order be another.
  if (keys.length === 0 || !isDigitCode(keys[0].charCodeAt(0))) return keys;
  const order = (d as Ordered)[KEY_ORDER];
  return order === undefined ? keys : order.slice();
}

function isDigitCode(code: number): boolean {
  return code >= 48 && code <= 57;
}

function keepOrder(d: Record<string, unknown>, order: string[]): void {
  Object.defineProperty(d, KEY_ORDER, {
    value: order,
    writable: true,
    enumerable: false,
    configurable: true,
  });
}

/** Keeps `names`, the order a call gave the keyword arguments of `kwargs` in (see `keywordNames`). */
export function keepKeywordOrder(kwargs: Kwargs, names: string[]): void {
  keepOrder(kwargs, names);
}

/** Notes `name`, a key just added to plain-object dict `d`, as its last key in Python's order (`KEY_ORDER`). */
export function noteAddedKey(d: Record<string, unknown>, name: string): void {
  const order = (d as Ordered)[KEY_ORDER];
  if (order !== undefined) order.push(name);
  else if (isIndexLike(name)) {
    const keys = Object.keys(d).filter((key) => key !== name);
    keys.push(name);
    keepOrder(d, keys);
  }
}

/** Notes that `name` left plain-object dict `d`, or with null that all its keys did. */
export function noteDeletedKey(d: Record<string, unknown>, name: string | null): void {
  const order = (d as Ordered)[KEY_ORDER];
  if (order === undefined) return;
  if (name === null) order.length = 0;
  else {
    const at = order.indexOf(name);
    if (at >= 0) order.splice(at, 1);
  }
}

/** True for a name a JS object lists before the others (digits alone, as an array index is written). */
export function isIndexLike(key: string): boolean {
  // Most keys are names: one that does not start with a digit needs no regular expression (asked of every key a
  // dict literal reads, and of every `d.get(key)`).
  const first = key.charCodeAt(0);
  return first >= 48 && first <= 57 && INDEX_LIKE.test(key);
}

const INDEX_LIKE = /^(0|[1-9]\d*)$/;

/** The keyword arguments of a call that has none: shared, so callables must never change what they are given. */
export const NO_KWARGS: Kwargs = Object.freeze({});

/** The attributes of a callable: a `Map`, or anything that answers `has` and `get` (a joiner's live `used`). */
export interface CallableAttributes {
  has(name: string): boolean;
  get(name: string): unknown;
}

/**
 * Where Python prints an object's memory address (`<generator object sync_do_map at 0x7f3a5c2e1d40>`), the
 * engine prints this made-up one: no template can depend on an address, but text made from the print (its
 * length, its words) then comes out as in Python.
 */
export const ADDRESS = ' at 0x7f0000000000';

/**
 * Anything a template may call: macros, `range`, `dict`, bound Python methods, `loop.cycle`, `caller`.
 * Raw JS functions found in data are never called: templates cannot reach them.
 */
export class PyCallable {
  constructor(
    /** The name Python would show (`range`, `upper`, a macro's name). */
    readonly name: string,
    /**
     * Runs the call. `state` is the render's `RenderState`. `kwargs` is made for this call alone (or is the
     * shared, frozen `NO_KWARGS`), so the callee may keep it. `self` is this callable, so that one function can
     * serve many (a macro's, for each time its definition runs).
     */
    readonly call: (
      state: import('./state').RenderState,
      args: unknown[],
      kwargs: Kwargs,
      self: PyCallable,
    ) => unknown,
    /** Attributes Python shows on the callable (a macro's `name`, `arguments`, `catch_varargs`, ...). */
    readonly attributes?: CallableAttributes,
    /** Python's type, with its module unless a builtin (`jinja2.runtime.Macro`, `type`, `method`). */
    readonly pyType = 'builtin_function_or_method',
    /** What Python prints for it (`<built-in method upper of str object at 0x7f0000000000>`). */
    readonly text = `<function ${name}${ADDRESS}>`,
    /**
     * A macro that reads `caller`: the call a `{% call %}` block makes with positional arguments only, taking the
     * block's body as `caller` without a keyword record. The same as `call(state, args, { caller })`.
     */
    readonly callWithCaller:
      | ((
          state: import('./state').RenderState,
          args: unknown[],
          caller: PyCallable,
          self: PyCallable,
        ) => unknown)
      | undefined = undefined,
    /**
     * A macro's code, one per definition in a template, through which a call site that knows it binds its
     * arguments straight into the macro's variables (the compiler's `MacroCode`); undefined for anything else.
     */
    readonly macro: unknown = undefined,
    /** A macro's frame where its definition ran, which its calls read outer names from. */
    readonly defining: unknown = undefined,
  ) {}
}

/**
 * An engine object that answers `obj.name` itself, such as `loop` and a `cycler()`: `getattr`, and so
 * `obj['name']` and the `attr` filter, ask it before anything else.
 */
export abstract class AttributeSource {
  /** Python's type, with its module (`jinja2.utils.Cycler`). */
  abstract readonly pyType: string;

  /** The value of `obj.<name>`, or an Undefined. */
  abstract attr(name: string): unknown;

  /** Python's `len()` of it, or `undefined` when it has none. */
  length(): number | undefined {
    return undefined;
  }

  /** What Python prints for it (`<jinja2.utils.Cycler object at 0x7f0000000000>`). */
  text(): string {
    return `<${this.pyType} object${ADDRESS}>`;
  }

  /** `obj.name` for one of its methods: the bound method, as Python names and prints it. */
  protected bound(name: string, method: EngineMethod): PyCallable {
    const type = this.pyType.slice(this.pyType.lastIndexOf('.') + 1);
    return new PyCallable(
      name,
      (state, args, kwargs) => method(this, state, args, kwargs),
      undefined,
      'method',
      `<bound method ${type}.${name} of ${this.text()}>`,
    );
  }

  /**
   * For a call `obj.name(...)`: the method that runs it, taking the object as its first argument, or
   * `undefined` when `name` is no method. It lets a call run without making the bound method `attr` gives.
   */
  method(_name: string): EngineMethod | undefined {
    return undefined;
  }
}

/** The Python type of Jinja2's `loop`. */
export const LOOP_TYPE = 'jinja2.runtime.LoopContext';

/**
 * Jinja2's `loop`, known by its Python type: each copy of the compiler's code has its own `LoopContext` class
 * (see code-copies.ts), and the loops of one template may be compiled by different copies, so a loop kept in a
 * variable (`{% set outer = loop %}`) can reach code of another copy, or the tests.
 */
export function isLoopObject(v: unknown): v is AttributeSource {
  return v instanceof AttributeSource && v.pyType === LOOP_TYPE;
}

/** A method of an engine object, called with the object itself first (see `AttributeSource.method`). */
export type EngineMethod = (
  self: AttributeSource,
  state: import('./state').RenderState,
  args: unknown[],
  kwargs: Kwargs,
) => unknown;

/** True for a string JS objects list before all other keys: an array index (`'0'`, `'42'`). */
function isArrayIndex(key: string): boolean {
  return isDigitCode(key.charCodeAt(0)) && isIndexLike(key) && Number(key) < 2 ** 32 - 1;
}

/**
 * `namespace()` objects: attributes a template may set from inside loops. They are kept in a plain object, which
 * V8 reads and writes as quickly as a template's own variables; a name `Object.prototype` has is looked up as an
 * own property only.
 */
export class Namespace {
  /** The attributes. */
  readonly attrs: Record<string, unknown>;
  /**
   * The names in the order they were first set, kept once one of them is an array index (a JS object lists those
   * first, where Python keeps the order of insertion) or a dict given to `namespace()` has a key that is not a
   * string. Such a key is here with its value, as a pair: no attribute name reaches it, so it is only printed.
   */
  private order: (string | [unknown, unknown])[] | null;

  /**
   * A namespace holding `init`'s attributes. `attrs` and `order` are `ofKeywords`'s: a record to keep as the
   * attributes, and its names in the call's order when they differ from the record's.
   */
  constructor(
    init?: Iterable<[string, unknown]>,
    attrs: Record<string, unknown> = {},
    order: (string | [unknown, unknown])[] | null = null,
  ) {
    this.attrs = attrs;
    this.order = order;
    if (init !== undefined) for (const [name, value] of init) this.set(name, value);
  }

  /**
   * `namespace(total=0, ...)`: a namespace that keeps the call's keyword record as its attributes, since a call's
   * record is made for that call alone (see `PyCallable.call`); no copy and no write per name.
   */
  static ofKeywords(kwargs: Kwargs): Namespace {
    if (kwargs === NO_KWARGS) return new Namespace();
    // A record lists its array indexes first (in ascending order), so its first name tells whether it has any;
    // with one, the namespace keeps the names in the call's order.
    for (const name in kwargs) {
      return new Namespace(undefined, kwargs, isArrayIndex(name) ? keywordNames(kwargs).slice() : null);
    }
    return new Namespace(undefined, kwargs);
  }

  /**
   * `namespace(d)` of a dict (Python's `dict(*args, **kwargs)` made already): its string keys are the attributes,
   * and a key of another type (`namespace({1: 2})`) is kept as it is, as Jinja2's dict of attributes keeps it.
   */
  static ofDict(d: Record<string, unknown> | Map<unknown, unknown>): Namespace {
    if (!(d instanceof Map)) return new Namespace(Object.entries(d));
    const ns = new Namespace();
    for (const [key, value] of d) {
      if (typeof key === 'string') ns.set(key, value);
      else {
        ns.order ??= Object.keys(ns.attrs);
        ns.order.push([key, value]);
      }
    }
    return ns;
  }

  /** True when the namespace has the attribute `name`. */
  has(name: string): boolean {
    return Object.hasOwn(this.attrs, name);
  }

  /** The attribute `name`, or JS `undefined` when there is none. */
  get(name: string): unknown {
    return Object.hasOwn(this.attrs, name) ? this.attrs[name] : undefined;
  }

  /** Sets the attribute `name` (`__proto__` too, as a plain key). */
  set(name: string, value: unknown): void {
    if (!Object.hasOwn(this.attrs, name)) {
      if (this.order === null && isArrayIndex(name)) this.order = Object.keys(this.attrs);
      this.order?.push(name);
    }
    setKey(this.attrs, name, value);
  }

  /** The attributes in the order they were first set, as Python's dict keeps them. */
  entries(): [unknown, unknown][] {
    return (this.order ?? Object.keys(this.attrs)).map((item) =>
      typeof item === 'string' ? [item, this.attrs[item]] : item,
    );
  }
}

/** True for values that are Python dicts: plain objects (any prototype-free or Object-prototype object) and Maps. */
export function isDict(v: unknown): v is Record<string, unknown> | Map<unknown, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  return v instanceof Map || isPlainObject(v);
}

/** A plain object (JSON's, a dict literal's): a dict that is not a Map. */
export function isPlainObject(v: object): v is Record<string, unknown> {
  // The data's objects, the usual case, told by their constructor (a load the inline cache answers, where
  // `Object.getPrototypeOf` is a call): an object of a class, a Map or an array has its own, and no template can
  // make a key `constructor` hold `Object`.
  if ((v as { constructor?: unknown }).constructor === Object) return true;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * Makes a Python namedtuple (Jinja's `groupby` items): a tuple that also answers `getattr` for its field
 * names (`group.grouper`, `group.list`). It prints and compares as a plain tuple.
 */
export function namedTuple<T>(items: T[], fields: readonly string[]): T[] {
  return markWith(items, marksRecord({ tuple: true, fields }));
}

/** The value of a namedtuple's field, or `NOT_FOUND` when `v` is not a namedtuple or has no such field. */
export function namedTupleField(v: unknown, name: string): unknown {
  const fields = arrayMarks(v)?.fields;
  const index = fields ? fields.indexOf(name) : -1;
  return index < 0 ? NOT_FOUND : (v as unknown[])[index];
}

/** What `namedTupleField` returns for a missing field. */
export const NOT_FOUND: unique symbol = Symbol('not found');

/**
 * Marks an array as a Python iterator (what `map`, `select`, `reverse`, ... return in Jinja2: a generator or
 * `list_reverseiterator`). It loops like a list, but Python sees it as always true, without len() or indexing,
 * and prints it as `<generator object sync_do_map at 0x...>`. `type` is Python's type name (`generator`),
 * `name` the generator function's name when Python prints one.
 */
export function pyIterator<T>(items: T[], type: string, name?: string): T[] {
  return markWith(items, marksRecord({ iterator: { type, name } }));
}

/** The iterator kind of an array marked by `pyIterator`, else `undefined`. */
export function iteratorKind(v: unknown): IteratorKind | undefined {
  return arrayMarks(v)?.iterator;
}

/**
 * Sets a key of a plain-object dict. A `__proto__` key becomes an own property, as it is for Python, instead of
 * replacing the object's prototype.
 */
export function setKey(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
  } else record[key] = value;
}

/** Marks a list as the result of `range(start, stop, step)`, which Python prints as `range(0, 3)`. */
export function markRange(items: number[], start: number, stop: number, step: number): number[] {
  return markWith(items, marksRecord({ range: [start, stop, step] }));
}

/** The `[start, stop, step]` of a list made by `range()`, else `undefined`. */
export function rangeOf(v: unknown): readonly number[] | undefined {
  return arrayMarks(v)?.range;
}
