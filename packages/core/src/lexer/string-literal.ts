/**
 * Python string-literal escapes, decoded as Jinja2 decodes them: the literal's text is encoded to ASCII
 * with `backslashreplace` and then decoded with `unicode-escape`. So `\n`, `\t`, `\xhh`, `\uhhhh`,
 * `\Uhhhhhhhh`, octal `\ooo` and a backslash before a newline work as in Python, unknown escapes (`\q`)
 * stay as written, and a backslash before a non-ASCII character yields that character's escape text
 * (`'\é'` is the four characters `\xe9`), which is what the reference does.
 */

const SIMPLE_ESCAPES: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\n': '',
};

const HEX_ESCAPES: Record<string, { digits: number; truncated: string }> = {
  x: { digits: 2, truncated: 'truncated \\xXX escape' },
  u: { digits: 4, truncated: 'truncated \\uXXXX escape' },
  U: { digits: 8, truncated: 'truncated \\UXXXXXXXX escape' },
};

const HEX_DIGIT = /^[0-9a-fA-F]$/;
const OCTAL_DIGIT = /^[0-7]$/;
const NAMED_ESCAPE = /\{[^}]*\}/y;

/** A string literal's escapes are malformed; `message` is Python's codec message. */
export class EscapeError extends Error {}

/** The escape text `backslashreplace` writes for a non-ASCII code point. */
function backslashReplace(cp: number): string {
  if (cp < 0x100) return `x${cp.toString(16).padStart(2, '0')}`;
  if (cp < 0x10000) return `u${cp.toString(16).padStart(4, '0')}`;
  return `U${cp.toString(16).padStart(8, '0')}`;
}

/** Decodes the escapes in the text between a string literal's quotes (newlines already normalized). */
export function decodeStringLiteral(body: string): string {
  if (body.indexOf('\\') < 0) return body;
  let out = '';
  let i = 0;
  while (i < body.length) {
    const slash = body.indexOf('\\', i);
    if (slash < 0) {
      out += body.slice(i);
      break;
    }
    out += body.slice(i, slash);
    // The lexer's string pattern pairs every backslash with a following character.
    const cp = body.codePointAt(slash + 1) as number;
    const ch = String.fromCodePoint(cp);
    i = slash + 1 + ch.length;
    if (cp > 0x7f) {
      out += `\\${backslashReplace(cp)}`;
    } else if (ch in SIMPLE_ESCAPES) {
      out += SIMPLE_ESCAPES[ch];
    } else if (OCTAL_DIGIT.test(ch)) {
      let end = i;
      while (end < body.length && end < i + 2 && OCTAL_DIGIT.test(body[end])) end++;
      out += String.fromCharCode(parseInt(body.slice(i - 1, end), 8));
      i = end;
    } else if (ch in HEX_ESCAPES) {
      const { digits, truncated } = HEX_ESCAPES[ch];
      const hex = body.slice(i, i + digits);
      if (hex.length < digits || ![...hex].every((d) => HEX_DIGIT.test(d))) throw new EscapeError(truncated);
      const value = parseInt(hex, 16);
      if (value > 0x10ffff) throw new EscapeError('illegal Unicode character');
      out += String.fromCodePoint(value);
      i += digits;
    } else if (ch === 'N') {
      NAMED_ESCAPE.lastIndex = i;
      if (!NAMED_ESCAPE.test(body) || NAMED_ESCAPE.lastIndex === i + 2) {
        throw new EscapeError('malformed \\N character escape');
      }
      // Decoding names needs the whole Unicode name table, too large for a browser bundle.
      throw new EscapeError('\\N{...} escapes are not supported; write the character itself or use \\uXXXX');
    } else {
      out += `\\${ch}`;
    }
  }
  return out;
}
