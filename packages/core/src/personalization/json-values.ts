/**
 * Template values as JSON values, for content API arguments: what a remote call can carry, and a canonical
 * text of it that identifies the call (two calls with equal arguments are one call).
 */
import { typeError } from '../errors';
import { str } from '../runtime/format';
import { dictEntries, iterate } from '../runtime/iterate';
import { typeName } from '../runtime/type-name';
import { isDict, Markup, PyFloat, setKey, Undefined } from '../runtime/values';

/** A JSON value. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

// Deeper than any argument object a person writes; stops cyclic JS data a resolver might have returned.
const MAX_DEPTH = 64;

function convert(value: unknown, depth: number): JsonValue {
  if (depth > MAX_DEPTH) throw typeError('the content API arguments nest too deeply to send');
  if (value === null || value === undefined || value instanceof Undefined) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      return Number(value);
  }
  if (value instanceof PyFloat) return value.value;
  if (value instanceof Markup) return value.value;
  if (Array.isArray(value)) return iterate(value).map((item) => convert(item, depth + 1));
  if (isDict(value)) {
    const out: { [key: string]: JsonValue } = {};
    for (const [key, item] of dictEntries(value)) {
      const name = typeof key === 'string' ? key : str(key);
      setKey(out, name, convert(item, depth + 1));
    }
    return out;
  }
  throw typeError(`Object of type ${typeName(value)} is not JSON serializable`);
}

/**
 * The JSON value of a template value: strings, numbers, booleans, lists, tuples and dicts as themselves, `None`
 * and Undefined as `null`, ints past 2^53 as the nearest number. Anything else (a macro, a namespace) is a
 * `TypeError`, as Python's `json.dumps` says it.
 */
export function toJsonValue(value: unknown): JsonValue {
  return convert(value, 0);
}

/** JSON text with object keys sorted, so that equal values give equal text whatever their key order. */
export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
}
