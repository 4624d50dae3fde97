import { getitem } from '../runtime/access';
import { Markup, Undefined } from '../runtime/values';

/** Reads one attribute path (`'address.city'`, `'0'`, `2`) from an item, as Jinja's `make_attrgetter` does. */
export type AttributeGetter = (item: unknown) => unknown;

/** Jinja's `ignore_case` postprocessor: lower-cases strings (Markup too) so sorting and grouping ignore case. */
export function ignoreCase(value: unknown): unknown {
  if (typeof value === 'string') return value.toLowerCase();
  if (value instanceof Markup) return new Markup(value.value.toLowerCase());
  return value;
}

/** Splits an attribute path on dots; parts made only of digits are looked up as integers, as Jinja does. */
export function attributeParts(attribute: unknown): unknown[] {
  if (attribute === null || attribute === undefined) return [];
  if (typeof attribute === 'string')
    return attribute.split('.').map((part) => (/^[0-9]+$/.test(part) ? Number(part) : part));
  return [attribute];
}

/**
 * Jinja's `make_attrgetter`: follows the path through the sandboxed `getitem`. A `fallback` other than None
 * replaces an Undefined met along the way (the `default=` of `map` and `groupby`).
 */
export function attributeGetter(
  attribute: unknown,
  postprocess?: (value: unknown) => unknown,
  fallback: unknown = null,
): AttributeGetter {
  const parts = attributeParts(attribute);
  return (item) => {
    let value = item;
    for (const part of parts) {
      value = getitem(value, part);
      if (fallback !== null && fallback !== undefined && value instanceof Undefined) value = fallback;
    }
    return postprocess ? postprocess(value) : value;
  };
}

/**
 * Jinja's `make_multi_attrgetter`: `'age,name'` gives a getter returning `[age, name]`. Used by `sort`, whose
 * keys are therefore always lists (compared as Python compares lists).
 */
export function multiAttributeGetter(
  attribute: unknown,
  postprocess?: (value: unknown) => unknown,
): (item: unknown) => unknown[] {
  const paths =
    typeof attribute === 'string' ? attribute.split(',').map(attributeParts) : [attributeParts(attribute)];
  return (item) =>
    paths.map((parts) => {
      let value = item;
      for (const part of parts) value = getitem(value, part);
      return postprocess ? postprocess(value) : value;
    });
}
