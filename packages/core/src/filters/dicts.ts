/** Jinja2's mapping and attribute filters: `dictsort`, `items`, `attr`, and `default`, which fills what a lookup missed. */
import { typeError } from '../errors';
import { spend } from '../limits';
import { getattr } from '../runtime/access';
import { dictItemTuples } from '../runtime/iterate';
import { getMethod, numberProperty } from '../runtime/methods';
import { lt, requireHashable, truthy, typeName } from '../runtime/operators';
import type { FilterSpec, RenderState } from '../runtime/state';
import { isUndefinedAttribute, undefinedError } from '../runtime/undefined';
import {
  AttributeSource,
  isDict,
  Markup,
  Namespace,
  NOT_FOUND,
  namedTupleField,
  PyCallable,
  pyIterator,
  Undefined,
} from '../runtime/values';
import { attributeError, filterArgumentError, indexArg } from './args';
import { ignoreCase } from './lookup';
import { pySorted } from './ordering';

function doDictsort(
  state: RenderState,
  value: unknown,
  caseSensitive: unknown = false,
  by: unknown = 'key',
  reverse: unknown = false,
): unknown[][] {
  let position: number;
  if (by === 'key') position = 0;
  else if (by === 'value') position = 1;
  else throw filterArgumentError('You can only sort by either "key" or "value"');
  if (value instanceof Undefined) throw undefinedError(value);
  if (!isDict(value)) throw attributeError(value, 'items');
  const sensitive = truthy(caseSensitive);
  // sorted() takes `reverse` as an int.
  const reversed = indexArg(reverse) !== 0;
  const items = dictItemTuples(value);
  if (items.length < 2) {
    // Nothing to compare: the keys are still read, as `sorted` reads them.
    spend(state, items.length);
    return items;
  }
  return pySorted(
    state,
    items,
    (item) => (sensitive ? item[position] : ignoreCase(item[position])),
    reversed,
    lt,
  );
}

function doItems(_state: RenderState, value: unknown): unknown[] {
  if (value instanceof Undefined) return pyIterator([], 'generator', 'do_items');
  if (!isDict(value)) throw typeError('Can only get item pairs from a mapping.');
  return pyIterator(dictItemTuples(value), 'generator', 'do_items');
}

/**
 * Whether `name` is a Python attribute of `obj` (a method, a number's `real` or `imag`, a namedtuple field, a
 * namespace entry), not an item.
 */
function hasPythonAttribute(obj: unknown, name: string): boolean {
  if (obj instanceof AttributeSource) return true;
  if (obj instanceof Namespace) return obj.has(name);
  if (obj instanceof PyCallable && obj.attributes?.has(name)) return true;
  if (namedTupleField(obj, name) !== NOT_FOUND) return true;
  return getMethod(obj, name) !== undefined || numberProperty(obj, name) !== undefined;
}

function doAttr(_state: RenderState, value: unknown, nameArg: unknown): unknown {
  // Python's getattr_static looks the name up in dicts first, so an unhashable one fails there.
  if (typeof nameArg !== 'string' && !(nameArg instanceof Markup)) {
    requireHashable(nameArg);
    throw typeError(`attribute name must be string, not '${typeName(nameArg)}'`);
  }
  const name = typeof nameArg === 'string' ? nameArg : nameArg.value;
  if (value instanceof Undefined) {
    if (isUndefinedAttribute(name)) return getattr(value, name);
    // hasattr() on an Undefined fails, except for a dunder it answers it has not.
    if (name.startsWith('__')) return new Undefined(name, value);
    throw undefinedError(value);
  }
  // Unlike `value.name`, `attr` never falls back to an item of the same name.
  if (!hasPythonAttribute(value, name)) return new Undefined(name, value);
  return getattr(value, name);
}

function doDefault(
  _state: RenderState,
  value: unknown,
  fallback: unknown = '',
  boolean: unknown = false,
): unknown {
  if (value instanceof Undefined || (truthy(boolean) && !truthy(value))) return fallback;
  return value;
}

/** The mapping, attribute and default filters, by name. */
export const dictFilters: Readonly<Record<string, FilterSpec>> = {
  dictsort: { params: ['case_sensitive', 'by', 'reverse'], fn: doDictsort },
  items: { params: [], fn: doItems },
  attr: { params: ['name'], required: 1, fn: doAttr },
  default: { params: ['default_value', 'boolean'], fn: doDefault },
  d: { params: ['default_value', 'boolean'], fn: doDefault },
};
