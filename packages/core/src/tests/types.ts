/** Jinja2's tests about what kind of value something is: `string`, `number`, `mapping`, `sequence`, `defined`, ... */

import { dictViewKind } from '../runtime/dict-views';
import { str } from '../runtime/format';
import { hashKey } from '../runtime/hash-key';
import type { RenderState, TestSpec } from '../runtime/state';
import { pyIsLower, pyIsUpper } from '../runtime/strings';
import {
  isDict,
  isFloat,
  isInt,
  isLoopObject,
  isNumber,
  iteratorKind,
  Markup,
  PyCallable,
  Undefined,
} from '../runtime/values';

function isString(v: unknown): boolean {
  return typeof v === 'string' || v instanceof Markup;
}

/** Python's `len(v)` and `v[...]` both exist: strings, lists, tuples, dicts, and Jinja's Undefined. */
function isSequence(v: unknown): boolean {
  // Iterators have no len(); dict views have no indexing.
  if (iteratorKind(v) || dictViewKind(v)) return false;
  return isString(v) || Array.isArray(v) || isDict(v) || v instanceof Undefined;
}

/** `iter(v)` works: sequences, dicts, iterators, Undefined and the loop object. */
function isIterable(v: unknown): boolean {
  return isString(v) || Array.isArray(v) || isDict(v) || v instanceof Undefined || isLoopObject(v);
}

/** `name in env.filters` (or tests): a dict lookup, so an unhashable name is Python's TypeError. */
function isRegistered(registry: ReadonlyMap<string, unknown>, name: unknown): boolean {
  hashKey(name);
  if (typeof name === 'string') return registry.has(name);
  if (name instanceof Markup) return registry.has(name.value);
  return false;
}

const test = (fn: (value: unknown) => boolean): TestSpec => ({
  params: [],
  fn: (_state, value) => fn(value),
});

/** The value-kind tests, by name. */
export const typeTests: Readonly<Record<string, TestSpec>> = {
  defined: test((v) => !(v instanceof Undefined)),
  undefined: test((v) => v instanceof Undefined),
  none: test((v) => v === null),
  boolean: test((v) => typeof v === 'boolean'),
  false: test((v) => v === false),
  true: test((v) => v === true),
  integer: test(isInt),
  float: test(isFloat),
  number: test(isNumber),
  string: test(isString),
  mapping: test(isDict),
  sequence: test(isSequence),
  iterable: test(isIterable),
  // Jinja's Undefined has a __call__ (that raises), so Python calls it callable.
  callable: test((v) => v instanceof PyCallable || v instanceof Undefined || isLoopObject(v)),
  escaped: test((v) => v instanceof Markup),
  lower: test((v) => pyIsLower(str(v))),
  upper: test((v) => pyIsUpper(str(v))),
  filter: { params: [], fn: (state: RenderState, value) => isRegistered(state.registry.filters, value) },
  test: { params: [], fn: (state: RenderState, value) => isRegistered(state.registry.tests, value) },
};
