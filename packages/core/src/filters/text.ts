/** Python `str` operations the filters share that the runtime's string helpers do not cover. */
import { codePoints, hasSurrogate, isPySpaceChar, PY_WHITESPACE } from '../runtime/strings';

/** A run of Python whitespace (what `str.split()` splits on). */
export const PY_SPACE_RUN = new RegExp(`[${PY_WHITESPACE}]+`);

// Python's line boundaries (str.splitlines), which include the separators U+001C..U+001E.
const LINE_BREAK = '\\r\\n|[\\n\\r\\v\\f\\x1c\\x1d\\x1e\\x85\\u2028\\u2029]';
const LINE_BREAK_RE = new RegExp(LINE_BREAK);
const LINE_WITH_END_RE = new RegExp(`.*?(?:${LINE_BREAK}|$)`, 'gs');

/** Python's `s[start:end]` for non-negative bounds, in code points. */
export function pySlice(s: string, start: number, end?: number): string {
  if (!hasSurrogate(s)) return s.slice(start, end);
  return codePoints(s).slice(start, end).join('');
}

/** Python's `str.strip(chars)`: whitespace when `chars` is null, else any of the code points in `chars`. */
export function pyStrip(s: string, chars: string | null = null): string {
  const strips = chars === null ? isPySpaceChar : (ch: string) => chars.includes(ch);
  const cps = codePoints(s);
  let start = 0;
  let end = cps.length;
  while (start < end && strips(cps[start])) start++;
  while (end > start && strips(cps[end - 1])) end--;
  return start === 0 && end === cps.length ? s : cps.slice(start, end).join('');
}

/** True when `s` is all Python whitespace (so `s.strip() == ''`). */
export function isBlank(s: string): boolean {
  return pyStrip(s) === '';
}

/** Python's `str.splitlines()`: splits on every line boundary Python knows; no empty line after a final break. */
export function splitLines(s: string): string[] {
  if (s === '') return [];
  const lines = s.split(LINE_BREAK_RE);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Python's `str.splitlines(True)`: the lines with their line breaks. */
export function splitLinesKeepEnds(s: string): string[] {
  const lines = s.match(LINE_WITH_END_RE) ?? [];
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Python's `str.rsplit(sep, 1)[0]`: the text before the last `sep`, or all of it. */
export function beforeLast(s: string, sep: string): string {
  const index = s.lastIndexOf(sep);
  return index < 0 ? s : s.slice(0, index);
}
