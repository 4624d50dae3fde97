/**
 * `dict.keys()`, `.values()` and `.items()` return views in Python, which print as `dict_keys([...])`.
 * Here a view is an array (so iteration, `length` and `in` need nothing special) marked with its kind.
 */

import { arrayMarks, type DictViewKind, marksRecord, markWith } from './array-marks';

export type { DictViewKind } from './array-marks';

const VIEW_MARKS = {
  dict_keys: marksRecord({ view: 'dict_keys' }),
  dict_values: marksRecord({ view: 'dict_values' }),
  dict_items: marksRecord({ view: 'dict_items' }),
};

/** Marks `items` as a dict view of `kind`, made from `source` (a record of its own then, to say which). */
export function dictView<T>(kind: DictViewKind, items: T[], source?: object): T[] {
  return markWith(items, source === undefined ? VIEW_MARKS[kind] : marksRecord({ view: kind, source }));
}

/** The view kind of an array made by `dictView`, else `undefined`. */
export function dictViewKind(v: unknown): DictViewKind | undefined {
  return arrayMarks(v)?.view;
}
