/**
 * The sandbox: attribute, item and slice access and calls, as Jinja2's `SandboxedEnvironment` does them.
 * Only own data properties of plain objects are ever read, so prototype members (`constructor`,
 * `__proto__`, `toString`) are simply missing; JS functions in data and Python's dunder attributes come
 * back as an Undefined that refuses use, as Jinja2's unsafe Undefined does.
 */
import { typeError, valueError } from '../errors';
import { spendRunning, spendRunningOnItems } from '../limits';
import { repr, strRepr } from './format';
import { hashKey } from './hash-key';
import { isVisible } from './iterate';
import { NOT_PLAIN, type PropertyLoad, propertyLoad } from './keyed-access';
import { noteDictResize } from './member-sets';
import { getMethod, isDictMethodName, numberProperty } from './methods';
import { isPlainSequence } from './operators';
import type { RenderState } from './state';
import { codePoints, hasSurrogate, unitsBySteps } from './strings';
import { typeName } from './type-name';
import {
  missingElement,
  objectTypeRepr,
  UnsafeUndefined,
  undefinedAttribute,
  undefinedError,
  unsafeUndefined,
} from './undefined';
import {
  AttributeSource,
  isDict,
  isTuple,
  type Kwargs,
  Markup,
  markRange,
  Namespace,
  NOT_FOUND as NO_FIELD,
  namedTupleField,
  PyCallable,
  PyFloat,
  rangeOf,
  tuple,
  Undefined,
} from './values';

// The dunder attributes CPython's types have (`dir(object)` plus each type's own): reading one is what the
// sandbox refuses; a dunder name a type does not have is an ordinary missing attribute, or a dict key.
const OBJECT_DUNDERS =
  'class delattr dir doc eq format ge getattribute getstate gt hash init init_subclass le lt ne new reduce ' +
  'reduce_ex repr setattr sizeof str subclasshook';
const NUMBER_DUNDERS =
  'abs add bool ceil divmod float floor floordiv getnewargs int mod mul neg pos pow radd rdivmod rfloordiv ' +
  'rmod rmul round rpow rsub rtruediv sub truediv trunc';
const INT_DUNDERS = `${NUMBER_DUNDERS} and index invert lshift or rand rlshift ror rrshift rshift rxor xor`;
const TYPE_DUNDERS: Record<string, string> = {
  str: 'add contains getitem getnewargs iter len mod mul rmod rmul',
  Markup: 'add contains getitem getnewargs html html_format iter len mod module mul radd rmod rmul slots',
  list: 'add class_getitem contains delitem getitem iadd imul iter len mul reversed rmul setitem',
  tuple: 'add class_getitem contains getitem getnewargs iter len mul rmul',
  dict: 'class_getitem contains delitem getitem ior iter len or reversed ror setitem',
  int: INT_DUNDERS,
  bool: INT_DUNDERS,
  float: `${NUMBER_DUNDERS} getformat`,
  NoneType: 'bool',
  function: 'call module name qualname self text_signature',
};
const dunderSets = new Map<string, Set<string>>();

function dunders(type: string): Set<string> {
  let set = dunderSets.get(type);
  if (set === undefined) {
    const own = type === 'Namespace' ? '' : (TYPE_DUNDERS[type] ?? 'iter len contains');
    set = new Set(
      `${type === 'Namespace' ? 'class' : OBJECT_DUNDERS} ${own}`.split(' ').map((n) => `__${n}__`),
    );
    dunderSets.set(type, set);
  }
  return set;
}

/** True when `obj` has the Python attribute `name` and it is a dunder, which Jinja2's sandbox never returns. */
function isUnsafeDunder(obj: unknown, name: string): boolean {
  return name.length > 4 && name.startsWith('__') && name.endsWith('__') && dunders(typeName(obj)).has(name);
}

const NOT_FOUND: unique symbol = Symbol('not found');

/**
 * The `Map` dicts known to hold only keys of which `Map` itself finds every equal one but a number's bool (texts,
 * JS numbers, bools, None), so that a key they do not hold as it is is looked for as its few equals
 * (`equalKey`), not by comparing it with every key: a dict a template fills by id (`d.update({id: n})`) would
 * otherwise cost a pass over its keys per new key. A dict starts so when a template makes it empty (`newDict`);
 * the first key of another kind (`1.0`, a tuple) takes it out (`noteKey`); any other `Map` is searched.
 *
 * The mark is a property of the `Map` (true or false, never deleted, so that all such maps share one shape): a
 * `WeakSet` of them cost 250 ns per dict made, in the table's upkeep and the collector's.
 */
