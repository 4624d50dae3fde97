/**
 * Reads of a property whose key a template names: each key is given its own copy of the code, so that V8's
 * inline cache for it sees one key instead of every key of every template (property-load-copies.ts says why).
 * (Writes by key were tried the same way and measured slower over the 224 constructs, 0.98x: they stay
 * assignments.)
 */

import { LOADS, NOT_PLAIN, type PropertyLoad } from './property-load-copies';

export { NOT_PLAIN, type PropertyLoad };

/**
 * The copy each read was given, by its owner and key, for the first reads a process sees (bounded: a
 * long-running process compiles untrusted templates); later ones, and very long names, are given one by a hash
 * of their key.
 */
const loadOfKey = new Map<string, PropertyLoad>();
const MAX_REMEMBERED_KEYS = 4096;
/** Longer names are not remembered: a few thousand of them could hold a lot of memory. */
const MAX_REMEMBERED_LENGTH = 256;
/** The copy each key was first given, whatever its owner (as bounded). */
const firstLoadOf = new Map<string, PropertyLoad>();

/**
 * The property read a template uses for `key`, known when it is compiled. `owner` names what it is read from,
 * and in which template (the compiler passes a mark of the template and `item`, `variant`): the same key read
 * from two kinds of object, or by two templates, gets two copies while there are copies to give, since the
 * shapes one template reads of one kind are enough for one inline cache; once they are all given, a key read
 * from a new owner shares its first owner's copy rather than another key's (a copy that sees two keys is slower
 * than one that sees many shapes).
 */
export function propertyLoad(key: string, owner = ''): PropertyLoad {
  const id = owner === '' ? key : `${owner}\0${key}`;
  const given = loadOfKey.get(id);
  if (given !== undefined) return given;
  if (loadOfKey.size >= MAX_REMEMBERED_KEYS || id.length > MAX_REMEMBERED_LENGTH) {
    let hash = 0;
    for (let i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) | 0;
    return LOADS[(hash >>> 0) % LOADS.length];
  }
  let load = loadOfKey.size >= LOADS.length && id !== key ? firstLoadOf.get(key) : undefined;
  if (load === undefined) {
    load = LOADS[loadOfKey.size % LOADS.length];
    if (!firstLoadOf.has(key)) firstLoadOf.set(key, load);
  }
  loadOfKey.set(id, load);
  return load;
}
