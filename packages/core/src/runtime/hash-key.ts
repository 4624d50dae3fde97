/** Python's hash equality of values: which keys a set or a dict treats as one. */
import { typeError } from '../errors';
import { dictViewKind } from './dict-views';
import { typeName } from './type-name';
import { isDict, isTuple, iteratorKind, Markup, PyFloat, rangeOf, Undefined } from './values';

const identities = new WeakMap<object, number>();
let nextIdentity = 0;

/**
 * A string that is equal for two values exactly when Python's set would treat them as one (`1`, `1.0` and
 * `True` are one; `'a'` and `Markup('a')` are one). Lists, dicts and iterators are unhashable: TypeError as
 * Python's. NaN gets a fresh key each time, since distinct NaN objects never match.
 */
export function hashKey(value: unknown): string {
  if (value === null) return 'N';
  if (value instanceof Undefined) return 'U';
  if (typeof value === 'boolean') return value ? 'n1' : 'n0';
  if (typeof value === 'bigint') return `n${value}`;
  if (typeof value === 'number' || value instanceof PyFloat) {
    const x = typeof value === 'number' ? value : value.value;
    if (Number.isNaN(x)) return `nan${nextIdentity++}`;
    // Past the safe range String() is not the int's digits (2 ** 60), which a bigint's key has.
    if (Number.isInteger(x)) return Number.isSafeInteger(x) ? `n${x}` : `n${BigInt(x)}`;
    return `n${x}`;
  }
  if (typeof value === 'string') return `s${value}`;
  if (value instanceof Markup) return `s${value.value}`;
  if (isTuple(value)) return `t${JSON.stringify(value.map(hashKey))}`;
  const range = rangeOf(value);
  if (range !== undefined) {
    // Ranges are equal when they hold the same items: by length, then first item, then step.
    const items = value as number[];
    return `r${items.length},${items.length > 0 ? items[0] : ''},${items.length > 1 ? range[2] : ''}`;
  }
  // Generators, callables, namespaces and dict values views (which have no `==` of their own) hash by identity.
  const byIdentity = Array.isArray(value)
    ? iteratorKind(value) !== undefined || dictViewKind(value) === 'dict_values'
    : !isDict(value);
  if (typeof value === 'object' && value !== null && byIdentity) {
    let id = identities.get(value);
    if (id === undefined) {
      id = nextIdentity++;
      identities.set(value, id);
    }
    return `o${id}`;
  }
  throw typeError(`unhashable type: '${typeName(value)}'`);
}
