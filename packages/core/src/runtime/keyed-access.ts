/**
 * Reads and writes of a property whose key a template names: each key is given its own copy of the code, so
 * that V8's inline cache for it sees one key instead of every key of every template.
 */

const COPIES = 128;

/** What a `PropertyLoad` returns for an object that is not plain. */
export const NOT_PLAIN: unique symbol = Symbol('not plain');

/**
 * Reads one property of an object that is plain (one made by JSON or an object literal, which inherits
 * `constructor` from Object), else returns `NOT_PLAIN`.
 */
export type PropertyLoad = (object: Record<string, unknown>, key: string) => unknown;

/**
 * A hundred and twenty-eight copies of one property read. V8 keeps an inline cache per function, not per call site: a single
 * shared `object[key]` sees every key of every template, goes megamorphic and costs about 20 ns a read, where a
 * copy that sees one key stays monomorphic: 6 ns (`pnpm bench:property-loads`). Each key a template reads by
 * name gets a copy of its own while there are copies to give; later keys share them. The plain-object test is
 * in the copy too, so its inline cache sees only the shapes that hold that key.
 */
const LOADS: readonly PropertyLoad[] = [
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
  (object, key) => (object.constructor === Object ? object[key] : NOT_PLAIN),
];

/** Writes one property. */
export type PropertyStore = (object: Record<string, unknown>, key: string, value: unknown) => void;

/** As many copies of one property write, given out per key as `LOADS` are (a keyed store's cache is alike). */
// biome-ignore format: one copy a line
const STORES: readonly PropertyStore[] = [
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
  (object, key, value) => { object[key] = value; },
];

/**
 * The copy each key was given, for the first keys a process sees (bounded: a long-running process compiles
 * untrusted templates); later keys are given one by a hash of their text.
 */
const copyOfKey = new Map<string, number>();
const MAX_REMEMBERED_KEYS = 4096;

function copyFor(key: string): number {
  const given = copyOfKey.get(key);
  if (given !== undefined) return given;
  if (copyOfKey.size >= MAX_REMEMBERED_KEYS) {
    let hash = 0;
    for (let i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) | 0;
    return (hash >>> 0) % COPIES;
  }
  const copy = copyOfKey.size % COPIES;
  copyOfKey.set(key, copy);
  return copy;
}

/** The property read a template uses for `key`, known when it is compiled. */
export function propertyLoad(key: string): PropertyLoad {
  return LOADS[copyFor(key)];
}

/** The property write a template uses for `key` (never `__proto__`, which `setKey` defines instead). */
export function propertyStore(key: string): PropertyStore {
  return STORES[copyFor(key)];
}
