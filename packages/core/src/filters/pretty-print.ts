/**
 * Python's `pprint.pformat(obj)` (width 80, indent 1, dicts sorted by key), which the `pprint` filter prints:
 * a value whose repr fits stays on one line, longer dicts, lists, tuples and strings are split over lines.
 */
import { LimitError } from '../errors';
import { type Budget, spend } from '../limits';
import { dictViewKind } from '../runtime/dict-views';
import { repr } from '../runtime/format';
import { dictEntries } from '../runtime/iterate';
import { splitlines } from '../runtime/methods';
import { lt, typeName } from '../runtime/operators';
import { cpLength, PY_WHITESPACE } from '../runtime/strings';
import { isDict, isTuple, iteratorKind, NOT_FOUND, namedTupleField, rangeOf } from '../runtime/values';
import { pySorted } from './ordering';

/** `\S*\s*` with Python's whitespace (`str.isspace()`), which is not JS's `\s`. */
const PY_WORD_THEN_SPACE = new RegExp(`[^${PY_WHITESPACE}]*[${PY_WHITESPACE}]*`, 'gu');

const WIDTH = 80;

/** `pprint.pformat(value)`; each value printed spends a unit of the render's time. */
export function pformat(work: Budget, value: unknown): string {
  const out: string[] = [];
  format(work, value, out, 0, 0, 0);
  return out.join('');
}

/** True for values that print through pprint's own list/tuple code (not namedtuples, which have their own repr). */
function isPlainSequence(v: unknown): v is unknown[] {
  return (
    Array.isArray(v) &&
    !iteratorKind(v) &&
    // Python 3.11's pprint has no code for dict views: their repr, on one line.
    dictViewKind(v) === undefined &&
    rangeOf(v) === undefined &&
    namedTupleField(v, 'grouper') === NOT_FOUND
  );
}

/** pprint's `_safe_key`: the natural order, or by type name where Python cannot order the two values. */
function safeLess(a: unknown, b: unknown): boolean {
  try {
    return lt(a, b);
  } catch (error) {
    // Python's TypeError, not the render's limits.
    if (error instanceof LimitError) throw error;
    return `<class '${typeName(a)}'>` < `<class '${typeName(b)}'>`;
  }
}

function sortedItems(
  work: Budget,
  d: Record<string, unknown> | Map<unknown, unknown>,
): Array<[unknown, unknown]> {
  return pySorted(
    work,
    dictEntries(d),
    (item) => item,
    false,
    (x, y) => {
      const [ka, va] = x as [unknown, unknown];
      const [kb, vb] = y as [unknown, unknown];
      // Tuples of _safe_key wrappers never compare equal, so the key alone decides unless it raises both ways.
      if (safeLess(ka, kb)) return true;
      if (safeLess(kb, ka)) return false;
      return safeLess(va, vb);
    },
  );
}

/** pprint's `_safe_repr`: repr with sorted dicts. */
function safeRepr(work: Budget, value: unknown): string {
  spend(work, 1);
  if (isDict(value)) {
    const items = sortedItems(work, value);
    if (items.length === 0) return '{}';
    return `{${items.map(([k, v]) => `${safeRepr(work, k)}: ${safeRepr(work, v)}`).join(', ')}}`;
  }
  if (isPlainSequence(value)) {
    const parts = value.map((item) => safeRepr(work, item));
    if (!isTuple(value)) return `[${parts.join(', ')}]`;
    return parts.length === 1 ? `(${parts[0]},)` : `(${parts.join(', ')})`;
  }
  const rep = repr(value);
  spend(work, rep.length);
  return rep;
}

function format(
  work: Budget,
  value: unknown,
  out: string[],
  indent: number,
  allowance: number,
  level: number,
): void {
  const rep = safeRepr(work, value);
  if (cpLength(rep) <= WIDTH - indent - allowance) {
    out.push(rep);
    return;
  }
  if (isDict(value)) {
    out.push('{');
    const items = sortedItems(work, value);
    if (items.length > 0) formatDictItems(work, items, out, indent, allowance + 1, level + 1);
    out.push('}');
  } else if (isPlainSequence(value)) {
    const tuple = isTuple(value);
    const end = tuple ? (value.length === 1 ? ',)' : ')') : ']';
    out.push(tuple ? '(' : '[');
    formatItems(work, value, out, indent, allowance + end.length, level + 1);
    out.push(end);
  } else if (typeof value === 'string') {
    formatString(work, value, out, indent, allowance, level + 1);
  } else {
    out.push(rep);
  }
}

function formatDictItems(
  work: Budget,
  items: Array<[unknown, unknown]>,
  out: string[],
  indent: number,
  allowance: number,
  level: number,
): void {
  const inner = indent + 1;
  items.forEach(([key, value], i) => {
    const last = i === items.length - 1;
    const rep = safeRepr(work, key);
    out.push(rep, ': ');
    format(work, value, out, inner + cpLength(rep) + 2, last ? allowance : 1, level);
    if (!last) out.push(`,\n${' '.repeat(inner)}`);
  });
}

function formatItems(
  work: Budget,
  items: unknown[],
  out: string[],
  indent: number,
  allowance: number,
  level: number,
): void {
  const inner = indent + 1;
  items.forEach((item, i) => {
    const last = i === items.length - 1;
    if (i > 0) out.push(`,\n${' '.repeat(inner)}`);
    format(work, item, out, inner, last ? allowance : 1, level);
  });
}

/** pprint's `_pprint_str`: a long string becomes adjacent literals, broken after whitespace, in parentheses. */
function formatString(
  work: Budget,
  value: string,
  out: string[],
  indent: number,
  allowance: number,
  level: number,
): void {
  if (value === '') {
    out.push(repr(value));
    return;
  }
  const chunks: string[] = [];
  const lines = splitlines(value, true);
  let ind = indent;
  let allow = allowance;
  if (level === 1) {
    ind += 1;
    allow += 1;
  }
  const maxWidth = WIDTH - ind;
  let maxWidth1 = maxWidth;
  let lastRep = '';
  lines.forEach((line, i) => {
    const rep = repr(line);
    spend(work, rep.length);
    lastRep = rep;
    if (i === lines.length - 1) maxWidth1 -= allow;
    if (cpLength(rep) <= maxWidth1) {
      chunks.push(rep);
      return;
    }
    // Alternating runs of non-space then space, as re.findall(r'\S*\s*', line) without its final empty match.
    const parts = line.match(PY_WORD_THEN_SPACE) ?? [];
    parts.pop();
    let maxWidth2 = maxWidth;
    let current = '';
    parts.forEach((part, j) => {
      spend(work, part.length);
      const candidate = current + part;
      if (j === parts.length - 1 && i === lines.length - 1) maxWidth2 -= allow;
      if (cpLength(repr(candidate)) > maxWidth2) {
        if (current) chunks.push(repr(current));
        current = part;
      } else {
        current = candidate;
      }
    });
    if (current) chunks.push(repr(current));
  });
  if (chunks.length === 1) {
    out.push(lastRep);
    return;
  }
  if (level === 1) out.push('(');
  out.push(chunks.join(`\n${' '.repeat(ind)}`));
  if (level === 1) out.push(')');
}
