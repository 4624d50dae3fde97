/**
 * Jinja2's sequence filters. Where Jinja2 returns a generator or a reverse iterator (`map`, `select`, `unique`,
 * `batch`, `slice`, `reverse`), the result is a list marked with `pyIterator`, so it loops the same and the
 * runtime can print and test it as Python would.
 */
import { TemplateRuntimeError, typeError } from '../errors';
import { spend, spendOnItems } from '../limits';
import { dictViewKind } from '../runtime/dict-views';
import { repr, str, toText } from '../runtime/format';
import { hashKey } from '../runtime/hash-key';
import { iterate, length } from '../runtime/iterate';
import { add, eq, gt, lt, truthy, typeName } from '../runtime/operators';
import type { FilterSpec, Registry, RenderState } from '../runtime/state';
import { compareStrings, isHighSurrogate, isLowSurrogate, reverseText } from '../runtime/strings';
import { undefinedError } from '../runtime/undefined';
import {
  isDict,
  isFloat,
  isInt,
  isTuple,
  iteratorKind,
  type Kwargs,
  Markup,
  NO_OBJECT,
  namedTuple,
  pyIterator,
  rangeOf,
  Undefined,
} from '../runtime/values';
import { checkSize, filterArgumentError, indexArg, type Prepared, preparedFilter, textOf } from './args';
import { filterCaller, preboundCallable, testCaller } from './call';
import { attributeGetter, ignoreCase, multiAttributeGetter } from './lookup';
import { keyListLess, pySorted, sortedByKey } from './ordering';

/** An Undefined whose message is `hint`, as Jinja's `environment.undefined(hint)`. */
function undefinedWithHint(hint: string): Undefined {
  return new Undefined(undefined, NO_OBJECT, hint);
}

function doLength(_state: RenderState, value: unknown): number {
  return length(value);
}

function doList(state: RenderState, value: unknown): unknown[] {
  const items = iterate(value);
  spendOnItems(state, items);
  return [...items];
}

function doFirst(_state: RenderState, value: unknown): unknown {
  // Text's first code point, without splitting the text into them all.
  if (typeof value === 'string' && value.length > 0) {
    const pair = isHighSurrogate(value.charCodeAt(0)) && isLowSurrogate(value.charCodeAt(1));
    return pair ? value.slice(0, 2) : value[0];
  }
  const items = iterate(value);
  return items.length > 0 ? items[0] : undefinedWithHint('No first item, sequence was empty.');
}

/** Python's `reversed()` works on sequences and dicts, not on iterators, numbers or None. */
function isReversible(value: unknown): boolean {
  if (iteratorKind(value)) return false;
  return (
    typeof value === 'string' ||
    value instanceof Markup ||
    Array.isArray(value) ||
    isDict(value) ||
    value instanceof Undefined
  );
}

function notReversible(value: unknown) {
  const kind = iteratorKind(value);
  return typeError(`'${kind ? kind.type : typeName(value)}' object is not reversible`);
}

function doLast(_state: RenderState, value: unknown): unknown {
  // Text's last code point, as `doFirst` finds the first.
  if (typeof value === 'string' && value.length > 0) {
    const n = value.length;
    const pair = n > 1 && isLowSurrogate(value.charCodeAt(n - 1)) && isHighSurrogate(value.charCodeAt(n - 2));
    return pair ? value.slice(n - 2) : value[n - 1];
  }
  if (!isReversible(value)) throw notReversible(value);
  const items = iterate(value);
  if (items.length === 0) return undefinedWithHint('No last item, sequence was empty.');
  // reversed() indexes a Markup, and Markup's items are Markup.
  const last = items[items.length - 1];
  return value instanceof Markup ? new Markup(last as string) : last;
}

