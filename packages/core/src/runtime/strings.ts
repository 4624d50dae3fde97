/**
 * Python `str` semantics on JS strings: Python indexes, measures and compares strings by code point,
 * JS by UTF-16 unit. Strings without surrogates (nearly all of them) take the native fast path.
 * Case mapping and character classes follow CPython's `unicodeobject.c`.
 */

import { spendRunning, spendRunningOnText } from '../limits';

const SURROGATE = /[\uD800-\uDFFF]/;

/** True for the code unit that starts a surrogate pair. */
export const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
/** True for the code unit that ends a surrogate pair. */
export const isLowSurrogate = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;
/** True for a code unit of a surrogate pair, either half (or a lone one). */
export const isSurrogateUnit = (c: number): boolean => c >= 0xd800 && c <= 0xdfff;

/** The longest text `internalized` makes V8's one copy of: longer literals are rarely compared. */
const MAX_INTERNALIZED = 256;

/**
 * An object V8 keeps as a hash table (it has had keys deleted), with no prototype: a key stored in it is
 * internalized, and storing one makes no new hidden class, as an object literal with a computed key does for each
 * new key (20,000 literals: 9-13 ms against 15-22 ms).
 */
const internalizer: Record<string, number> = Object.create(null);
internalizer.a = 0;
delete internalizer.a;

/**
 * `s` as V8's one shared copy of its text (an "internalized" string, as every literal of JavaScript source and
 * every property name is). Comparing two such strings is one pointer comparison; comparing one with a string
 * made otherwise (a template's literal, cut out of its source) goes to a builtin that checks lengths, then
 * characters. Used on a template's string literals: `{% if item.status == 'shipped' %}...{% elif %}` over 100
 * items of data written as literals ran in 741 ns instead of 985 ns. A key that is an array index comes back as a
 * new string, equal to `s`.
 */
export function internalized(s: string): string {
  if (s.length > MAX_INTERNALIZED) return s;
  internalizer[s] = 0;
  const key = Object.keys(internalizer)[0];
  delete internalizer[s];
  return key;
}

/** True when `s` holds a surrogate, i.e. when its UTF-16 length differs from its code-point length. */
export function hasSurrogate(s: string): boolean {
  // A text made by joining others (a `{% set %}` block, `~`) is a tree of them in V8, that must be copied into one
  // before its characters are read: reading one character does that on a fast path, where the regular expression
  // does it on a slow one (75 ns against 105 ns for a 30-character text of six pieces; one that is one already
  // costs nothing more).
  // A text of one character (a separator, `split(',')`) is its first unit: no regular expression to run.
  if (s.length < REMEMBERED_TEXT)
    return isSurrogateUnit(s.charCodeAt(0)) || (s.length > 1 && SURROGATE.test(s));
  // The answer for the last long text is kept: a message's length, then its truncation, then its length again ask
  // about the same text, and on text with a character past Latin-1 the search reads all of it (170 ns for 280
  // characters, where comparing a text with the one kept stops at the first difference or is one pointer).
  if (s === lastText) return lastAnswer;
  // The search reads the whole text: a long one is work the time limit must see.
  spendRunningOnText(s);
  const answer = isSurrogateUnit(s.charCodeAt(0)) || SURROGATE.test(s);
  lastText = s;
  lastAnswer = answer;
  return answer;
}

/** The length from which `hasSurrogate` keeps its answer for the text. */
const REMEMBERED_TEXT = 64;
/**
 * The last text of at least `REMEMBERED_TEXT` characters `hasSurrogate` was asked about, and its answer: one text
 * kept alive until the next is asked about.
 */
let lastText = '';
let lastAnswer = false;

/** The code points of `s`, one string each (Python's `list(s)`). */
export function codePoints(s: string): string[] {
  spendRunningOnText(s);
  return hasSurrogate(s) ? Array.from(s) : s.split('');
}

/**
 * The code points of `s` before its unit `unit` (Python's index of a match `indexOf` found there). A text without
 * surrogates is asked as a whole, whose answer `hasSurrogate` keeps when it is long, instead of cutting a new text
 * at each match.
 */