const SIMPLE_KEYS: unique symbol = Symbol('simple keys');

/**
 * A dict of other keys (a tuple, `1.0`, Markup) finds a key's equal by its hash (`hashKey`), in an index of its keys
 * made at its first search and kept as keys come and go (`noteKey`, `forgetKey`): comparing a new key with every
 * key made filling such a dict quadratic (100,000 tuple keys passed the one-second limit).
 */
const KEY_INDEX: unique symbol = Symbol('key index');

/** A `Map` that may carry the `SIMPLE_KEYS` mark and a `KEY_INDEX`. */
type MarkedMap = Map<unknown, unknown> & {
  [SIMPLE_KEYS]?: boolean;
  [KEY_INDEX]?: Map<string, unknown> | null;
};

/** The index of `d`'s keys by hash, the first key of each hash (see `KEY_INDEX`), made when first asked for. */
export function keyIndex(d: Map<unknown, unknown>): Map<string, unknown> {
  const marked = d as MarkedMap;
  let index = marked[KEY_INDEX];
  if (index == null) {
    index = new Map<string, unknown>();
    for (const key of d.keys()) {
      spendRunning(1);
      const hash = hashKey(key);
      if (!index.has(hash)) index.set(hash, key);
    }
    marked[KEY_INDEX] = index;
  }
  return index;
}

/** Notes that `key` left `d`, or with `ALL_KEYS` that all its keys did. */
export function forgetKey(d: Map<unknown, unknown>, key: unknown): void {
  const marked = d as MarkedMap;
  const index = marked[KEY_INDEX];
  if (index == null) return;
  if (key === ALL_KEYS) marked[KEY_INDEX] = null;
  else index.delete(hashKey(key));
}

/** What `forgetKey` is given when a dict is cleared. */
export const ALL_KEYS: unique symbol = Symbol('all keys');

/** An empty dict as a template makes one (`{}`, `dict()`): a `Map` its keys are noted for (`SIMPLE_KEYS`). */
export function newDict(): Map<unknown, unknown> {
  const d: MarkedMap = new Map<unknown, unknown>();
  d[SIMPLE_KEYS] = true;
  return d;
}

/**
 * A `Map` dict of `entries` (the entries of `from`, copied: `d.copy()`, a folded literal's value at a render),
 * noted as `from` is.
 */
export function copiedDict(
  from: Map<unknown, unknown>,
  entries: Iterable<readonly [unknown, unknown]>,
): Map<unknown, unknown> {
  const d: MarkedMap = new Map<unknown, unknown>(entries);
  if (hasSimpleKeys(from)) d[SIMPLE_KEYS] = true;
  return d;
}

/** Whether `d` holds only keys of the kinds `SIMPLE_KEYS` marks, as far as its keys were noted. */
export function hasSimpleKeys(d: Map<unknown, unknown>): boolean {
  return (d as MarkedMap)[SIMPLE_KEYS] === true;
}

/**
 * Notes a key just added to `d`: one of another kind than `SIMPLE_KEYS` marks takes `d` out of it, the index (if
 * made) takes it in, and the dict has changed size (`noteDictResize`).
 */
export function noteKey(d: Map<unknown, unknown>, key: unknown): void {
  noteDictResize();
  const marked = d as MarkedMap;
  if (typeof key !== 'string' && typeof key !== 'number' && typeof key !== 'boolean' && key !== null)
    if (marked[SIMPLE_KEYS] === true) marked[SIMPLE_KEYS] = false;
  const index = marked[KEY_INDEX];
  if (index != null) {
    const hash = hashKey(key);
    if (!index.has(hash)) index.set(hash, key);
  }
}

/**
 * The key of `d` equal to `key` (which `d` does not hold as it is, and is hashable): `True` for `1`, `1` for
 * `1.0`; or `NOT_FOUND`.
 */
