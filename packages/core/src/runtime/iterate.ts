/** Python iteration and `len()` over template values. */
import { typeError } from '../errors';
import { spendRunning } from '../limits';
import { codePoints, cpLength } from './strings';
import { typeName } from './type-name';
import { AttributeSource, isDict, iteratorKind, keysInOrder, Markup, tuple, Undefined } from './values';

/** A value a plain-object dict may hold: JS `undefined` and functions are not Python values, so they read as absent. */
export function isVisible(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function';
}

/**
 * A plain object's own keys, their number spent from the render's time: listing them takes time in proportion
 * (about 100 ns a key for an object V8 keeps as a dictionary), and `{% if d %}` or `d|length` in a loop does it once
 * per item, so the time limit must see it.
 */
export function ownKeys(d: Record<string, unknown>): string[] {
  const keys = Object.keys(d);
  spendRunning(keys.length);
  return keysInOrder(d, keys);
}

/** The keys of a dict in order, leaving out entries whose values Python could not hold. */
export function dictKeys(d: Record<string, unknown> | Map<unknown, unknown>): unknown[] {
  if (d instanceof Map) return Array.from(d.keys());
  const keys = ownKeys(d);
  for (const key of keys) if (!isVisible(d[key])) return keys.filter((k) => isVisible(d[k]));
  return keys;
}

/** How many entries `dictKeys` lists, counted without listing them in order. */
export function dictLength(d: Record<string, unknown> | Map<unknown, unknown>): number {
  if (d instanceof Map) return d.size;
  const keys = Object.keys(d);
  spendRunning(keys.length);
  let n = 0;
  for (let i = 0; i < keys.length; i++) if (isVisible(d[keys[i]])) n++;
  return n;
}

/**
 * The key whose visible value last decided `plainDictHasItems`: items of one list tend to have the same keys, and
 * reading that key of the next one (one property read) answers most questions without listing its keys.
 */
let lastVisibleKey = '';

/**
 * Whether a dict has an entry Python could hold, found without reading past the first (`if d`, often per item).
 * `d` is a plain object: its prototype is `Object.prototype` or null.
 */
export function plainDictHasItems(d: Record<string, unknown>): boolean {
  // The key that decided the last dict first, when `Object.prototype` has no such property: then a visible value
  // read under it is the dict's own (4.8 ns against 18 ns for an item of 20 keys, as literal or from JSON). It is
  // not listed only if made not enumerable (`Object.defineProperty`), which data made by JSON or literals is not.
  const known = lastVisibleKey;
  if (isVisible(d[known]) && (Object.prototype as Record<string, unknown>)[known] === undefined) return true;
  // Else the keys: `Object.keys` is a builtin's fast path; a `for...in` with `hasOwn` measured 10x slower on JSON
  // objects. A `for...in` that trusts its first key (own keys come first) was 2x faster on items of 20 keys, but
  // V8 lists all the keys of a large object (one of thousands of keys is kept as a hash table) before the first:
  // 1.9 ms for 20,000 keys, which the time limit could not be charged for without knowing the count.
  const keys = ownKeys(d);
  for (let i = 0; i < keys.length; i++) {
    if (isVisible(d[keys[i]])) {
      lastVisibleKey = keys[i];
      return true;
    }
  }
  return false;
}

/**
 * `make(key, value)` for each entry of a dict Python could hold, in order. Keys then reads for a plain object:
 * `Object.entries` measured 3.5x slower on JSON objects.
 */
function collectEntries<T>(
  d: Record<string, unknown> | Map<unknown, unknown>,
  make: (key: unknown, value: unknown) => T,
): T[] {
  const out: T[] = [];
  if (d instanceof Map) {
    for (const [key, value] of d) out.push(make(key, value));
    return out;
  }
  const keys = ownKeys(d);
  for (let i = 0; i < keys.length; i++) {
    const value = d[keys[i]];
    if (isVisible(value)) out.push(make(keys[i], value));
  }
  return out;
}

/** The `[key, value]` pairs of a dict in order. */
export function dictEntries(d: Record<string, unknown> | Map<unknown, unknown>): [unknown, unknown][] {
  return collectEntries(d, (key, value): [unknown, unknown] => [key, value]);
}

/** `dict.items()`: the `(key, value)` tuples of a dict in order, each made once (not pairs, then tuples of them). */
export function dictItemTuples(d: Record<string, unknown> | Map<unknown, unknown>): unknown[][] {
  return collectEntries(d, (key, value) => tuple([key, value]));
}

/** `dict.values()`: the values of a dict in order. */
export function dictValues(d: Record<string, unknown> | Map<unknown, unknown>): unknown[] {
  return collectEntries(d, (_key, value) => value);
}

/** Python's `iter(v)` as a list: lists and tuples themselves, dict keys, string code points; Undefined is empty. */
export function iterate(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (typeof v === 'string') return codePoints(v);
  if (v instanceof Undefined) return [];
  if (v instanceof Markup) return codePoints(v.value);
  if (isDict(v)) return dictKeys(v);
  throw typeError(`'${typeName(v)}' object is not iterable`);
}

/**
 * Python's `len(list(v))`: what iterating `v` yields, counted without making the list (text's code points
 * without splitting it); a value that cannot be iterated fails as `iterate` does.
 */
export function countItems(v: unknown): number {
  if (Array.isArray(v)) return v.length;
  if (typeof v === 'string') return cpLength(v);
  if (v instanceof Markup) return cpLength(v.value);
  return iterate(v).length;
}

/** Python's `len(v)`: code points for strings, items for lists and dicts; Undefined has length 0. */
export function length(v: unknown): number {
  if (typeof v === 'string') return cpLength(v);
  if (Array.isArray(v)) {
    const iterator = iteratorKind(v);
    if (iterator) throw typeError(`object of type '${iterator.type}' has no len()`);
    return v.length;
  }
  if (v instanceof Undefined) return 0;
  if (v instanceof Markup) return cpLength(v.value);
  if (isDict(v)) return dictLength(v);
  const own = v instanceof AttributeSource ? v.length() : undefined;
  if (own !== undefined) return own;
  throw typeError(`object of type '${typeName(v)}' has no len()`);
}