export function codePointsBefore(s: string, unit: number): number {
  if (unit <= 0 || !hasSurrogate(s)) return unit;
  return cpLength(s.slice(0, unit));
}

/** Python's `len(s)`: the number of code points. */
export function cpLength(s: string): number {
  if (!hasSurrogate(s)) return s.length;
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** How far `compareStrings` looks for the first differing unit itself before handing over to native code. */
const SHORT_START = 32;

/**
 * Python's ordering of strings: by code point. The first UTF-16 unit that differs decides as its code point
 * does unless both units are from U+D800 up (a surrogate against a surrogate or against U+E000-U+FFFF, where
 * an astral character's lead unit sorts below them): only then are the code points read. Sort keys mostly
 * differ within a few units, found by a loop without scanning both strings for surrogates; strings that share a
 * longer start are compared natively (a scan for surrogates, then `<`), which is linear at native speed.
 */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  const end = Math.min(n, SHORT_START);
  let i = 0;
  while (i < end && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === n) {
    // One is the start of the other (by code point too: a lead unit cut off is a lone surrogate, below any pair).
    return a.length < b.length ? -1 : 1;
  }
  if (i < end) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x < 0xd800 || y < 0xd800) return x < y ? -1 : 1;
  } else if (!hasSurrogate(a) && !hasSurrogate(b)) return a < b ? -1 : 1;
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done) return y.done ? 0 : -1;
    if (y.done) return 1;
    const cx = x.value.codePointAt(0) as number;
    const cy = y.value.codePointAt(0) as number;
    if (cx !== cy) return cx < cy ? -1 : 1;
  }
}

/** The characters Python's `str.isspace()`, `split()` and `strip()` treat as whitespace (bidi WS/B/S or Zs). */
export const PY_WHITESPACE =
  '\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';

const UPPER_CHAR = /^\p{Uppercase}$/u;
const LOWER_CHAR = /^\p{Lowercase}$/u;
const TITLE_CHAR = /^\p{Lt}$/u;
const CASED_CHAR = /^\p{Cased}$/u;
const CASE_IGNORABLE_CHAR = /^\p{Case_Ignorable}$/u;
// Python counts these (superscripts, circled digits, ...) as digits although they are not in Nd.
const EXTRA_DIGITS =
  '\\u{b2}-\\u{b3}\\u{b9}\\u{1369}-\\u{1371}\\u{19da}\\u{2070}\\u{2074}-\\u{2079}\\u{2080}-\\u{2089}' +
  '\\u{2460}-\\u{2468}\\u{2474}-\\u{247c}\\u{2488}-\\u{2490}\\u{24ea}\\u{24f5}-\\u{24fd}\\u{24ff}' +
  '\\u{2776}-\\u{277e}\\u{2780}-\\u{2788}\\u{278a}-\\u{2792}\\u{10a40}-\\u{10a43}\\u{10e60}-\\u{10e68}' +
  '\\u{11052}-\\u{1105a}\\u{1f100}-\\u{1f10a}';
// CJK ideographs with a numeric value: letters for Unicode, but numeric for Python.
const EXTRA_NUMERIC =
  '\\u{3405}\\u{3483}\\u{382a}\\u{3b4d}\\u{4e00}\\u{4e03}\\u{4e07}\\u{4e09}\\u{4e5d}\\u{4e8c}\\u{4e94}' +
  '\\u{4e96}\\u{4ebf}-\\u{4ec0}\\u{4edf}\\u{4ee8}\\u{4f0d}\\u{4f70}\\u{5104}\\u{5146}\\u{5169}\\u{516b}' +
  '\\u{516d}\\u{5341}\\u{5343}-\\u{5345}\\u{534c}\\u{53c1}-\\u{53c4}\\u{56db}\\u{58f1}\\u{58f9}\\u{5e7a}' +
  '\\u{5efe}-\\u{5eff}\\u{5f0c}-\\u{5f0e}\\u{5f10}\\u{62fe}\\u{634c}\\u{67d2}\\u{6f06}\\u{7396}\\u{767e}' +
  '\\u{8086}\\u{842c}\\u{8cae}\\u{8cb3}\\u{8d30}\\u{9621}\\u{9646}\\u{964c}\\u{9678}\\u{96f6}\\u{f96b}' +
  '\\u{f973}\\u{f978}\\u{f9b2}\\u{f9d1}\\u{f9d3}\\u{f9fd}\\u{20001}\\u{20064}\\u{200e2}\\u{20121}' +
  '\\u{2092a}\\u{20983}\\u{2098c}\\u{2099c}\\u{20aea}\\u{20afd}\\u{20b19}\\u{22390}\\u{22998}\\u{23b1b}' +
  '\\u{2626d}\\u{2f890}';