function doReverse(state: RenderState, value: unknown): unknown {
  if (typeof value === 'string' || value instanceof Markup) {
    const reversed = reverseText(textOf(value));
    return value instanceof Markup ? new Markup(reversed) : reversed;
  }
  if (isReversible(value)) {
    const items = [...iterate(value)].reverse();
    spendOnItems(state, items);
    const view = dictViewKind(value);
    if (view) return pyIterator(items, view.replace('dict_', 'dict_reverse').replace(/s$/, 'iterator'));
    if (rangeOf(value) !== undefined) return pyIterator(items, 'range_iterator');
    if (Array.isArray(value) && !isTuple(value)) return pyIterator(items, 'list_reverseiterator');
    if (isDict(value)) return pyIterator(items, 'dict_reversekeyiterator');
    return pyIterator(items, 'reversed');
  }
  // Jinja falls back to list(value) reversed: iterators give a list, numbers an error.
  if (iteratorKind(value)) return [...iterate(value)].reverse();
  throw filterArgumentError('argument must be iterable');
}

function doJoin(
  state: RenderState,
  value: unknown,
  separator: unknown = '',
  attribute: unknown = null,
): string {
  // Each item's attribute is read as it is joined, as Jinja's lazy `map` reads it.
  const read = attribute === null ? undefined : attributeGetter(attribute);
  const glue = str(separator);
  const items = iterate(value);
  const parts: string[] = [];
  let size = Math.max(0, items.length - 1) * glue.length;
  for (let i = 0; i < items.length; i++) {
    spend(state, 1);
    const part = toText(read === undefined ? items[i] : read(items[i]));
    size += part.length;
    parts.push(part);
  }
  checkSize(state, size, 'join');
  // A few parts, as templates join, are concatenated (twice as fast as `join`); many are joined in one native
  // pass, flat, where concatenation would build a rope of a node per part.
  if (parts.length > 32) return parts.join(glue);
  let out = parts.length > 0 ? parts[0] : '';
  for (let i = 1; i < parts.length; i++) out += glue + parts[i];
  return out;
}

function sumOf(attribute: unknown = null, start: unknown = 0): Prepared {
  const read = attribute === null ? undefined : attributeGetter(attribute);
  return (state, value) => {
    // Python's sum() asks for the iterator before it looks at `start`.
    const items = iterate(value);
    if (typeof start === 'string' || start instanceof Markup) {
      throw typeError("sum() can't sum strings [use ''.join(seq) instead]");
    }
    let total = start;
    for (let i = 0; i < items.length; i++) {
      spend(state, 1);
      const v = read === undefined ? items[i] : read(items[i]);
      // Two ints of 31 bits add without the generic `add`: their sum is a safe integer, an int. So do two numbers
      // of which one is a float, when their sum is not integral (one that is must be marked a float: `add`).
      if (typeof total === 'number' && typeof v === 'number') {
        const sum = total + v;
        if ((total | 0) === total && (v | 0) === v) total = sum;
        else if (!Number.isInteger(sum)) total = sum;
        else total = add(state, total, v);
      } else total = add(state, total, v);
    }
    return total;
  };
}

function bestOf(better: typeof lt): (caseSensitive?: unknown, attribute?: unknown) => Prepared {
  return (caseSensitive = false, attribute = null) => {
    const key = attributeGetter(attribute, truthy(caseSensitive) ? undefined : ignoreCase);
    return (state, value) => {
      const items = iterate(value);
      if (items.length === 0) return undefinedWithHint('No aggregated item, sequence was empty.');
      let best = items[0];
      let bestKey = key(best);
      for (let i = 1; i < items.length; i++) {
        spend(state, 1);
        const k = key(items[i]);
        if (better(k, bestKey)) {
          best = items[i];
          bestKey = k;
        }
      }
      return best;
    };
  };
}

const minOf = bestOf(lt);
const maxOf = bestOf(gt);

function sortedBy(
  reverse: unknown = false,
  caseSensitive: unknown = false,
  attribute: unknown = null,
): Prepared {
  const key = multiAttributeGetter(attribute, truthy(caseSensitive) ? undefined : ignoreCase);
  return (state, value) => {
    const items = iterate(value);
    // sorted() takes `reverse` as an int, after it has the items.
    const descending = indexArg(reverse) !== 0;
    return pySorted(state, items, key, descending, keyListLess);
  };
}