export function equalKey(d: Map<unknown, unknown>, key: unknown): unknown {
  // A float with a fraction (a float held as an int is a `PyFloat`) equals nothing but itself.
  if (typeof key === 'number' && !Number.isInteger(key)) return NOT_FOUND;
  // A text equals only a Markup of it, which a dict of simple keys does not hold; Markup equals its text.
  if (typeof key === 'string') return hasSimpleKeys(d) ? NOT_FOUND : markupKey(d, key);
  if (key instanceof Markup && d.has(key.value)) return key.value;
  if (hasSimpleKeys(d)) {
    // A number's equals among such keys: the bool of 0 or 1, and for a float held as an int (`1.0`) the number.
    const n = key instanceof PyFloat ? key.value : typeof key === 'boolean' ? Number(key) : key;
    if (typeof n === 'number') {
      if (n !== key && d.has(n)) return n;
      const bool = n === 1 ? true : n === 0 ? false : undefined;
      return bool !== undefined && bool !== key && d.has(bool) ? bool : NOT_FOUND;
    }
    if (key === null || isTuple(key)) return NOT_FOUND;
  }
  const found = keyIndex(d).get(hashKey(key));
  return found === undefined ? NOT_FOUND : found;
}

/** The Markup key of `d` whose text is `key`, or `NOT_FOUND`. */
function markupKey(d: Map<unknown, unknown>, key: string): unknown {
  const found = keyIndex(d).get(hashKey(key));
  return found instanceof Markup ? found : NOT_FOUND;
}

/** A dict's value for `key` with Python's key equality (`1 == 1.0 == True`), or `NOT_FOUND`. */
export function dictLookup(d: Record<string, unknown> | Map<unknown, unknown>, key: unknown): unknown {
  if (d instanceof Map) {
    if (d.has(key)) return d.get(key);
    const k = equalKey(d, key);
    return k === NOT_FOUND ? NOT_FOUND : d.get(k);
  }
  if (typeof key === 'string' && Object.hasOwn(d, key)) return d[key];
  if (key instanceof Markup && Object.hasOwn(d, key.value)) return d[key.value];
  return NOT_FOUND;
}

/** What `dictItem` returns for a key the dict does not have. */
export { NOT_FOUND as NO_ITEM };

/**
 * `d[key]` as a template sees it (a plain object's JS `undefined` and functions are no entries), or `NO_ITEM`.
 * A text key of a plain object, the usual case, is one own-property test.
 */
export function dictItem(d: Record<string, unknown> | Map<unknown, unknown>, key: unknown): unknown {
  if (typeof key === 'string' && !(d instanceof Map)) {
    if (!Object.hasOwn(d, key)) return NOT_FOUND;
    const value = d[key];
    return isVisible(value) ? value : NOT_FOUND;
  }
  const value = dictLookup(d, key);
  return value === NOT_FOUND || d instanceof Map || isVisible(value) ? value : NOT_FOUND;
}

/** True when `key` names an entry of dict `d`. */
export function dictHas(d: Record<string, unknown> | Map<unknown, unknown>, key: unknown): boolean {
  return dictItem(d, key) !== NOT_FOUND;
}

/** A dict entry as a template sees it: JS functions refused, JS `undefined` missing. */
function dictValue(d: object, name: string, value: unknown): unknown {
  if (typeof value === 'function') return unsafeUndefined(d, name);
  return value === undefined ? new Undefined(name, d) : value;
}

/**
 * `obj.name` as Jinja2's sandboxed `getattr`: a Python attribute first (bound methods such as
 * `'a'.upper`, `d.items`), then the item `obj['name']`, else an Undefined naming what is missing.
 */
export function getattr(obj: unknown, name: string): unknown {
  if (obj instanceof Undefined) return undefinedAttribute(obj, name);
  if (obj instanceof AttributeSource) return obj.attr(name);
  if (isUnsafeDunder(obj, name)) return unsafeUndefined(obj, name);
  const field = namedTupleField(obj, name);
  if (field !== NO_FIELD) return field;
  const method = getMethod(obj, name);
  if (method !== undefined) return method;
  // A float (boxed when integral) has the number's attributes, as a JS number does.
  if (typeof obj === 'object' && obj !== null && !(obj instanceof PyFloat)) {
    if (obj instanceof Namespace) {
      if (!obj.has(name)) return new Undefined(name, obj);
      // A set-by-template `_name` exists, so Python's sandbox refuses it rather than reporting it missing.
      return name.startsWith('_') ? unsafeUndefined(obj, name) : obj.get(name);
    }
    if (obj instanceof PyCallable) {
      return obj.attributes?.has(name) ? obj.attributes.get(name) : new Undefined(name, obj);
    }
    if (Array.isArray(obj) || obj instanceof Markup) return new Undefined(name, obj);
    if (obj instanceof Map) {
      const value = dictLookup(obj, name);
      return value === NOT_FOUND ? new Undefined(name, obj) : value;
    }
    if (Object.hasOwn(obj, name)) return dictValue(obj, name, (obj as Record<string, unknown>)[name]);
    return new Undefined(name, obj);
  }
  const property = numberProperty(obj, name);
  return property === undefined ? new Undefined(name, obj) : property;
}

