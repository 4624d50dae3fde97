/** MarkupSafe's escaping, for the places where a `Markup` operand escapes the plain text it meets. */
import { Markup } from './values';

const HTML_SPECIAL = /[&<>'"]/;
const HTML_SPECIALS = /[&<>'"]/g;
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  "'": '&#39;',
  '"': '&#34;',
};

/** `markupsafe.escape` on text: `&`, `<`, `>`, `'` and `"` become entities (`&#39;`, `&#34;` as MarkupSafe writes them). */
export function escapeText(text: string): string {
  return HTML_SPECIAL.test(text) ? text.replace(HTML_SPECIALS, (ch) => ENTITIES[ch]) : text;
}

/** The text a value contributes next to a `Markup`: its own text when already markup, else escaped. */
export function markupText(v: unknown, toText: (v: unknown) => string): string {
  return v instanceof Markup ? v.value : escapeText(toText(v));
}