function uniqueBy(caseSensitive: unknown = false, attribute: unknown = null): Prepared {
  const key = attributeGetter(attribute, truthy(caseSensitive) ? undefined : ignoreCase);
  return (state, value) => {
    // Text equals only text (Markup's too), so texts are kept in a set of their own, as they are: a key made per
    // item (`hashKey`'s 's' + text) is a new string to hash each time.
    const seenText = new Set<string>();
    const seen = new Set<string>();
    const out: unknown[] = [];
    for (const item of iterate(value)) {
      spend(state, 1);
      const v = key(item);
      const text = typeof v === 'string' ? v : v instanceof Markup ? v.value : undefined;
      const set = text === undefined ? seen : seenText;
      const k = text ?? hashKey(v);
      if (!set.has(k)) {
        set.add(k);
        out.push(item);
      }
    }
    return pyIterator(out, 'generator', 'do_unique');
  };
}

/** A group of `groupby`: its key and its items in their order. */
type Group = { key: unknown; items: unknown[] };

/** Jinja2's `groupby`: the items sorted by their keys (a stable sort), then each run of equal keys made a group. */
function sortedGroups(
  state: RenderState,
  items: readonly unknown[],
  key: (item: unknown) => unknown,
): Group[] {
  const groups: Group[] = [];
  for (const { item, key: k } of sortedByKey(state, items, key)) {
    spend(state, 1);
    const last = groups[groups.length - 1];
    if (last && (last.key === k || eq(last.key, k))) last.items.push(item);
    else groups.push({ key: k, items: [item] });
  }
  return groups;
}

/**
 * `sortedGroups` when every key is a text (a category, a brand), or undefined at the first key that is not: the
 * items are put in a group by their key as they come, and only the distinct keys are sorted (by code point, as
 * Python compares texts). The stable sort keeps each group's items in their order, and texts are equal only when
 * they are the same text, so the groups are the sort's. 1.3x-1.4x as fast as sorting every item by the generic `<`
 * on 20 items. Keys of another kind are read again by the sort: at most twice the reads, for such lists only.
 */
function textKeyGroups(
  state: RenderState,
  items: readonly unknown[],
  key: (item: unknown) => unknown,
): Group[] | undefined {
  const byKey = new Map<string, unknown[]>();
  for (const item of items) {
    spend(state, 1);
    const k = key(item);
    if (typeof k !== 'string') return undefined;
    const group = byKey.get(k);
    if (group === undefined) byKey.set(k, [item]);
    else group.push(item);
  }
  const keys = Array.from(byKey.keys());
  spend(state, keys.length);
  keys.sort(compareStrings);
  return keys.map((k) => ({ key: k, items: byKey.get(k) as unknown[] }));
}

function groupedBy(attribute: unknown, fallback: unknown = null, caseSensitive: unknown = false): Prepared {
  const sensitive = truthy(caseSensitive);
  const key = attributeGetter(attribute, sensitive ? undefined : ignoreCase, fallback);
  // Case-insensitive groups are named by the first item's own value, not the lower-cased key.
  const grouper = sensitive ? undefined : attributeGetter(attribute, undefined, fallback);
  return (state, value) => {
    const items = iterate(value);
    const groups = textKeyGroups(state, items, key) ?? sortedGroups(state, items, key);
    return groups.map((g) =>
      namedTuple([grouper ? grouper(g.items[0]) : g.key, g.items], ['grouper', 'list']),
    );
  };
}

function doBatch(
  state: RenderState,
  value: unknown,
  linecount: unknown,
  fillWith: unknown = null,
): unknown[] {
  const batches: unknown[][] = [];
  let current: unknown[] = [];
  for (const item of iterate(value)) {
    spend(state, 1);
    if (eq(current.length, linecount)) {
      batches.push(current);
      current = [];
    }
    current.push(item);
  }
  if (current.length > 0) {
    if (fillWith !== null && lt(current.length, linecount)) {
      if (!isInt(linecount) && typeof linecount !== 'boolean') {
        throw typeError(`can't multiply sequence by non-int of type '${typeName(linecount)}'`);
      }
      const missing = Number(linecount) - current.length;
      checkSize(state, missing, 'batch');
      for (let i = 0; i < missing; i++) current.push(fillWith);
    }
    batches.push(current);
  }
  return pyIterator(batches, 'generator', 'do_batch');
}

