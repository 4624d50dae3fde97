/**
 * What makes an array more than a Python list: a tuple (and a namedtuple's fields), an iterator, a `range()`, a
 * dict view. All of it sits under one symbol, in a record of one shape, so that a plain list is told by one
 * property read: in code every template shares, each read of a symbol an array lacks is a megamorphic lookup
 * through its prototypes (about 15 ns), and four separate marks cost four.
 */

/** Python's type (and generator name) of an array marked as an iterator. */
export interface IteratorKind {
  readonly type: string;
  readonly name: string | undefined;
}

/** The three dict view types. */
export type DictViewKind = 'dict_keys' | 'dict_values' | 'dict_items';

/** The marks of one array; absent on a plain list. */
export interface ArrayMarks {
  readonly tuple: boolean;
  /** A namedtuple's field names. */
  readonly fields: readonly string[] | undefined;
  readonly iterator: IteratorKind | undefined;
  /** `[start, stop, step]` of a `range()`. */
  readonly range: readonly number[] | undefined;
  readonly view: DictViewKind | undefined;
  /** The dict a view was made from, for a loop that must see it change size (see `sizedDict`). */
  readonly source: object | undefined;
}

const MARKS: unique symbol = Symbol('array marks');

/** The marks of an array, or `undefined` for a plain list. */
export function marksOf(items: readonly unknown[]): ArrayMarks | undefined {
  return (items as unknown as { [MARKS]?: ArrayMarks })[MARKS];
}

/** The marks of `v` when it is an array, else `undefined` (as for a plain list). */
export function arrayMarks(v: unknown): ArrayMarks | undefined {
  return Array.isArray(v) ? marksOf(v) : undefined;
}

/**
 * Sets `marks` (a record that may be shared: records are never changed) on `items`, an array made for them:
 * any marks it had are replaced (reading them first would cost a lookup on every new array).
 */
export function markWith<T extends unknown[]>(items: T, marks: ArrayMarks): T {
  (items as unknown as { [MARKS]?: ArrayMarks })[MARKS] = marks;
  return items;
}

/** A marks record with only the marks given. */
export function marksRecord(change: Partial<ArrayMarks>): ArrayMarks {
  return {
    tuple: change.tuple ?? false,
    fields: change.fields,
    iterator: change.iterator,
    range: change.range,
    view: change.view,
    source: change.source,
  };
}
