import { type Budget, spend } from '../limits';
import { eq, lt } from '../runtime/operators';

/** Python's `a < b` for sort keys: the runtime's `lt`, which raises Python's TypeError for unordered types. */
export type Less = (a: unknown, b: unknown) => boolean;

/**
 * Python's `sorted(items, key=key, reverse=reverse)`. Keys are computed once, in order, before any comparison;
 * the sort is stable and, like CPython's, compares only with `<` (later item first), so a list of mixed types
 * fails with the same TypeError as Python. `reverse` keeps equal items in their original order, as Python does.
 * Each key and each comparison spends a unit of the render's time.
 */
export function pySorted<T>(
  work: Budget,
  items: readonly T[],
  key: (item: T) => unknown,
  reverse = false,
  less: Less = lt,
): T[] {
  return sortedByKey(work, items, key, reverse, less).map((p) => p.item);
}

/** `pySorted`, giving each item with its key (what `groupby` groups by, so it is not read again). */
export function sortedByKey<T>(
  work: Budget,
  items: readonly T[],
  key: (item: T) => unknown,
  reverse = false,
  less: Less = lt,
): { item: T; key: unknown }[] {
  const pairs = items.map((item) => {
    spend(work, 1);
    return { item, key: key(item) };
  });
  if (reverse) pairs.reverse();
  timsortLite(pairs, (a, b) => {
    spend(work, 1);
    return less(a.key, b.key);
  });
  if (reverse) pairs.reverse();
  return pairs;
}

/** Python's list comparison `a < b` for two key lists: the first unequal pair decides, then the lengths. */
export function listLess(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length === 1 && b.length === 1) {
    // One number or text each (a `sort(attribute=)` key): unequal ones are ordered by `<` and equal ones are not,
    // so `<` alone answers, without asking `==` first.
    const x = a[0];
    const y = b[0];
    if ((typeof x === 'number' && typeof y === 'number') || (typeof x === 'string' && typeof y === 'string'))
      return lt(x, y);
  }
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] === b[i] || eq(a[i], b[i])) continue;
    return lt(a[i], b[i]);
  }
  return a.length < b.length;
}

/**
 * A stable sort that makes the comparisons CPython's list.sort makes for short lists (a natural run, then a
 * binary insertion sort), and merges runs of 32 for long ones, in place. Only `isLess(later, earlier)` is ever
 * asked.
 */
export function timsortLite<T>(a: T[], isLess: (a: T, b: T) => boolean): void {
  const n = a.length;
  if (n < 2) return;
  if (n < 64) {
    binaryInsertionSort(a, 0, countRun(a, 0, n, isLess), n, isLess);
    return;
  }
  let runs: Array<[number, number]> = [];
  for (let lo = 0; lo < n; ) {
    const hi = Math.min(n, lo + 32);
    const run = countRun(a, lo, hi, isLess);
    binaryInsertionSort(a, lo, lo + run, hi, isLess);
    runs.push([lo, hi]);
    lo = hi;
  }
  while (runs.length > 1) {
    const merged: Array<[number, number]> = [];
    for (let i = 0; i < runs.length; i += 2) {
      const left = runs[i];
      const right = runs[i + 1];
      if (!right) {
        merged.push(left);
        continue;
      }
      mergeRuns(a, left[0], left[1], right[1], isLess);
      merged.push([left[0], right[1]]);
    }
    runs = merged;
  }
}

/** Length of the natural run at `lo` (a strictly descending run is reversed in place), as CPython's count_run. */
function countRun<T>(a: T[], lo: number, hi: number, isLess: (a: T, b: T) => boolean): number {
  if (lo + 1 >= hi) return hi - lo;
  let end = lo + 2;
  if (isLess(a[lo + 1], a[lo])) {
    while (end < hi && isLess(a[end], a[end - 1])) end++;
    for (let i = lo, j = end - 1; i < j; i++, j--) {
      const t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  } else {
    while (end < hi && !isLess(a[end], a[end - 1])) end++;
  }
  return end - lo;
}

function binaryInsertionSort<T>(
  a: T[],
  lo: number,
  start: number,
  hi: number,
  isLess: (a: T, b: T) => boolean,
): void {
  for (let i = start; i < hi; i++) {
    const pivot = a[i];
    let l = lo;
    let r = i;
    while (l < r) {
      const p = l + ((r - l) >> 1);
      if (isLess(pivot, a[p])) r = p;
      else l = p + 1;
    }
    for (let j = i; j > l; j--) a[j] = a[j - 1];
    a[l] = pivot;
  }
}

function mergeRuns<T>(a: T[], lo: number, mid: number, hi: number, isLess: (a: T, b: T) => boolean): void {
  const left = a.slice(lo, mid);
  let i = 0;
  let j = mid;
  let k = lo;
  while (i < left.length && j < hi) {
    // Take from the right only when strictly less, which keeps equal items in order.
    if (isLess(a[j], left[i])) a[k++] = a[j++];
    else a[k++] = left[i++];
  }
  while (i < left.length) a[k++] = left[i++];
}