function doSlice(state: RenderState, value: unknown, slices: unknown, fillWith: unknown = null): unknown[] {
  const seq = [...iterate(value)];
  if (slices instanceof Undefined) throw undefinedError(slices);
  // Python computes len // slices first, so only a float gets as far as range()'s complaint.
  if (!isInt(slices) && typeof slices !== 'boolean' && !isFloat(slices)) {
    throw typeError(`unsupported operand type(s) for //: 'int' and '${typeName(slices)}'`);
  }
  const count = indexArg(slices);
  if (count === 0) throw new TemplateRuntimeError('ZeroDivisionError', 'integer division or modulo by zero');
  checkSize(state, count, 'slice');
  const perSlice = Math.floor(seq.length / count);
  const withExtra = ((seq.length % count) + count) % count;
  const out: unknown[][] = [];
  let offset = 0;
  for (let n = 0; n < count; n++) {
    spend(state, 1 + perSlice);
    const start = offset + n * perSlice;
    if (n < withExtra) offset += 1;
    const end = offset + (n + 1) * perSlice;
    const part = seq.slice(start, end);
    if (fillWith !== null && n >= withExtra) part.push(fillWith);
    out.push(part);
  }
  return pyIterator(out, 'generator', 'sync_do_slice');
}

/** `map` with its function: each item through `fn`. */
function mapping(
  fn: (state: RenderState, item: unknown) => unknown,
): (state: RenderState, value: unknown) => unknown[] {
  return (state, value) => {
    if (!truthy(value)) return pyIterator([], 'generator', 'sync_do_map');
    const items = iterate(value);
    // Pushed, not stored into `new Array(n)`: a holey array is slower to fill and to read in code all templates
    // share (measured 1.4x on map(attribute=)).
    const out: unknown[] = [];
    for (let i = 0; i < items.length; i++) {
      spend(state, 1);
      out.push(fn(state, items[i]));
    }
    return pyIterator(out, 'generator', 'sync_do_map');
  };
}

/** `map(attribute=..., default=...)`'s getter, or undefined when other keywords are given (an error). */
function mapAttribute(kwargs: Kwargs): ((state: RenderState, item: unknown) => unknown) | undefined {
  const { attribute, default: fallback = null, ...rest } = kwargs;
  if (Object.keys(rest).length > 0) return undefined;
  const get = attributeGetter(attribute, undefined, fallback);
  return (_state, item) => get(item);
}

function doMap(state: RenderState, value: unknown, args: unknown[], kwargs: Kwargs): unknown[] {
  if (!truthy(value)) return pyIterator([], 'generator', 'sync_do_map');
  return mapping((renderStage(state, 'map', args, kwargs) as MapStage).apply)(state, value);
}

/**
 * The stage of `map`, `select`, `reject`, `selectattr` or `rejectattr` (`name`) bound to arguments known only as
 * the template renders, as the filter binds them when it runs: a wrong argument (an unknown filter or test, a
 * missing attribute name) fails here with the filter's error. `map` gives a map stage, the others a selection.
 */
export function renderStage(state: RenderState, name: string, args: unknown[], kwargs: Kwargs): ItemStage {
  if (name === 'map') {
    if (args.length === 0 && 'attribute' in kwargs) {
      const get = mapAttribute(kwargs);
      if (get === undefined) {
        const unexpected = Object.keys(kwargs).find((key) => key !== 'attribute' && key !== 'default');
        throw filterArgumentError(`Unexpected keyword argument ${repr(unexpected)}`);
      }
      return { kind: 'map', apply: get };
    }
    if (args.length === 0) throw filterArgumentError('map requires a filter argument');
    const [filter, ...rest] = args;
    const call = filterCaller(state, filter, rest, kwargs);
    return { kind: 'map', apply: (_state, item) => call(item) };
  }
  const keep = name === 'select' || name === 'selectattr';
  let transform: ((item: unknown) => unknown) | null = null;
  let offset = 0;
  if (name === 'selectattr' || name === 'rejectattr') {
    if (args.length === 0) throw filterArgumentError('Missing parameter for attribute name');
    transform = attributeGetter(args[0]);
    offset = 1;
  }
  let test: ((state: RenderState, value: unknown) => boolean) | null = null;
  if (args.length > offset) {
    const named = testCaller(state, args[offset], args.slice(offset + 1), kwargs);
    test = (_state, v) => named(v);
  }
  return { kind: 'select', keep, transform, test };
}

