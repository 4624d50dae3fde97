/** Python `str` operations the filters share that the runtime's string helpers do not cover. */
import { strip } from '../runtime/methods';
import { codePoints, hasSurrogate, isPySpaceCode, PY_WHITESPACE } from '../runtime/strings';

/** A run of Python whitespace (what `str.split()` splits on). */
export const PY_SPACE_RUN = new RegExp(`[${PY_WHITESPACE}]+`);

/**
 * Python's `' '.join(s.split())`: the words of `s` with one space between them, scanned by code unit (every
 * Python whitespace character is in the BMP).
 */
export function joinWords(s: string): string {
  // Text already spaced so (one ' ' between words, none around) is its own answer.
  let clean = s.length > 0 && s.charCodeAt(0) !== 32 && s.charCodeAt(s.length - 1) !== 32;
  for (let i = 0; clean && i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 32) clean = s.charCodeAt(i + 1) !== 32;
    else if (isPySpaceCode(c)) clean = false;
  }
  if (clean) return s;
  const words: string[] = [];
  let wordStart = -1;
  for (let i = 0; i <= s.length; i++) {
    if (i < s.length && !isPySpaceCode(s.charCodeAt(i))) {
      if (wordStart < 0) wordStart = i;
    } else if (wordStart >= 0) {
      words.push(s.slice(wordStart, i));
      wordStart = -1;
    }
  }
  return words.join(' ');
}

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