const DECIMAL_RUN = /^\p{Nd}+$/u;
const DIGIT_RUN = new RegExp(`^[\\p{Nd}${EXTRA_DIGITS}]+$`, 'u');
const NUMERIC_RUN = new RegExp(`^[\\p{N}${EXTRA_NUMERIC}]+$`, 'u');
const ALPHA_RUN = /^\p{L}+$/u;
const ALNUM_RUN = new RegExp(`^[\\p{L}\\p{N}${EXTRA_NUMERIC}]+$`, 'u');
const SPACE_RUN = new RegExp(`^[${PY_WHITESPACE}]+$`);
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;
const IDENTIFIER = /^[\p{XID_Start}_]\p{XID_Continue}*$/u;

/** One code point is Python whitespace. */
export function isPySpaceChar(ch: string): boolean {
  // Every Python whitespace character is in the BMP: one code unit.
  return ch.length === 1 && isPySpaceCode(ch.charCodeAt(0));
}

/** Python's whitespace among the ASCII characters, by code. */
const ASCII_SPACE = Uint8Array.from({ length: 128 }, (_, c) =>
  (c >= 9 && c <= 13) || (c >= 28 && c <= 32) ? 1 : 0,
);

/**
 * True when the UTF-16 unit `c` is a Python whitespace character. Every one of them is in the BMP, so a
 * string can be scanned unit by unit: a surrogate is never whitespace.
 */
export function isPySpaceCode(c: number): boolean {
  if (c < 128) return ASCII_SPACE[c] === 1;
  // The rest of PY_WHITESPACE, compared as numbers: a regex test per character measured 10x slower on text
  // with accented letters.
  if (c < 0x2000) return c === 0x85 || c === 0xa0 || c === 0x1680;
  return c <= 0x200a || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;
}

/** `str.isspace()` */
export const pyIsSpace = (s: string): boolean => SPACE_RUN.test(s);
/** `str.isdecimal()` */
export const pyIsDecimal = (s: string): boolean => DECIMAL_RUN.test(s);
/** `str.isdigit()` */
export const pyIsDigit = (s: string): boolean => DIGIT_RUN.test(s);
/** `str.isnumeric()` */
export const pyIsNumeric = (s: string): boolean => NUMERIC_RUN.test(s);
/** `str.isalpha()` */
export const pyIsAlpha = (s: string): boolean => ALPHA_RUN.test(s);
/** `str.isalnum()` */
export const pyIsAlnum = (s: string): boolean => ALNUM_RUN.test(s);
/** `str.isascii()` */
export const pyIsAscii = (s: string): boolean => !/[^\0-\x7f]/.test(s);
/** `str.isidentifier()` */
export const pyIsIdentifier = (s: string): boolean => IDENTIFIER.test(s);

/** One code point is printable for `repr()` (not a control, format, private, unassigned or non-space separator). */
export function isPrintableChar(ch: string): boolean {
  return ch === ' ' || !NOT_PRINTABLE.test(ch);
}