/**
 * One step of a chain of `map`, `select`, `reject`, `selectattr` and `rejectattr` with literal arguments, found and
 * bound when compiled: what the filter does to each item, so the compiler can run a chain of them as one loop over
 * the items (compiler/item-stages.ts) instead of a list per filter.
 * - `map`: each item becomes `apply`'s result; `map(attribute=...)` without `default`: `read`'s.
 * - a selection: an item stays when `test` of `transform(item)` (truthiness when null) is `keep`.
 */
export type ItemStage =
  | { kind: 'map'; apply: (state: RenderState, item: unknown) => unknown }
  | { kind: 'attribute'; read: (item: unknown) => unknown }
  | {
      kind: 'select';
      keep: boolean;
      transform: ((item: unknown) => unknown) | null;
      test: ((state: RenderState, value: unknown) => boolean) | null;
    };

type MapStage = Extract<ItemStage, { kind: 'map' }>;
type SelectStage = Extract<ItemStage, { kind: 'select' }>;

/** The name of the generator a stage's filter returns, as Python prints it. */
export function stageIteratorName(stage: ItemStage): string {
  return stage.kind === 'select' ? 'select_or_reject' : 'sync_do_map';
}

/**
 * The stage of the filter `name` with literal arguments, or undefined when it is not one of the five, or when its
 * arguments are not all known (the filter then binds them when it runs, and fails there if they are wrong).
 */
export function itemStage(
  registry: Registry,
  name: string,
  args: readonly unknown[],
  kwargs: Kwargs,
): ItemStage | undefined {
  switch (name) {
    case 'map':
      return mapStage(registry, args, kwargs);
    case 'select':
      return selectionStage(registry, args, kwargs, true, false);
    case 'reject':
      return selectionStage(registry, args, kwargs, false, false);
    case 'selectattr':
      return selectionStage(registry, args, kwargs, true, true);
    case 'rejectattr':
      return selectionStage(registry, args, kwargs, false, true);
    default:
      return undefined;
  }
}

function mapStage(registry: Registry, args: readonly unknown[], kwargs: Kwargs): ItemStage | undefined {
  if (args.length === 0) {
    if (!('attribute' in kwargs)) return undefined;
    const { attribute, ...rest } = kwargs;
    if (Object.keys(rest).length === 0) return { kind: 'attribute', read: attributeGetter(attribute) };
    const get = mapAttribute(kwargs);
    return get === undefined ? undefined : { kind: 'map', apply: get };
  }
  const call = preboundCallable(registry, 'filter', args[0], args.slice(1), kwargs);
  return call === undefined ? undefined : { kind: 'map', apply: call };
}

function selectionStage(
  registry: Registry,
  args: readonly unknown[],
  kwargs: Kwargs,
  keep: boolean,
  lookupAttribute: boolean,
): ItemStage | undefined {
  let transform: ((item: unknown) => unknown) | null = null;
  let offset = 0;
  if (lookupAttribute) {
    if (args.length === 0) return undefined;
    transform = attributeGetter(args[0]);
    offset = 1;
  }
  if (args.length <= offset) return { kind: 'select', keep, transform, test: null };
  const test = preboundCallable<boolean>(registry, 'test', args[offset], args.slice(offset + 1), kwargs);
  return test === undefined ? undefined : { kind: 'select', keep, transform, test };
}

