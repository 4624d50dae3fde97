/** Valid request bodies made invalid, for the property tests of the API boundaries. */
import fc from 'fast-check';

/** Any JSON value. */
export type Json = unknown;

/** One random change to a JSON document: where (seeds picking keys), what, and the new value. */
export const mutation = fc.record({
  pathSeeds: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
  action: fc.constantFrom('replace', 'delete', 'wrap', 'stringify'),
  replacement: fc.jsonValue({ maxDepth: 2 }),
});

/** A copy of `value` with the value at a random path replaced, removed, or its container changed. */
export function mutate(value: Json, seeds: number[], action: string, replacement: Json): Json {
  if (seeds.length === 0 || typeof value !== 'object' || value === null) {
    if (action === 'wrap') return [value];
    if (action === 'stringify') return JSON.stringify(value);
    return replacement;
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return replacement;
  const key = keys[seeds[0] % keys.length];
  const copy: Record<string, Json> = Array.isArray(value)
    ? ([...value] as unknown as Record<string, Json>)
    : { ...value };
  if (action === 'delete' && seeds.length === 1) {
    delete copy[key];
    return copy;
  }
  copy[key] = mutate((value as Record<string, Json>)[key], seeds.slice(1), action, replacement);
  return copy;
}