/** Any character `str.isprintable()` refuses: `NOT_PRINTABLE`'s but the space. */
const NOT_PRINTABLE_TEXT = /(?! )[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/** `str.isprintable()`: one regex scan, where a test per character cost a call each. */
export function pyIsPrintable(s: string): boolean {
  spendRunningOnText(s);
  return !NOT_PRINTABLE_TEXT.test(s);
}

const LOWER_OR_TITLE = /[\p{Lowercase}\p{Lt}]/u;
const UPPER_OR_TITLE = /[\p{Uppercase}\p{Lt}]/u;
const ANY_UPPER = /\p{Uppercase}/u;
const ANY_LOWER = /\p{Lowercase}/u;

/** What `asciiCases` finds: a lowercase letter, an uppercase one, a character past ASCII. */
const HAS_LOWER = 1;
const HAS_UPPER = 2;
const PAST_ASCII = 4;

/** Which of `HAS_LOWER`, `HAS_UPPER` and `PAST_ASCII` the text has, in one scan that stops past ASCII. */
function asciiCases(s: string): number {
  let found = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128) return PAST_ASCII;
    if (c >= 97 && c <= 122) found |= HAS_LOWER;
    else if (c >= 65 && c <= 90) found |= HAS_UPPER;
  }
  return found;
}

/**
 * `str.isupper()`: some cased character and no lowercase or titlecase one. ASCII by its letters; other text by
 * two regex scans, where a test per character cost a call each.
 */
export function pyIsUpper(s: string): boolean {
  spendRunningOnText(s);
  const cases = asciiCases(s);
  if (cases !== PAST_ASCII) return cases === HAS_UPPER;
  return !LOWER_OR_TITLE.test(s) && ANY_UPPER.test(s);
}

/** `str.islower()`: some cased character and no uppercase or titlecase one (as `pyIsUpper` finds them). */
export function pyIsLower(s: string): boolean {
  spendRunningOnText(s);
  const cases = asciiCases(s);
  if (cases !== PAST_ASCII) return cases === HAS_LOWER;
  return !UPPER_OR_TITLE.test(s) && ANY_LOWER.test(s);
}

const isUpperUnit = bmpTest(UPPER_CHAR);
const isLowerUnit = bmpTest(LOWER_CHAR);
const isTitleUnit = bmpTest(TITLE_CHAR);

/**
 * `str.istitle()`: uppercase only after uncased characters, lowercase only after cased ones. BMP characters by
 * the answers `bmpTest` keeps, others by their regex.
 */
export function pyIsTitle(s: string): boolean {
  spendRunningOnText(s);
  let cased = false;
  let previousCased = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let upper: boolean;
    let lower: boolean;
    if (isHighSurrogate(c) && isLowSurrogate(s.charCodeAt(i + 1))) {
      const ch = s.slice(i, i + 2);
      upper = UPPER_CHAR.test(ch) || TITLE_CHAR.test(ch);
      lower = LOWER_CHAR.test(ch);
      i++;
    } else {
      upper = isUpperUnit(c) || isTitleUnit(c);
      lower = isLowerUnit(c);
    }
    if (upper) {
      if (previousCased) return false;
      previousCased = cased = true;
    } else if (lower) {
      if (!previousCased) return false;
      previousCased = cased = true;
    } else {
      previousCased = false;
    }
  }
  return cased;
}

// Where Python's titlecase mapping differs from the uppercase one JS offers (SpecialCasing and Lt letters).
const TITLE_EXCEPTIONS = new Map<string, string>(
  (
    'ß Ss|Ǆ ǅ|ǅ ǅ|ǆ ǅ|Ǉ ǈ|ǈ ǈ|ǉ ǈ|Ǌ ǋ|ǋ ǋ|ǌ ǋ|Ǳ ǲ|ǲ ǲ|ǳ ǲ|և Եւ|ﬀ Ff|ﬁ Fi|ﬂ Fl|ﬃ Ffi|ﬄ Ffl|ﬅ St|ﬆ St|' +
    'ﬓ Մն|ﬔ Մե|ﬕ Մի|ﬖ Վն|ﬗ Մխ|ᾲ Ὰͅ|ᾳ ᾼ|ᾴ Άͅ|ᾷ ᾼ͂|ᾼ ᾼ|ῂ Ὴͅ|ῃ ῌ|ῄ Ήͅ|ῇ ῌ͂|ῌ ῌ|ῲ Ὼͅ|ῳ ῼ|ῴ Ώͅ|ῷ ῼ͂|ῼ ῼ'
  )
    .split('|')
    .map((pair) => pair.split(' ') as [string, string]),
);