/** `map` with literal arguments: the attribute getter or the filter found and bound when compiled. */
function specializeMap(
  registry: Registry,
  args: readonly unknown[],
  kwargs: Kwargs,
): ((state: RenderState, value: unknown) => unknown) | undefined {
  const stage = mapStage(registry, args, kwargs);
  if (stage?.kind === 'attribute') {
    const read = stage.read;
    return mapping((_state, item) => read(item));
  }
  return stage?.kind === 'map' ? mapping(stage.apply) : undefined;
}

/** `select` and its kin with their parts: the items whose `transform` passes `test` (truthiness when null), or fails it. */
function selection(
  keep: boolean,
  transform: ((item: unknown) => unknown) | null,
  test: ((state: RenderState, value: unknown) => boolean) | null,
): (state: RenderState, value: unknown) => unknown[] {
  return (state, value) => {
    if (!truthy(value)) return pyIterator([], 'generator', 'select_or_reject');
    const out: unknown[] = [];
    for (const item of iterate(value)) {
      spend(state, 1);
      const v = transform === null ? item : transform(item);
      if ((test === null ? truthy(v) : test(state, v)) === keep) out.push(item);
    }
    return pyIterator(out, 'generator', 'select_or_reject');
  };
}

/** `select` and its kin (`name`) with arguments bound as it runs. */
function selectOrReject(
  state: RenderState,
  value: unknown,
  args: unknown[],
  kwargs: Kwargs,
  name: string,
): unknown[] {
  if (!truthy(value)) return pyIterator([], 'generator', 'select_or_reject');
  const { keep, transform, test } = renderStage(state, name, args, kwargs) as SelectStage;
  return selection(keep, transform, test)(state, value);
}

/** `select` and its kin with literal arguments: the attribute getter and the test found and bound when compiled. */
function specializeSelection(keep: boolean, lookupAttribute: boolean): FilterSpec['specialize'] {
  return (registry, args, kwargs) => {
    const stage = selectionStage(registry, args, kwargs, keep, lookupAttribute);
    return stage?.kind === 'select' ? selection(keep, stage.transform, stage.test) : undefined;
  };
}

/** The sequence filters, by name. */
export const listFilters: Readonly<Record<string, FilterSpec>> = {
  length: { params: [], fn: doLength },
  count: { params: [], fn: doLength },
  list: { params: [], fn: doList },
  first: { params: [], fn: doFirst },
  last: { params: [], fn: doLast },
  reverse: { params: [], fn: doReverse },
  join: { params: ['d', 'attribute'], fn: doJoin },
  sum: preparedFilter(['attribute', 'start'], sumOf),
  min: preparedFilter(['case_sensitive', 'attribute'], minOf),
  max: preparedFilter(['case_sensitive', 'attribute'], maxOf),
  sort: preparedFilter(['reverse', 'case_sensitive', 'attribute'], sortedBy),
  unique: preparedFilter(['case_sensitive', 'attribute'], uniqueBy),
  groupby: { ...preparedFilter(['attribute', 'default', 'case_sensitive'], groupedBy), required: 1 },
  batch: { params: ['linecount', 'fill_with'], required: 1, fn: doBatch },
  slice: { params: ['slices', 'fill_with'], required: 1, fn: doSlice },
  map: { params: [], varargs: true, kwargs: true, fn: doMap, specialize: specializeMap },
  select: {
    params: [],
    varargs: true,
    kwargs: true,
    fn: (s, v, a, k) => selectOrReject(s, v, a, k, 'select'),
    specialize: specializeSelection(true, false),
  },
  reject: {
    params: [],
    varargs: true,
    kwargs: true,
    fn: (s, v, a, k) => selectOrReject(s, v, a, k, 'reject'),
    specialize: specializeSelection(false, false),
  },
  selectattr: {
    params: [],
    varargs: true,
    kwargs: true,
    fn: (s, v, a, k) => selectOrReject(s, v, a, k, 'selectattr'),
    specialize: specializeSelection(true, true),
  },
  rejectattr: {
    params: [],
    varargs: true,
    kwargs: true,
    fn: (s, v, a, k) => selectOrReject(s, v, a, k, 'rejectattr'),
    specialize: specializeSelection(false, true),
  },
};
