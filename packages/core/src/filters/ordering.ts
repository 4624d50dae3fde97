import { type Budget, spend } from '../limits';
import { eq, lt } from '../runtime/operators';
import { hasSurrogate } from '../runtime/strings';

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
  const one = less === keyListLess;
  if (pairs.length >= NATIVE_SORT && (less === lt || one) && totallyOrdered(pairs, one)) {
    // Numbers or texts alone: their order is total, so any stable sort gives CPython's result, and the native one
    // is quicker past a few items (1.3x on 40; slower on fewer than 12). Each comparison is charged as it is made,
    // as the exact sort's are: charged up front, a sort of 500,000 texts ran 390 ms past a 100 ms limit.
    pairs.sort(
      one
        ? (a, b) => {
            spend(work, 1);
            return order((a.key as unknown[])[0], (b.key as unknown[])[0]);
          }
        : (a, b) => {
            spend(work, 1);
            return order(a.key, b.key);
          },
    );
  } else {
    timsortLite(pairs, (a, b) => {
      spend(work, 1);
      return less(a.key, b.key);
    });
  }
  if (reverse) pairs.reverse();
  return pairs;
}

/** The fewest items sorted natively (see `sortedByKey`). */
const NATIVE_SORT = 16;

/** Python's `<` for two keys that are lists of one item (`sort(attribute=...)`'s), as `listLess` gives it. */
export function keyListLess(a: unknown, b: unknown): boolean {
  return listLess(a as unknown[], b as unknown[]);
}

/**
 * Whether the keys (each a list of one key when `one`) are all numbers but NaN, or all texts without surrogates
 * (where UTF-16 order is code-point order): keys `<` orders totally, as JS's `<` does.
 */
function totallyOrdered(pairs: readonly { key: unknown }[], one: boolean): boolean {
  let texts = false;
  for (let i = 0; i < pairs.length; i++) {
    let key = pairs[i].key;
    if (one) {
      if (!Array.isArray(key) || key.length !== 1) return false;
      key = key[0];
    }
    if (typeof key === 'number') {
      if (texts || Number.isNaN(key)) return false;
    } else if (typeof key === 'string') {
      if ((i > 0 && !texts) || hasSurrogate(key)) return false;
      texts = true;
    } else return false;
  }
  return true;
}

