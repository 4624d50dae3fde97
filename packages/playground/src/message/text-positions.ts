/**
 * Places in an editor's text. The engine reports a line and a column (1-based, columns in code points, lines
 * split at `\n`, `\r\n` or `\r`); an editor marks UTF-16 offsets.
 */

/** A stretch of an editor's text, as UTF-16 offsets. */
export interface TextRange {
  readonly from: number;
  readonly to: number;
}

const LINE_BREAK = /\r\n|\r|\n/g;

/**
 * The offset of a line and column in `text`. A column past the end of its line is the line's end; a line past
 * the end of the text is the text's end.
 *
 * @example
 * offsetAt('ab\ncd', 2, 2) // 4
 */
export function offsetAt(text: string, line: number, column: number): number {
  let start = 0;
  LINE_BREAK.lastIndex = 0;
  for (let current = 1; current < line; current++) {
    const found = LINE_BREAK.exec(text);
    if (found === null) return text.length;
    start = found.index + found[0].length;
  }
  const breakAt = text.slice(start).search(/[\r\n]/);
  const end = breakAt < 0 ? text.length : start + breakAt;
  let offset = start;
  for (let step = 1; step < column && offset < end; step++) {
    const code = text.charCodeAt(offset);
    offset += code >= 0xd800 && code <= 0xdbff && offset + 1 < end ? 2 : 1;
  }
  return offset;
}

const WORD = /[\p{L}\p{N}_]/u;
const DELIMITERS = ['{{', '}}', '{%', '%}', '{#', '#}'];

/**
 * The token that starts at `offset`, to underline: a word, a tag delimiter or one character, never past the
 * end of the line (an empty range at the end of a line or of the text).
 */
export function tokenAt(text: string, offset: number): TextRange {
  const rest = text.slice(offset);
  const lineEnd = rest.search(/[\r\n]/);
  const line = lineEnd < 0 ? rest : rest.slice(0, lineEnd);
  if (line === '') return { from: offset, to: offset };
  const delimiter = DELIMITERS.find((d) => line.startsWith(d));
  if (delimiter !== undefined) return { from: offset, to: offset + delimiter.length };
  const first = String.fromCodePoint(line.codePointAt(0) ?? 0);
  if (!WORD.test(first)) return { from: offset, to: offset + first.length };
  let length = 0;
  for (const char of line) {
    if (!WORD.test(char)) break;
    length += char.length;
  }
  return { from: offset, to: offset + length };
}

/**
 * The offset inside a JSON string literal (its raw text, quotes included) of the character at `index` of the
 * string it decodes to. An escape (`\n`, `\"`, `\u00e9`) is one decoded character; the end of the string maps
 * to the closing quote.
 *
 * @example
 * literalOffset('"a\\nb"', 2) // 4: the "b" after the two-character escape
 */
export function literalOffset(literal: string, index: number): number {
  let raw = 1;
  for (let decoded = 0; decoded < index && raw < literal.length - 1; decoded++) {
    if (literal[raw] !== '\\') raw += 1;
    else raw += literal[raw + 1] === 'u' ? 6 : 2;
  }
  return Math.min(raw, Math.max(literal.length - 1, 0));
}
