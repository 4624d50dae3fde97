import { arrayMarks } from './array-marks';
import { dictViewKind } from './dict-views';
import {
  AttributeSource,
  isTuple,
  iteratorKind,
  Markup,
  Namespace,
  PyCallable,
  PyFloat,
  rangeOf,
  Undefined,
} from './values';

/** Python's `type(v).__name__` for a template value: `'int'`, `'str'`, `'NoneType'`, `'dict'`, ... */
export function typeName(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return 'str';
    case 'boolean':
      return 'bool';
    case 'number':
      return Number.isInteger(v) ? 'int' : 'float';
    case 'bigint':
      return 'int';
    case 'undefined':
      return 'Undefined';
    case 'function':
      return 'function';
    default:
  }
  if (v === null) return 'NoneType';
  if (Array.isArray(v)) {
    // The only namedtuple a template meets is `groupby`'s.
    if (isTuple(v)) return arrayMarks(v)?.fields === undefined ? 'tuple' : '_GroupTuple';
    return dictViewKind(v) ?? iteratorKind(v)?.type ?? (rangeOf(v) === undefined ? 'list' : 'range');
  }
  if (v instanceof PyFloat) return 'float';
  if (v instanceof Undefined) return 'Undefined';
  if (v instanceof Markup) return 'Markup';
  if (v instanceof Namespace) return 'Namespace';
  if (v instanceof PyCallable || v instanceof AttributeSource)
    return v.pyType.slice(v.pyType.lastIndexOf('.') + 1);
  if (v instanceof Map) return 'dict';
  const proto = Object.getPrototypeOf(v);
  if (proto === Object.prototype || proto === null) return 'dict';
  return 'object';
}