/** The order of two numbers or two texts, for `Array.prototype.sort`. */
function order(a: unknown, b: unknown): number {
  return (a as number) < (b as number) ? -1 : (b as number) < (a as number) ? 1 : 0;
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
 * CPython's `list.sort` (3.11): a stable sort, in place, that asks exactly the comparisons CPython asks, in the
 * same order, so that a comparison that fails (mixed types) fails on the same pair, and an inconsistent order
 * (NaN) leaves the items where CPython leaves them. Natural runs, extended to `minRun` by binary insertion,
 * merged as the powersort policy orders, with galloping. Only `isLess(later, earlier)` is ever asked.
 */
export function timsortLite<T>(a: T[], isLess: (a: T, b: T) => boolean): void {
  const n = a.length;
  if (n < 2) return;
  if (n < 64) {
    binaryInsertionSort(a, 0, countRun(a, 0, n, isLess), n, isLess);
    return;
  }
  new ListSort(a, isLess).sort();
}

/** Python's `MIN_GALLOP`: how many wins in a row switch a merge to galloping. */
const MIN_GALLOP = 7;

/** A run waiting to be merged: where it starts, its length, and its powersort power. */
interface PendingRun {
  base: number;
  len: number;
  power: number;
}

/** The state of one sort: CPython's `MergeState`. */
class ListSort<T> {
  private minGallop = MIN_GALLOP;
  private readonly pending: PendingRun[] = [];

  constructor(
    private readonly a: T[],
    private readonly isLess: (a: T, b: T) => boolean,
  ) {}

  sort(): void {
    const { a, isLess } = this;
    const n = a.length;
    const minRun = minRunLength(n);
    let lo = 0;
    while (lo < n) {
      const remaining = n - lo;
      let run = countRun(a, lo, n, isLess);
      if (run < minRun) {
        const force = Math.min(remaining, minRun);
        binaryInsertionSort(a, lo, lo + run, lo + force, isLess);
        run = force;
      }
      this.foundNewRun(run);
      this.pending.push({ base: lo, len: run, power: 0 });
      lo += run;
    }
    // merge_force_collapse
    const p = this.pending;
    while (p.length > 1) {
      let i = p.length - 2;
      if (i > 0 && p[i - 1].len < p[i + 1].len) i--;
      this.mergeAt(i);
    }
  }

  /** Merges the runs below a new run of `n2` items while their power is higher than the new boundary's. */
  private foundNewRun(n2: number): void {
    const p = this.pending;
    if (p.length === 0) return;
    const last = p[p.length - 1];
    const power = boundaryPower(last.base, last.len, n2, this.a.length);
    while (p.length > 1 && p[p.length - 2].power > power) this.mergeAt(p.length - 2);
    p[p.length - 1].power = power;
  }

  /** Merges pending runs `i` and `i + 1`. */
  private mergeAt(i: number): void {
    const p = this.pending;
    let baseA = p[i].base;
    let na = p[i].len;
    const baseB = p[i + 1].base;
    let nb = p[i + 1].len;
    p[i].len = na + nb;
    p.splice(i + 1, 1);
    // Where does b's first item go in a? The items of a before it are in place.
    const k = gallopRightIn(this.a, baseA, na, this.a[baseB], 0, this.isLess);
    baseA += k;
    na -= k;
    if (na === 0) return;
    // Where does a's last item go in b? The items of b after it are in place.
    nb = gallopLeftIn(this.a, baseB, nb, this.a[baseA + na - 1], nb - 1, this.isLess);
    if (nb <= 0) return;
    if (na <= nb) this.mergeLo(baseA, na, baseB, nb);
    else this.mergeHi(baseA, na, baseB, nb);
  }

  /** Merges `a[baseA, +na)` and the run after it, `na <= nb`, from the left, through a copy of the first. */
  private mergeLo(baseA: number, na: number, baseB: number, nb: number): void {
    const { a, isLess } = this;
    const temp = a.slice(baseA, baseA + na);
    let ia = 0; // in temp
    let ib = baseB; // in a
    let dest = baseA;
    let minGallop = this.minGallop;
    a[dest++] = a[ib++];
    nb--;
    try {
      if (nb === 0) return;
      if (na === 1) {
        this.copyBThenA(temp, ia, dest, ib, nb);
        na = 0;
        return;
      }
      for (;;) {
        let acount = 0;
        let bcount = 0;
        for (;;) {
          if (isLess(a[ib], temp[ia])) {
            a[dest++] = a[ib++];
            bcount++;
            acount = 0;
            if (--nb === 0) return;
            if (bcount >= minGallop) break;
          } else {
            a[dest++] = temp[ia++];
            acount++;
            bcount = 0;
            if (--na === 1) {
              this.copyBThenA(temp, ia, dest, ib, nb);
              na = 0;
              return;
            }
            if (acount >= minGallop) break;
          }
        }
        minGallop++;
        do {
          minGallop -= minGallop > 1 ? 1 : 0;
          this.minGallop = minGallop;
          let k = gallopRightIn(temp, ia, na, a[ib], 0, isLess);
          acount = k;
          if (k > 0) {
            for (let j = 0; j < k; j++) a[dest++] = temp[ia++];
            na -= k;
            if (na === 1) {
              this.copyBThenA(temp, ia, dest, ib, nb);
              na = 0;
              return;
            }
            // Impossible for a consistent order, but NaN is not one.
            if (na === 0) return;
          }
          a[dest++] = a[ib++];
          if (--nb === 0) return;
          k = gallopLeftIn(a, ib, nb, temp[ia], 0, isLess);
          bcount = k;
          if (k > 0) {
            for (let j = 0; j < k; j++) a[dest++] = a[ib++];
            nb -= k;
            if (nb === 0) return;
          }
          a[dest++] = temp[ia++];
          if (--na === 1) {
            this.copyBThenA(temp, ia, dest, ib, nb);
            na = 0;
            return;
          }
        } while (acount >= MIN_GALLOP || bcount >= MIN_GALLOP);
        minGallop++;
        this.minGallop = minGallop;
      }
    } finally {
      // What is left of the copy of a goes back (also when a comparison failed, as CPython does).
      for (let j = 0; j < na; j++) a[dest + j] = temp[ia + j];
    }
  }

  /** mergeLo's end: the rest of b, then a's one last item after it. */
  private copyBThenA(temp: T[], ia: number, dest: number, ib: number, nb: number): void {
    const a = this.a;
    for (let j = 0; j < nb; j++) a[dest + j] = a[ib + j];
    a[dest + nb] = temp[ia];
  }

  /** Merges `a[baseA, +na)` and the run after it, `na > nb`, from the right, through a copy of the second. */
  private mergeHi(baseA: number, na: number, baseB: number, nb: number): void {
    const { a, isLess } = this;
    const temp = a.slice(baseB, baseB + nb);
    let dest = baseB + nb - 1;
    let ia = baseA + na - 1; // in a
    let ib = nb - 1; // in temp
    let minGallop = this.minGallop;
    a[dest--] = a[ia--];
    na--;
    try {
      if (na === 0) return;
      if (nb === 1) {
        this.copyAThenB(temp, ib, dest, ia, na);
        nb = 0;
        return;
      }
      for (;;) {
        let acount = 0;
        let bcount = 0;
        for (;;) {
          if (isLess(temp[ib], a[ia])) {
            a[dest--] = a[ia--];
            acount++;
            bcount = 0;
            if (--na === 0) return;
            if (acount >= minGallop) break;
          } else {
            a[dest--] = temp[ib--];
            bcount++;
            acount = 0;
            if (--nb === 1) {
              this.copyAThenB(temp, ib, dest, ia, na);
              nb = 0;
              return;
            }
            if (bcount >= minGallop) break;
          }
        }
        minGallop++;
        do {
          minGallop -= minGallop > 1 ? 1 : 0;
          this.minGallop = minGallop;
          let k = na - gallopRightIn(a, baseA, na, temp[ib], na - 1, isLess);
          acount = k;
          if (k > 0) {
            for (let j = 0; j < k; j++) a[dest--] = a[ia--];
            na -= k;
            if (na === 0) return;
          }
          a[dest--] = temp[ib--];
          if (--nb === 1) {
            this.copyAThenB(temp, ib, dest, ia, na);
            nb = 0;
            return;
          }
          k = nb - gallopLeftIn(temp, 0, nb, a[ia], nb - 1, isLess);
          bcount = k;
          if (k > 0) {
            for (let j = 0; j < k; j++) a[dest--] = temp[ib--];
            nb -= k;
            if (nb === 1) {
              this.copyAThenB(temp, ib, dest, ia, na);
              nb = 0;
              return;
            }
            // Impossible for a consistent order, but NaN is not one.
            if (nb === 0) return;
          }
          a[dest--] = a[ia--];
          if (--na === 0) return;
        } while (acount >= MIN_GALLOP || bcount >= MIN_GALLOP);
        minGallop++;
        this.minGallop = minGallop;
      }
    } finally {
      // What is left of the copy of b goes back (also when a comparison failed, as CPython does).
      for (let j = 0; j < nb; j++) a[dest - nb + 1 + j] = temp[j];
    }
  }

  /** mergeHi's end: the rest of a moves up one place, and b's one first item goes before it. */
  private copyAThenB(temp: T[], ib: number, dest: number, ia: number, na: number): void {
    const a = this.a;
    for (let j = 0; j < na; j++) a[dest - j] = a[ia - j];
    a[dest - na] = temp[ib];
  }
}

/** CPython's `gallop_left`: where `key` goes in the sorted `a[base, base + n)`, before any equal item, from `hint`. */
function gallopLeftIn<T>(
  a: T[],
  base: number,
  n: number,
  key: T,
  hint: number,
  isLess: (a: T, b: T) => boolean,
): number {
  let lastofs = 0;
  let ofs = 1;
  if (isLess(a[base + hint], key)) {
    const maxofs = n - hint;
    while (ofs < maxofs && isLess(a[base + hint + ofs], key)) {
      lastofs = ofs;
      ofs = (ofs << 1) + 1;
    }
    if (ofs > maxofs) ofs = maxofs;
    lastofs += hint;
    ofs += hint;
  } else {
    const maxofs = hint + 1;
    while (ofs < maxofs && !isLess(a[base + hint - ofs], key)) {
      lastofs = ofs;
      ofs = (ofs << 1) + 1;
    }
    if (ofs > maxofs) ofs = maxofs;
    const k = lastofs;
    lastofs = hint - ofs;
    ofs = hint - k;
  }
  lastofs++;
  while (lastofs < ofs) {
    const m = lastofs + ((ofs - lastofs) >> 1);
    if (isLess(a[base + m], key)) lastofs = m + 1;
    else ofs = m;
  }
  return ofs;
}

/** CPython's `gallop_right`: where `key` goes in the sorted `a[base, base + n)`, after any equal item, from `hint`. */
function gallopRightIn<T>(
  a: T[],
  base: number,
  n: number,
  key: T,
  hint: number,
  isLess: (a: T, b: T) => boolean,
): number {
  let lastofs = 0;
  let ofs = 1;
  if (isLess(key, a[base + hint])) {
    const maxofs = hint + 1;
    while (ofs < maxofs && isLess(key, a[base + hint - ofs])) {
      lastofs = ofs;
      ofs = (ofs << 1) + 1;
    }
    if (ofs > maxofs) ofs = maxofs;
    const k = lastofs;
    lastofs = hint - ofs;
    ofs = hint - k;
  } else {
    const maxofs = n - hint;
    while (ofs < maxofs && !isLess(key, a[base + hint + ofs])) {
      lastofs = ofs;
      ofs = (ofs << 1) + 1;
    }
    if (ofs > maxofs) ofs = maxofs;
    lastofs += hint;
    ofs += hint;
  }
  lastofs++;
  while (lastofs < ofs) {
    const m = lastofs + ((ofs - lastofs) >> 1);
    if (isLess(key, a[base + m])) ofs = m;
    else lastofs = m + 1;
  }
  return ofs;
}

/** CPython's `merge_compute_minrun`: `n`'s six leading bits, plus one if any bit below them is set. */
function minRunLength(n: number): number {
  let r = 0;
  while (n >= 64) {
    r |= n & 1;
    n = Math.floor(n / 2);
  }
  return n + r;
}

/**
 * Powersort's power of the boundary between a run at `s1` of `n1` items and the next of `n2`, in a list of `n`:
 * the first bit where the two runs' midpoints, as fractions of `n`, differ (CPython's `powerloop`).
 */
function boundaryPower(s1: number, n1: number, n2: number, n: number): number {
  let a = 2 * s1 + n1;
  let b = a + n1 + n2;
  let result = 0;
  for (;;) {
    result++;
    if (a >= n) {
      a -= n;
      b -= n;
    } else if (b >= n) break;
    a *= 2;
    b *= 2;
  }
  return result;
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
