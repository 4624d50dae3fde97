/**
 * Reads of a property whose key a template names: each key is given its own copy of the code, so that V8's
 * inline cache for it sees one key instead of every key of every template.
 */

/** What a `PropertyLoad` returns for an object that is not plain. */
export const NOT_PLAIN: unique symbol = Symbol('not plain');

/**
 * Reads one property of an object that is plain (one made by JSON or an object literal, which inherits
 * `constructor` from Object), else returns `NOT_PLAIN`.
 */
export type PropertyLoad = (object: Record<string, unknown>, key: string) => unknown;

/**
 * A hundred and twenty-eight copies of one property read. V8 keeps an inline cache per function, not per call
 * site: a single shared `object[key]` sees every key of every template, goes megamorphic and costs about 20 ns
 * a read, where a copy that sees one key stays monomorphic: 6 ns (`pnpm bench:property-loads`). Each key a
 * template reads by name gets a copy of its own while there are copies to give; later keys share them. The
 * plain-object test is in the copy too, so its inline cache sees only the shapes that hold that key. (Writes by
 * key were tried the same way and measured slower over the 224 constructs, 0.98x: they stay assignments.)
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

/**
 * The copy each key was given, for the first keys a process sees (bounded: a long-running process compiles
 * untrusted templates); later keys are given one by a hash of their text.
 */
const loadOfKey = new Map<string, PropertyLoad>();
const MAX_REMEMBERED_KEYS = 4096;

/** The property read a template uses for `key`, known when it is compiled. */
export function propertyLoad(key: string): PropertyLoad {
  const given = loadOfKey.get(key);
  if (given !== undefined) return given;
  if (loadOfKey.size >= MAX_REMEMBERED_KEYS) {
    let hash = 0;
    for (let i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) | 0;
    return LOADS[(hash >>> 0) % LOADS.length];
  }
  const load = LOADS[loadOfKey.size % LOADS.length];
  loadOfKey.set(key, load);
  return load;
}
