/** MarkupSafe's escaping, for the places where a `Markup` operand escapes the plain text it meets. */
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
 * `markupsafe.escape` on text: `&`, `<`, `>`, `'` and `"` become entities (`&#39;`, `&#34;` as MarkupSafe writes
 * them). A text with none is found by a regular expression (quicker than a loop on the short texts templates
 * escape); a short one with some is escaped by a loop copying the runs between (1.6x a `replace` with a callback).
 */
export function escapeText(text: string): string {
  if (!HTML_SPECIAL.test(text)) return text;
  // A long text is escaped in one native pass: the loop's pieces would make a deep rope.
  if (text.length > 256) return text.replace(HTML_SPECIALS, (ch) => entityOf(ch.charCodeAt(0)) as string);
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

/** The text a value contributes next to a `Markup`: its own text when already markup, else escaped. */
export function markupText(v: unknown, toText: (v: unknown) => string): string {
  return v instanceof Markup ? v.value : escapeText(toText(v));
}