/** The names a plain object inherits from `Object.prototype`: reading one needs the own-property check. */
const INHERITED: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** True when a plain object inherits `name` from `Object.prototype` (`constructor`, `__proto__`, `toString`...). */
export function isInheritedName(name: string): boolean {
  return INHERITED.has(name);
}

/** Reads one attribute or key of a value. */
export type MemberReader = (obj: unknown) => unknown;

/** Reads `obj.key` or `obj[key]`: one of four functions, chosen by `memberAccess` when a template is compiled. */
export type MemberAccess = (obj: unknown, key: string, load: PropertyLoad) => unknown;

/**
 * `obj.name` for a name a plain object cannot inherit and that is no dict method: a plain object's own data
 * is read in place with the name's own `load` (no own-property test is needed), a namespace's entry likewise;
 * the rest is `getattr`'s. A plain object is told by its `constructor`: V8 answers that read from its inline
 * caches, where `Object.getPrototypeOf` is a call (1.5x the speed of a loop reading `item.name`).
 */
function attributeOf(obj: unknown, name: string, load: PropertyLoad): unknown {
  if (typeof obj === 'object' && obj !== null) {
    const value = load(obj as Record<string, unknown>, name);
    if (value === undefined) return new Undefined(name, obj);
    if (value !== NOT_PLAIN) {
      if (typeof value !== 'function') return value;
    } else if (obj instanceof Namespace) {
      // In place, as for a plain object: the name is none that the attributes could inherit.
      const entry = load(obj.attrs, name);
      // (Not plain when the namespace has an attribute named `constructor`.)
      if (entry !== undefined && entry !== NOT_PLAIN) return entry;
    } else if (obj instanceof Map) {
      // A dict the template made (`dict(a=1)`), holding the text key: the name is no dict method.
      const entry = obj.get(name);
      if (entry !== undefined) return entry;
    }
  }
  return getattr(obj, name);
}

/** `obj[key]` for a key a plain object cannot inherit, whose absence is an Undefined (no dict method, no `_`). */
function itemOf(obj: unknown, key: string, load: PropertyLoad): unknown {
  if (typeof obj === 'object' && obj !== null) {
    const value = load(obj as Record<string, unknown>, key);
    if (value === undefined) return new Undefined(key, obj);
    if (value !== NOT_PLAIN) {
      if (typeof value !== 'function') return value;
    } else if (obj instanceof Map) {
      const entry = obj.get(key);
      if (entry !== undefined) return entry;
    }
  }
  return getitem(obj, key);
}

/**
 * How a template reads `obj.key` (`kind` 'attribute') or `obj['key']` ('item') for a key known when it is
 * compiled: in place where plain data allows it, else through the sandbox's `getattr` or `getitem`. Call it
 * with the key and `propertyLoad(key)`.
 */
export function memberAccess(kind: 'attribute' | 'item', key: string): MemberAccess {
  const plain = readsOwnValueFirst(key);
  if (kind === 'attribute') return plain ? attributeOf : getattr;
  return plain ? itemOf : getitem;
}

/**
 * True when `obj.key` and `obj['key']` of a plain object are its own value when it has one: not for names
 * `Object.prototype` has, private (`_`) names or the dict methods, which go through the full lookup.
 */
export function readsOwnValueFirst(key: string): boolean {
  return !(INHERITED.has(key) || key.startsWith('_') || isDictMethodName(key));
}

/** The reader of `obj.name` for a name known in advance. */
export function attributeReader(name: string): MemberReader {
  const read = memberAccess('attribute', name);
  const load = propertyLoad(name);
  return (obj) => read(obj, name, load);
}

/** The reader of `obj['key']` for a string key known in advance: the item first. */
export function itemReader(key: string): MemberReader {
  const read = memberAccess('item', key);
  const load = propertyLoad(key);
  return (obj) => read(obj, key, load);
}