/** Python's full titlecase mapping of one code point. */
function titleChar(ch: string): string {
  const special = TITLE_EXCEPTIONS.get(ch);
  if (special !== undefined) return special;
  const cp = ch.codePointAt(0) as number;
  // Georgian Mkhedruli is its own titlecase although it has an uppercase (Mtavruli) form.
  if (cp >= 0x10d0 && cp <= 0x10ff) return ch;
  // Greek letters with ypogegrammeni (U+1F80-U+1FAF) titlecase to the single prosgegrammeni letter.
  if (cp >= 0x1f80 && cp <= 0x1faf) return String.fromCodePoint(cp | 0x08);
  return ch.toUpperCase();
}

/** The titlecase of each Latin-1 character that titlecases to one character (all but `ß`). */
const LATIN1_TITLE: readonly (string | undefined)[] = Array.from({ length: 256 }, (_, c) => {
  const title = titleChar(String.fromCharCode(c));
  return title.length === 1 ? title : undefined;
});

/** Python's lowercase of the code point at `i` of `chars`, with the final-sigma rule needing its context. */
function lowerAt(chars: string[], i: number): string {
  const ch = chars[i];
  if (ch !== 'Σ') return ch.toLowerCase();
  let j = i - 1;
  while (j >= 0 && CASE_IGNORABLE_CHAR.test(chars[j])) j--;
  let final = j >= 0 && CASED_CHAR.test(chars[j]);
  if (final) {
    j = i + 1;
    while (j < chars.length && CASE_IGNORABLE_CHAR.test(chars[j])) j++;
    final = j === chars.length || !CASED_CHAR.test(chars[j]);
  }
  return final ? 'ς' : 'σ';
}

/** `str.upper()` (full case mapping: `'ß'` becomes `'SS'`). */
export function pyUpper(s: string): string {
  return s.toUpperCase();
}

/** `str.lower()` (full case mapping with the final-sigma rule, as JS does it too). */
export function pyLower(s: string): string {
  return s.toLowerCase();
}

/**
 * A test of one BMP code unit by `pattern` (a regex of one character), run once per unit and kept: a regex test
 * of a one-character string costs 50-100 ns, the kept answer a read. 64 KB a test.
 */
export function bmpTest(pattern: RegExp): (c: number) => boolean {
  // 0: not yet tested, 1: matches, 2: does not.
  const known = new Uint8Array(0x10000);
  return (c) => {
    let k = known[c];
    if (k === 0) {
      k = pattern.test(String.fromCharCode(c)) ? 1 : 2;
      known[c] = k;
    }
    return k === 1;
  };
}

const isCasedUnit = bmpTest(CASED_CHAR);

/** Whether the BMP code unit `c` is case-ignorable (`\p{Case_Ignorable}`). */
export const isCaseIgnorableUnit = bmpTest(CASE_IGNORABLE_CHAR);

/**
 * Whether the titlecase of the BMP character `c` may differ from its uppercase (`TITLE_EXCEPTIONS`, Georgian,
 * the Greek letters with ypogegrammeni): a range around each such character.
 */
function mayTitleOtherwise(c: number): boolean {
  return (
    c === 0xdf ||
    (c >= 0x1c4 && c <= 0x1f3) ||
    c === 0x587 ||
    (c >= 0x10d0 && c <= 0x10ff) ||
    (c >= 0x1f80 && c <= 0x1fff) ||
    (c >= 0xfb00 && c <= 0xfb17)
  );
}

/**
 * `str.title()` of a short text that is not all ASCII: the text upper- and lower-cased once by the native
 * mappings, and each character that follows no cased one taken from the upper case, the rest from the lower,
 * where mapping each character on its own cost a call each (2.5x-4x the time). The whole text lower-cased gives
 * a capital sigma the context Python's rule for it reads. Null when that would differ from Python's: a mapping
 * that changes a character's length, or a character whose titlecase is not its uppercase.
 */
