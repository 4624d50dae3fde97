import { spendRunning } from '../limits';
import { getitem, itemReader, type MemberReader } from '../runtime/access';
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

/** The readers of each part of an attribute path, kept by path: a template names the same few paths. */
const pathReaders = new Map<string, readonly MemberReader[]>();
const PATH_CACHE_SIZE = 512;

/** Makes the reader of one text part of an attribute path. */
export type KeyReaderMaker = (key: string) => MemberReader;

/** The maker `withKeyReaders` set, while it runs. */
let keyReaderMaker: KeyReaderMaker | null = null;

/**
 * Runs `prepare` (a filter's `prepare` or `specialize`, when a template is compiled) with the text parts of the
 * attribute paths it reads made by `maker`: the compiler's, whose readers are the template's own code (see
 * code-copies.ts), where the shared readers see every template's items.
 */
export function withKeyReaders<T>(maker: KeyReaderMaker, prepare: () => T): T {
  const outer = keyReaderMaker;
  keyReaderMaker = maker;
  try {
    return prepare();
  } finally {
    keyReaderMaker = outer;
  }
}

function readersOf(attribute: unknown): readonly MemberReader[] {
  if (typeof attribute !== 'string') {
    return attributeParts(attribute).map((part) => (item: unknown) => getitem(item, part));
  }
  const maker = keyReaderMaker;
  if (maker !== null) {
    return attributeParts(attribute).map((part) => {
      spendRunning(1);
      return typeof part === 'string' ? maker(part) : (item: unknown) => getitem(item, part);
    });
  }
  let readers = pathReaders.get(attribute);
  if (readers === undefined) {
    readers = attributeParts(attribute).map((part) => {
      // A path of a million parts is a million readers to make: the render's time is spent on each.
      spendRunning(1);
      return typeof part === 'string' ? itemReader(part) : (item: unknown) => getitem(item, part);
    });
    if (pathReaders.size >= PATH_CACHE_SIZE) pathReaders.clear();
    pathReaders.set(attribute, readers);
  }
  return readers;
}

/**
 * `postprocess`, remembering its last result: a value equal to the one before (the same `default=` for every
 * item, often megabytes) is lower-cased once, not once per item.
 */
function remembered(postprocess: (value: unknown) => unknown): (value: unknown) => unknown {
  // Kept in two variables, not a record made for each new value (an allocation per item of a `min` or `sort`).
  let lastValue: unknown = NOT_YET;
  let lastResult: unknown;
  return (value) => {
    if (value !== lastValue) {
      lastResult = postprocess(value);
      lastValue = value;
    }
    return lastResult;
  };
}

/** What `remembered` has seen before its first value. */
const NOT_YET: unique symbol = Symbol('not yet');

/**
 * Jinja's `make_attrgetter`: follows the path through the sandboxed `getitem`. A `fallback` other than None
 * replaces an Undefined met along the way (the `default=` of `map` and `groupby`). `postprocess` is `ignoreCase`
 * (the filters' `case_sensitive=false`), which changes only text: for a path of one part, it is called only on text.
 */
export function attributeGetter(
  attribute: unknown,
  postprocess?: typeof ignoreCase,
  fallback: unknown = null,
): AttributeGetter {
  const readers = readersOf(attribute);
  const hasFallback = fallback !== null && fallback !== undefined;
  if (readers.length === 1 && !postprocess && !hasFallback) return readers[0];
  const post = postprocess && remembered(postprocess);
  const parts = readers.length;
  if (parts === 1 && post && !hasFallback) {
    // One part and a postprocess (`min(attribute='price')`, `sort(attribute='name')`): no loop over the path.
    const [read] = readers;
    return (item) => {
      spendRunning(1);
      const value = read(item);
      // Only text is lower-cased: anything else goes by as it is, not through the remembering closure, where a
      // float from each item was stored (`min(attribute='price')` ran 5x slower than without the postprocess).
      return typeof value === 'string' || value instanceof Markup ? post(value) : value;
    };
  }
  // Where the last item's path first gave way to the fallback, and what the rest of the path read from the
  // fallback then: the same for every item that gives way there (texts and numbers at the first part), so a long
  // path is read from the fallback once, not once per item.
  let fellBackAt = -1;
  let fromFallback: unknown;
  return (item) => {
    // A path of thousands of parts, read from every item, is work the render's time limit must see.
    spendRunning(parts);
    let value = item;
    let fellBack = -1;
    for (let i = 0; i < parts; i++) {
      value = readers[i](value);
      if (hasFallback && value instanceof Undefined) {
        if (fellBack < 0) {
          if (i === fellBackAt) {
            value = fromFallback;
            break;
          }
          fellBack = i;
        }
        value = fallback;
      }
    }
    if (fellBack >= 0) {
      fellBackAt = fellBack;
      fromFallback = value;
    }
    return post ? post(value) : value;
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
  // Each path's parts read by the readers `attributeGetter` uses (the template's own, when it is compiled), not
  // through `getitem` for each part.
  const paths = typeof attribute === 'string' ? attribute.split(',').map(readersOf) : [readersOf(attribute)];
  const partCount = paths.reduce((sum, path) => sum + path.length, 0);
  if (paths.length === 1 && paths[0].length === 1) {
    // `sort(attribute='price')`: one key of one part, the usual case.
    const read = paths[0][0];
    return (item) => {
      spendRunning(1);
      const value = read(item);
      return [postprocess ? postprocess(value) : value];
    };
  }
  return (item) => {
    spendRunning(partCount);
    return paths.map((readers) => {
      let value = item;
      for (const read of readers) value = read(value);
      return postprocess ? postprocess(value) : value;
    });
  };
}