/** A sequence index from a key: ints and bools; anything else is not one. */
function indexOf(key: unknown): number | undefined {
  if (typeof key === 'number') return Number.isInteger(key) ? key : undefined;
  if (typeof key === 'boolean') return key ? 1 : 0;
  if (typeof key === 'bigint') return Number(key);
  return undefined;
}

/** The element `i` (negative counts from the end) of a sequence of length `n`, or -1. */
function position(i: number, n: number): number {
  const p = i < 0 ? i + n : i;
  return p >= 0 && p < n ? p : -1;
}

/**
 * `obj[key]` as Jinja2's sandboxed `getitem`: the item first, then (for string keys) the attribute.
 * A missing element is an Undefined that reports `list object has no element 5`.
 */
export function getitem(obj: unknown, key: unknown): unknown {
  if (obj instanceof Undefined) throw undefinedError(obj);
  if (typeof key === 'string') {
    if (typeof obj === 'object' && obj !== null && isDict(obj)) {
      const value = dictLookup(obj, key);
      if (value !== NOT_FOUND) return obj instanceof Map ? value : dictValue(obj, key, value);
    }
    return getattr(obj, key);
  }
  if (key instanceof Markup) {
    // A Markup key is text to the sandbox: the item or attribute of that name, or an Undefined showing the key's
    // repr.
    const value = isDict(obj) ? getitem(obj, key.value) : getattr(obj, key.value);
    if (!(value instanceof Undefined) || value instanceof UnsafeUndefined || value.hint !== undefined)
      return value;
    return new Undefined(key.value, obj, `${strRepr(objectTypeRepr(obj))} has no attribute ${repr(key)}`);
  }
  if (Array.isArray(obj)) {
    const i = indexOf(key);
    if (i !== undefined && isPlainSequence(obj)) {
      const p = position(i, obj.length);
      if (p >= 0) {
        const value = obj[p];
        if (typeof value === 'function') return unsafeUndefined(obj, String(i));
        if (value !== undefined) return value;
      }
    }
    return missingElement(obj, repr(key));
  }
  if (typeof obj === 'string' || obj instanceof Markup) {
    const text = typeof obj === 'string' ? obj : obj.value;
    const i = indexOf(key);
    if (i !== undefined) {
      const chars = hasSurrogate(text) ? codePoints(text) : text;
      const p = position(i, chars.length);
      if (p >= 0) return obj instanceof Markup ? new Markup(chars[p]) : chars[p];
    }
    return missingElement(obj, repr(key));
  }
  if (typeof obj === 'object' && obj !== null && isDict(obj)) {
    const value = dictLookup(obj, key);
    if (value !== NOT_FOUND) return value;
  }
  return missingElement(obj, repr(key));
}

/** A slice bound: `null` is Python's None; ints and bools are indexes; anything else is not a slice index. */
function sliceIndex(v: unknown): number | null | undefined {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') {
    const limit = BigInt(Number.MAX_SAFE_INTEGER);
    return Number(v > limit ? limit : v < -limit ? -limit : v);
  }
  return indexOf(v);
}

/** Python's `slice.indices(n)`: the concrete start, stop and step for a sequence of length `n`. */
function sliceBounds(n: number, start: number | null, stop: number | null, step: number): [number, number] {
  const clamp = (i: number | null, atStart: boolean): number => {
    if (i === null) return step < 0 ? (atStart ? n - 1 : -1) : atStart ? 0 : n;
    if (i < 0) {
      const p = i + n;
      return p < 0 ? (step < 0 ? -1 : 0) : p;
    }
    return i >= n ? (step < 0 ? n - 1 : n) : i;
  };
  return [clamp(start, true), clamp(stop, false)];
}

/**
 * The units of `text[start:stop]` when no surrogate comes before its bounds, from the start (`code[:3]`,
 * `code[3:]`) or from the end (`card[-4:]`), where code points and units are the same: found without a search of
 * the whole text (a regular expression per slice, half of what `code[:3]` cost). Null when the bounds count from
 * both ends, or a surrogate is in the way.
 */
