/**
 * `dict.keys()`, `.values()` and `.items()` return views in Python, which print as `dict_keys([...])`.
 * Here a view is an array (so iteration, `length` and `in` need nothing special) marked with its kind.
 */

/** The three dict view types. */
export type DictViewKind = 'dict_keys' | 'dict_values' | 'dict_items';

const VIEW: unique symbol = Symbol('dict view');

/** Marks `items` as a dict view of `kind`. */
export function dictView<T>(kind: DictViewKind, items: T[]): T[] {
  (items as unknown as Record<symbol, DictViewKind>)[VIEW] = kind;
  return items;
}

/** The view kind of an array made by `dictView`, else `undefined`. */
export function dictViewKind(v: unknown): DictViewKind | undefined {
  return Array.isArray(v) ? (v as unknown as Record<symbol, DictViewKind | undefined>)[VIEW] : undefined;
}