function mappedPyTitle(s: string): string | null {
  const upper = s.toUpperCase();
  const lower = s.toLowerCase();
  // No mapping shortens a character, so equal lengths mean each character kept its own.
  if (upper.length !== s.length || lower.length !== s.length) return null;
  spendRunning(s.length);
  let out = '';
  let copied = 0;
  let previousCased = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const width = isHighSurrogate(c) && isLowSurrogate(s.charCodeAt(i + 1)) ? 2 : 1;
    const cased = width === 1 ? isCasedUnit(c) : CASED_CHAR.test(s.slice(i, i + 2));
    if (!previousCased && (width === 2 || upper.charCodeAt(i) !== lower.charCodeAt(i))) {
      if (width === 1 ? mayTitleOtherwise(c) : titleChar(s.slice(i, i + 2)) !== upper.slice(i, i + 2))
        return null;
      out += lower.slice(copied, i) + upper.slice(i, i + width);
      copied = i + width;
    }
    previousCased = cased;
    i += width - 1;
  }
  return copied === 0 ? lower : out + lower.slice(copied);
}

/** `str.title()`: titlecase after any uncased character (digits and apostrophes too), lowercase elsewhere. */
export function pyTitle(s: string): string {
  if (pyIsAscii(s)) return asciiPyTitle(s);
  const mapped = s.length < BUILT_BY_UNITS ? mappedPyTitle(s) : null;
  return mapped ?? pyTitleByChars(s);
}

/** `str.title()` character by character, each mapped on its own: for any text. */
export function pyTitleByChars(s: string): string {
  const chars = codePoints(s);
  let out = '';
  let previousCased = false;
  for (let i = 0; i < chars.length; i++) {
    spendRunning(1);
    const ch = chars[i];
    out += previousCased ? lowerAt(chars, i) : titleChar(ch);
    previousCased = CASED_CHAR.test(ch);
  }
  return out;
}

/**
 * Code units made into text a chunk at a time, spending the render's time per chunk: for a long text whose
 * every few characters change (one-letter words titled, a text reversed), appending a piece per change costs a
 * string each, five times the time of writing the units (200 ms against 40 ms on 2,000,000 characters).
 * `unit(i)` gives the unit at position `i` of the result.
 */
export function textOfUnits(length: number, unit: (i: number) => number): string {
  const chunk = new Uint16Array(Math.min(length, TEXT_CHUNK));
  const parts: string[] = [];
  for (let start = 0; start < length; start += TEXT_CHUNK) {
    const end = Math.min(length, start + TEXT_CHUNK);
    spendRunning(end - start);
    for (let i = start; i < end; i++) chunk[i - start] = unit(i);
    const units = end - start === chunk.length ? chunk : chunk.subarray(0, end - start);
    parts.push(String.fromCharCode.apply(null, units as unknown as number[]));
  }
  return parts.join('');
}

/** Units per chunk of `textOfUnits`: what `String.fromCharCode.apply` takes at once on any engine's stack. */
const TEXT_CHUNK = 8192;

/** Texts at least this long are titled by `textOfUnits`; shorter ones by slices, quicker at their size. */
const BUILT_BY_UNITS = 1024;

/** The code points of `text` in reverse order (Python's `text[::-1]`). */
export function reverseText(text: string): string {
  if (hasSurrogate(text)) return codePoints(text).reverse().join('');
  return unitsBySteps(text, text.length - 1, text.length, -1);
}

/**
 * `count` units of `text` (which holds no surrogate), from `from` on by `step` (which may be negative): what
 * `text[a:b:step]` picks.
 */
export function unitsBySteps(text: string, from: number, count: number, step: number): string {
  if (count < BUILT_BY_UNITS) {
    let out = '';
    for (let i = 0, at = from; i < count; i++, at += step) out += text[at];
    return out;
  }
  return textOfUnits(count, (i) => text.charCodeAt(from + i * step));
}

/** `str.title()` of ASCII text: a letter after a letter is lowercased, any other letter uppercased. */
function asciiPyTitle(s: string): string {
  if (s.length >= BUILT_BY_UNITS) {
    let previousLetter = false;
    return textOfUnits(s.length, (i) => {
      const c = s.charCodeAt(i);
      const lower = c | 32;
      const letter = lower >= 97 && lower <= 122;
      const titled = letter ? (previousLetter ? lower : lower - 32) : c;
      previousLetter = letter;
      return titled;
    });
  }
  spendRunning(s.length);
  const lower = s.toLowerCase();
  let out = '';
  let copied = 0;
  let previousLetter = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i) | 32;
    const letter = c >= 97 && c <= 122;
    if (letter && !previousLetter) {
      out += lower.slice(copied, i) + String.fromCharCode(c - 32);
      copied = i + 1;
    }
    previousLetter = letter;
  }
  return out + lower.slice(copied);
}

