/** Python `str` operations the filters share that the runtime's string helpers do not cover. */
import { strip } from '../runtime/methods';
import { codePoints, hasSurrogate, PY_WHITESPACE } from '../runtime/strings';

/** A run of Python whitespace (what `str.split()` splits on). */
export const PY_SPACE_RUN = new RegExp(`[${PY_WHITESPACE}]+`);

/** Python's `s[start:end]` for non-negative bounds, in code points. */
export function pySlice(s: string, start: number, end?: number): string {
  if (!hasSurrogate(s)) return s.slice(start, end);
  return codePoints(s).slice(start, end).join('');
}

/** True when `s` is all Python whitespace (so `s.strip() == ''`). */
export function isBlank(s: string): boolean {
  return strip(s, null, true, true) === '';
}

/** Python's `str.rsplit(sep, 1)[0]`: the text before the last `sep`, or all of it. */
export function beforeLast(s: string, sep: string): string {
  const index = s.lastIndexOf(sep);
  return index < 0 ? s : s.slice(0, index);
}
