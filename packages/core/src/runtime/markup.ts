/** MarkupSafe's escaping, for the places where a `Markup` operand escapes the plain text it meets. */
import { spendRunning, spendRunningOnText } from '../limits';
import { Markup } from './values';

const HTML_SPECIAL = /[&<>'"]/;
const HTML_SPECIALS = /[&<>'"]/g;

/** The entity MarkupSafe writes for a character code, or null when it leaves the character alone. */
function entityOf(code: number): string | null {
  switch (code) {
    case 38:
      return '&amp;';
    case 60:
      return '&lt;';
    case 62:
      return '&gt;';
    case 39:
      return '&#39;';
    case 34:
      return '&#34;';
    default:
      return null;
  }
}

/**
 * From this length `escapeText` finds the special characters by `indexOf` (1.5x on HTML text of 120 characters);
 * below it five scans cost more than a loop over the characters (0.91x-0.97x on names and brands).
 */
const INDEXED_ESCAPE = 64;

/** Characters escaped in one native pass by `escapeText`. */
const ESCAPE_CHUNK = 65_536;

/** The entity of a character `HTML_SPECIALS` matched. */
function entityOfMatch(ch: string): string {
  return entityOf(ch.charCodeAt(0)) as string;
}

/**
 * `markupsafe.escape` on text: `&`, `<`, `>`, `'` and `"` become entities (`&#39;`, `&#34;` as MarkupSafe writes
 * them). A text with none is found by a regular expression (quicker than a loop on the short texts templates
 * escape); one with some is escaped by copying the runs between them, found by a loop (1.6x a `replace` with a
 * callback) or, past `INDEXED_ESCAPE` characters, by `indexOf`.
 */
export function escapeText(text: string): string {
  spendRunningOnText(text);
  // The first character read first copies a joined text into one on V8's fast path (see `hasSurrogate`).
  if (entityOf(text.charCodeAt(0)) === null && !HTML_SPECIAL.test(text)) return text;
  // A long text is escaped in native passes: the loop's pieces would make a deep rope. One pass over millions of
  // characters runs for a fifth of a second and finds every match before the first replacement, so a text past
  // a chunk is escaped a chunk at a time, spending the render's time between chunks.
  if (text.length > 256) {
    if (text.length <= ESCAPE_CHUNK) return text.replace(HTML_SPECIALS, entityOfMatch);
    const parts: string[] = [];
    for (let at = 0; at < text.length; at += ESCAPE_CHUNK) {
      spendRunning(ESCAPE_CHUNK);
      parts.push(text.slice(at, at + ESCAPE_CHUNK).replace(HTML_SPECIALS, entityOfMatch));
    }
    return parts.join('');
  }
  if (text.length >= INDEXED_ESCAPE) return escapeByIndex(text);
  let out = '';
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const entity = code > 62 ? null : entityOf(code);
    if (entity === null) continue;
    out += text.slice(copied, i) + entity;
    copied = i + 1;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/**
 * `escapeText` of a text with special characters: the next of each is found by a native scan, the nearest one
 * escaped, and only its own next looked for again (a loop reading every character takes about 2.5 ns each).
 */
function escapeByIndex(text: string): string {
  let amp = text.indexOf('&');
  let lt = text.indexOf('<');
  let gt = text.indexOf('>');
  let apos = text.indexOf("'");
  let quot = text.indexOf('"');
  let out = '';
  let copied = 0;
  for (;;) {
    let at = amp;
    if (lt >= 0 && (at < 0 || lt < at)) at = lt;
    if (gt >= 0 && (at < 0 || gt < at)) at = gt;
    if (apos >= 0 && (at < 0 || apos < at)) at = apos;
    if (quot >= 0 && (at < 0 || quot < at)) at = quot;
    if (at < 0) return out + text.slice(copied);
    out += text.slice(copied, at);
    copied = at + 1;
    if (at === amp) {
      out += '&amp;';
      amp = text.indexOf('&', copied);
    } else if (at === lt) {
      out += '&lt;';
      lt = text.indexOf('<', copied);
    } else if (at === gt) {
      out += '&gt;';
      gt = text.indexOf('>', copied);
    } else if (at === apos) {
      out += '&#39;';
      apos = text.indexOf("'", copied);
    } else {
      out += '&#34;';
      quot = text.indexOf('"', copied);
    }
  }
}

/** The text a value contributes next to a `Markup`: its own text when already markup, else escaped. */
export function markupText(v: unknown, toText: (v: unknown) => string): string {
  return v instanceof Markup ? v.value : escapeText(toText(v));
}