/** True when `s` has an ASCII capital or a character past ASCII at `from` or after. */
function hasAsciiCapitalOrOther(s: string, from: number): boolean {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 127 || (c >= 65 && c <= 90)) return true;
  }
  return false;
}

/** `str.capitalize()`: the first character titlecased, the rest lowercased. */
export function pyCapitalize(s: string): string {
  // The usual word (`colour`, `Size`): ASCII with no capital after the first letter. At most that letter changes,
  // without calling the case mappings, which cost more than the scan.
  if (s.length > 0 && s.charCodeAt(0) < 128 && !hasAsciiCapitalOrOther(s, 1)) {
    spendRunning(s.length);
    const first = s.charCodeAt(0);
    return first >= 97 && first <= 122 ? String.fromCharCode(first - 32) + s.slice(1) : s;
  }
  // A first character of Latin-1 (a name with an accent: `maría`, `élodie`): its titlecase from a table, the
  // rest lower-cased with the whole text, so the final sigma's rule sees the first character as Python's does.
  // Its lower case is one character too, so the rest starts at 1 in the lower-cased text.
  const title = s.length > 0 ? LATIN1_TITLE[s.charCodeAt(0)] : undefined;
  if (title !== undefined) {
    spendRunning(s.length);
    return title + s.toLowerCase().slice(1);
  }
  return capitalizeByChars(s);
}

/** `str.capitalize()` for any text: the first code point titlecased, the rest lower-cased. */
export function capitalizeByChars(s: string): string {
  if (s.length === 0) return s;
  const first = String.fromCodePoint(s.codePointAt(0) as number);
  const rest = s.slice(first.length);
  // Without a capital sigma, whose lower case depends on its neighbours (the first character among them), the
  // rest lower-cases as a whole, as it does character by character.
  if (!rest.includes('\u03a3')) {
    spendRunning(s.length);
    return titleChar(first) + rest.toLowerCase();
  }
  const chars = codePoints(s);
  let out = titleChar(chars[0]);
  for (let i = 1; i < chars.length; i++) {
    spendRunning(1);
    out += lowerAt(chars, i);
  }
  return out;
}

/** `str.swapcase()` */
export function pySwapcase(s: string): string {
  // ASCII by character code: only its letters change, each to the other case.
  if (pyIsAscii(s)) {
    return textOfUnits(s.length, (i) => {
      const c = s.charCodeAt(i);
      return (c | 32) >= 97 && (c | 32) <= 122 ? c ^ 32 : c;
    });
  }
  const chars = codePoints(s);
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    spendRunning(1);
    const ch = chars[i];
    if (UPPER_CHAR.test(ch)) out += lowerAt(chars, i);
    else if (LOWER_CHAR.test(ch)) out += ch.toUpperCase();
    else out += ch;
  }
  return out;
}

/** `str.casefold()`: full case folding, approximated as upper-then-lower per code point with Python's exceptions. */
export function pyCasefold(s: string): string {
  // ASCII folds to its lower case.
  if (pyIsAscii(s)) {
    spendRunningOnText(s);
    return s.toLowerCase();
  }
  let out = '';
  for (const ch of s) {
    spendRunning(1);
    const cp = ch.codePointAt(0) as number;
    // Cherokee folds to its uppercase letters; dotless i has no folding.
    if ((cp >= 0x13a0 && cp <= 0x13fd) || (cp >= 0xab70 && cp <= 0xabbf)) out += ch.toUpperCase();
    else if (cp === 0x131) out += ch;
    else if (cp === 0x1e9e) out += 'ss';
    else out += ch.toUpperCase().toLowerCase();
  }
  return out;
}

/** The length of `s` in UTF-8 bytes; a lone surrogate counts three, as its code point would. */
export function utf8Length(s: string): number {
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const low = s.charCodeAt(i + 1);
      // A pair is one code point of four bytes.
      if (low >= 0xdc00 && low <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