function unitBounds(text: string, start: number | null, stop: number | null): [number, number] | null {
  const n = text.length;
  let from: number;
  let to: number;
  if ((start === null || start >= 0) && (stop === null || stop >= 0)) {
    from = start === null ? 0 : Math.min(start, n);
    to = stop === null ? n : Math.min(stop, n);
    if (!surrogateFree(text, 0, stop === null ? from : Math.max(from, to))) return null;
  } else if ((start === null || start < 0) && (stop === null || stop < 0)) {
    from = start === null ? 0 : Math.max(n + start, 0);
    to = stop === null ? n : Math.max(n + stop, 0);
    if (!surrogateFree(text, start === null ? to : Math.min(from, to), n)) return null;
  } else return null;
  return [from, to];
}

/** True when units `from` to `to` of `text` hold no surrogate: a few looked at, or the whole text asked. */
export function surrogateFree(text: string, from: number, to: number): boolean {
  if (to - from > 32) return !hasSurrogate(text);
  for (let i = from; i < to; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdfff) return false;
  }
  return true;
}

function pick<T>(items: T[], start: number, stop: number, step: number): T[] {
  if (step === 1) return start < stop ? items.slice(start, stop) : [];
  const out: T[] = [];
  if (step > 0) for (let i = start; i < stop; i += step) out.push(items[i]);
  else for (let i = start; i > stop; i += step) out.push(items[i]);
  return out;
}

/** A list or tuple: an array that is not a dict view or an iterator. */
/**
 * `obj[start:stop:step]` on strings (by code point), lists and tuples, with Python's clamping and negative
 * indexes. Jinja2 compiles slices to plain Python subscripts, so bad bounds and unsliceable values raise
 * Python's TypeErrors rather than giving an Undefined.
 */
export function slice(obj: unknown, start: unknown, stop: unknown, step: unknown): unknown {
  if (obj instanceof Undefined) throw undefinedError(obj);
  const isText = typeof obj === 'string' || obj instanceof Markup;
  if (!isText && !isPlainSequence(obj)) {
    if (isDict(obj)) throw typeError("unhashable type: 'slice'");
    throw typeError(`'${typeName(obj)}' object is not subscriptable`);
  }
  // Python reads the step first: a step of zero fails before the bounds are looked at.
  const c = sliceIndex(step);
  if (c === 0) throw valueError('slice step cannot be zero');
  const a = sliceIndex(start);
  const b = sliceIndex(stop);
  if (a === undefined || b === undefined || c === undefined) {
    throw typeError('slice indices must be integers or None or have an __index__ method');
  }
  const by = c ?? 1;
  if (isText) {
    const text = typeof obj === 'string' ? obj : obj.value;
    // `name[:20]` of a shorter name: bounds past the text by UTF-16 units are past it by code points too, so the
    // text is all of it, without a search for surrogates.
    const n = text.length;
    if (by === 1 && (a === null || a === 0 || a <= -n) && (b === null || b >= n)) return obj;
    let result: string;
    const units = by === 1 ? unitBounds(text, a, b) : null;
    if (units !== null) result = units[0] < units[1] ? text.slice(units[0], units[1]) : '';
    else if (!hasSurrogate(text)) {
      const [from, to] = sliceBounds(text.length, a, b, by);
      if (by === 1) result = from < to ? text.slice(from, to) : '';
      else {
        const count = Math.ceil((to - from) / by);
        result = count > 0 ? unitsBySteps(text, from, count, by) : '';
      }
    } else {
      const chars = codePoints(text);
      const [from, to] = sliceBounds(chars.length, a, b, by);
      result = pick(chars, from, to, by).join('');
    }
    return obj instanceof Markup ? new Markup(result) : result;
  }
  const items = obj as unknown[];
  const [from, to] = sliceBounds(items.length, a, b, by);
  const picked = pick(items, from, to, by);
  spendRunningOnItems(picked);
  const range = rangeOf(items);
  if (range !== undefined) {
    const [first, , step] = range;
    return markRange(picked as number[], first + from * step, first + to * step, step * by);
  }
  return isTuple(items) ? tuple(picked) : picked;
}

/** Calls a template value: `PyCallable`s run; Undefined raises UndefinedError; anything else is not callable. */
export function callValue(state: RenderState, fn: unknown, args: unknown[], kwargs: Kwargs): unknown {
  if (fn instanceof PyCallable) return fn.call(state, args, kwargs, fn);
  if (fn instanceof Undefined) throw undefinedError(fn);
  throw typeError(`${strRepr(typeName(fn))} object is not callable`);
}
