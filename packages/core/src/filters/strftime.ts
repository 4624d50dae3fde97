/**
 * Python's `datetime.strftime` as it runs on Linux in the C locale: Python itself fills in `%f`, `%z`
 * and `%Z`, then hands the rest to glibc's `wcsftime`, whose GNU extensions (`%-d`, `%_H`, `%^a`,
 * `%10A`, `%e`, `%k`, `%s`, ...) templates may use. The glibc rules here were checked against
 * Python 3.11 on glibc 2.36 (`test/filters-service-strftime.test.ts` and its property test).
 *
 * A format is read once into a program (runs of literal text, and conversions with their flags read), kept by
 * format; each call runs the program over the date's fields.
 */
import { LimitError } from '../errors';
import { spendRunning } from '../limits';
import { cpLength, isHighSurrogate, isLowSurrogate } from '../runtime/strings';
import { type CivilFields, civilFields, type DateTime, isLeapYear } from './civil-time';
import { formatOffset } from './time-zones';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAY_ABBREVIATIONS = WEEKDAYS.map((name) => name.slice(0, 3));
const MONTH_ABBREVIATIONS = MONTHS.map((name) => name.slice(0, 3));

/** Conversions that accept glibc's `E` and `O` modifiers; any other pairing is copied out as text. */
const WITH_E = new Set('cnprstuxyzCPRTXYZ%');
const WITH_O = new Set('bdeghjklmnprstuwyzBCGHIMPRSTUVWZ%');

/** The fixed expansions of the C locale and of glibc's composite conversions. */
const SUBFORMATS: Readonly<Record<string, string>> = {
  c: '%a %b %e %H:%M:%S %Y',
  D: '%m/%d/%y',
  x: '%m/%d/%y',
  F: '%Y-%m-%d',
  r: '%I:%M:%S %p',
  R: '%H:%M',
  T: '%H:%M:%S',
  X: '%H:%M:%S',
};

/** What one conversion writes for a date. */
type Conversion = (piece: Piece, tm: CivilFields, dt: DateTime, python: PythonTexts) => string;

/** A part of a program: literal text, or one conversion with its flags as glibc's `__strftime_internal` reads them. */
interface Piece {
  /** The literal text; for a conversion glibc copies out as written (an unknown letter), the text it pads. */
  readonly text: string;
  /** Surrogate pairs in `text`: Python counts characters, and a pair is one. */
  readonly pairs: number;
  /** null for literal text. */
  readonly convert: Conversion | null;
  /** `'_'`, `'-'`, `'0'`, or `''` when none was given. */
  readonly pad: string;
  /** -1 when none was given. */
  readonly width: number;
  readonly upper: boolean;
  readonly lower: boolean;
}

/** A format, read. */
interface Program {
  readonly pieces: readonly Piece[];
  /** What writing it spends of the render's time budget: a unit per format character, as reading it. */
  readonly units: number;
  /** Characters of the format glibc is given, not counting Python's `%f`, `%z` and `%Z`. */
  readonly length: number;
  /** Python's buffer for `length` (see `bufferFor`). */
  readonly buffer: number;
  /** How many `%f`, `%z` and `%Z` Python fills in, or null for none: their text depends on the date. */
  readonly python: PythonCounts | null;
  /**
   * True when a `%f`, `%z` or `%Z` is not a conversion of its own for glibc (`%-%f` gives glibc `%-000012`, a
   * width of 12): the format is then read again for each date, after Python's pass, and `pieces` is empty.
   */
  readonly rereadPerDate: boolean;
}

type PythonCounts = Record<'f' | 'z' | 'Z', number>;

/** What Python writes for `%f`, `%z` and `%Z` for one date, as far as the program needs them. */
interface PythonTexts {
  readonly f: string;
  readonly z: string;
  /** The zone's name, as glibc prints it (Python doubles its `%`, and glibc reads each pair back as one). */
  readonly Z: string;
  /** Characters that Python's replacements add to the format glibc is given. */
  readonly length: number;
}

const NO_PYTHON: PythonTexts = { f: '', z: '', Z: '', length: 0 };

/**
 * Formats `dt` as Python's `dt.strftime(format)` does. Output longer than `maxLength` is a LimitError,
 * found as the text grows, so `%2000000000d` fails before it allocates.
 * @example `strftime(dt, '%d/%m/%Y', maxLength)` is `08/03/2024` for 2024-03-08.
 */
export function strftime(dt: DateTime, format: string, maxLength: number): string {
  const program = programFor(format);
  if (program.python === null) return run(program, program.buffer, dt, NO_PYTHON, maxLength);
  if (!program.rereadPerDate) {
    const texts = pythonTexts(dt, program.python);
    if (texts !== null) return run(program, bufferFor(program.length + texts.length), dt, texts, maxLength);
  }
  const native = readProgram(cutAtNul(pythonPass(dt, format)), []);
  return run(native, native.buffer, dt, NO_PYTHON, maxLength);
}

/** Programs by format, oldest first. */
const programs = new Map<string, Program>();
/** Most formats kept read: a render seldom uses more than a few. */
const MOST_PROGRAMS = 256;
/** Longest format kept, so the kept programs stay small; longer ones are read on each call. */
const LONGEST_KEPT_FORMAT = 256;

function programFor(format: string): Program {
  const kept = programs.get(format);
  if (kept !== undefined) return kept;
  const text = cutAtNul(format);
  const program = readProgram(text, pythonDirectiveStarts(text));
  if (format.length <= LONGEST_KEPT_FORMAT) {
    if (programs.size >= MOST_PROGRAMS) programs.delete(programs.keys().next().value as string);
    programs.set(format, program);
  }
  return program;
}

/** glibc stops at NUL. */
function cutAtNul(text: string): string {
  const end = text.indexOf('\0');
  return end < 0 ? text : text.slice(0, end);
}

/**
 * Python hands `wcsftime` a buffer sized from the format: 1024 characters, doubled until it holds 256 characters
 * per format character; a result that does not fit comes back as ''.
 */
function bufferFor(formatLength: number): number {
  let buffer = 1024;
  while (buffer < 256 * formatLength) buffer *= 2;
  return buffer;
}

function run(program: Program, buffer: number, dt: DateTime, python: PythonTexts, maxLength: number): string {
  return write(program, civilFields(dt), dt, python, buffer, maxLength) ?? '';
}

/**
 * glibc's `wcsftime` over calendar fields into Python's buffer of `buffer` characters: undefined when the result
 * does not fit it, a LimitError when the text grows past `maxLength` first.
 */
function write(
  program: Program,
  tm: CivilFields,
  dt: DateTime,
  python: PythonTexts,
  buffer: number,
  maxLength: number,
): string | undefined {
  // A piece is one step of work, and there is at most one per format character: a unit per character, as to read.
  spendRunning(program.units);
  const pieces = program.pieces;
  let out = '';
  let pairs = 0;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    if (piece.convert === null) out += piece.text;
    else {
      // A conversion pads to its width: a width that cannot fit stops the text before it is padded.
      const width = piece.width;
      if (width >= 0 && (out.length - pairs + width >= buffer || out.length + width > maxLength)) {
        return overflow(out.length - pairs + width, out.length + width, buffer, maxLength);
      }
      out += piece.convert(piece, tm, dt, python);
    }
    pairs += piece.pairs;
    if (out.length - pairs >= buffer || out.length > maxLength) {
      return overflow(out.length - pairs, out.length, buffer, maxLength);
    }
  }
  return out;
}

/**
 * A text of `length` characters (`units` UTF-16 units) past Python's buffer or the output limit: undefined for
 * the buffer (the result is ''), a LimitError for the limit. Past both, the smaller decides, as the text growing
 * a character at a time reaches it first.
 */
function overflow(length: number, units: number, buffer: number, maxLength: number): undefined {
  if (length >= buffer && (units <= maxLength || buffer <= maxLength + 1)) return undefined;
  throw new LimitError('maxOutputSize', `a formatted date is longer than the output limit (${maxLength})`);
}

/** A `%f`, `%z` or `%Z` (or a `%%` before one of the letters, which `pythonDirectiveStarts` tells apart). */
const PYTHON_DIRECTIVE = /%[fzZ]/;

/** Where Python's `wrap_strftime` replaces a `%f`, `%z` or `%Z`: it reads each `%` with the character after it. */
function pythonDirectiveStarts(text: string): number[] {
  const starts: number[] = [];
  if (!PYTHON_DIRECTIVE.test(text)) return starts;
  for (let i = text.indexOf('%'); i >= 0 && i + 1 < text.length; i = text.indexOf('%', i + 2)) {
    const next = text[i + 1];
    if (next === 'f' || next === 'z' || next === 'Z') starts.push(i);
  }
  return starts;
}

/** Python's `wrap_strftime`: replaces `%f`, `%z` and `%Z` directly after a `%`; everything else goes to glibc. */
function pythonPass(dt: DateTime, format: string): string {
  let out = '';
  for (let i = 0; i < format.length; i++) {
    spendRunning(1);
    const ch = format[i];
    if (ch !== '%' || i + 1 === format.length) {
      out += ch;
      continue;
    }
    const next = format[++i];
    if (next === 'f') out += microseconds(dt);
    else if (next === 'z') out += dt.zone ? formatOffset(dt.zone.offsetSeconds, '') : '';
    else if (next === 'Z') out += dt.zone ? dt.zone.tzname().replaceAll('%', '%%') : '';
    else out += `%${next}`;
  }
  return out;
}

function microseconds(dt: DateTime): string {
  return String(dt.microsecond).padStart(6, '0');
}

/** A zone name whose text could change what glibc is given beyond itself: a NUL ends the format, a surrogate may pair. */
const UNSAFE_ZONE_NAME = /[\0\uD800-\uDFFF]/;

/** Python's replacements for one date, or null when a zone name must go through `pythonPass`. */
function pythonTexts(dt: DateTime, counts: PythonCounts): PythonTexts | null {
  const f = counts.f > 0 ? microseconds(dt) : '';
  const z = counts.z > 0 && dt.zone ? formatOffset(dt.zone.offsetSeconds, '') : '';
  const Z = counts.Z > 0 && dt.zone ? dt.zone.tzname() : '';
  if (UNSAFE_ZONE_NAME.test(Z)) return null;
  const zLength = Z === '' ? 0 : Z.replaceAll('%', '%%').length;
  return { f, z, Z, length: counts.f * f.length + counts.z * z.length + counts.Z * zLength };
}

/**
 * Reads a format (already cut at NUL) into a program. `pythonStarts` are the `%f`, `%z` and `%Z` Python
 * replaces; each one glibc reads as a conversion of its own becomes a piece that writes Python's text.
 */
function readProgram(text: string, pythonStarts: readonly number[]): Program {
  const pieces: Piece[] = [];
  const counts: PythonCounts = { f: 0, z: 0, Z: 0 };
  let literal = '';
  const push = (piece: Piece) => {
    if (literal !== '') pieces.push(literalPiece(literal));
    literal = '';
    pieces.push(piece);
  };
  let matched = 0;
  let i = 0;
  while (i < text.length) {
    const percent = text.indexOf('%', i);
    if (percent !== i) {
      const end = percent < 0 ? text.length : percent;
      spendRunning(end - i);
      literal += text.slice(i, end);
      i = end;
      continue;
    }
    spendRunning(1);
    const start = i;
    // A `%f`, `%z` or `%Z` inside another conversion (`%-%f`): Python's text would join it.
    if (pythonStarts[matched] < start) break;
    let pad = '';
    let upper = false;
    let swapCase = false;
    for (
      let f = text[i + 1];
      f === '_' || f === '-' || f === '0' || f === '^' || f === '#';
      f = text[i + 1]
    ) {
      if (f === '^') upper = true;
      else if (f === '#') swapCase = true;
      else pad = f;
      i++;
    }
    let width = -1;
    if (isDigit(text[i + 1])) {
      width = 0;
      while (isDigit(text[i + 1])) width = Math.min(width * 10 + Number(text[++i]), 2 ** 31 - 1);
    }
    let modifier = '';
    if (text[i + 1] === 'E' || text[i + 1] === 'O') modifier = text[++i];
    // One character to glibc, which reads the format as wide characters: a surrogate pair is one.
    const code = text.codePointAt(i + 1);
    const letter = code === undefined ? undefined : String.fromCodePoint(code);
    i += 1 + (letter?.length ?? 0);

    if (pythonStarts[matched] === start && (letter === 'f' || letter === 'z' || letter === 'Z')) {
      // glibc reads no flags before these letters, so Python's text stands alone, as literal text would.
      if (isHighSurrogate(text.charCodeAt(start - 1)) || isLowSurrogate(text.charCodeAt(i))) break;
      matched++;
      counts[letter]++;
      push(conversionPiece(PYTHON_CONVERSIONS[letter], '', -1, false, false));
      continue;
    }
    const convert = letter === undefined ? undefined : glibcConversion(letter, modifier);
    if (letter === undefined || convert === undefined) {
      // Unknown conversions (and a `%` at the end) are copied out as written, with the flags' case (glibc's
      // `towupper`: the letter may be any character) and padding. glibc takes `#` for `%b` and `%h` before it
      // rejects their `E`, so `%#Eb` is copied in capitals.
      const copyUpper = upper || (swapCase && (letter === 'b' || letter === 'h'));
      const copied = copyUpper ? wideUpper(text.slice(start, i)) : text.slice(start, i);
      if (width < 0) literal += copied;
      else push(copyPiece(copied, pad, width));
      continue;
    }
    // `%z` is Python's; left to glibc (after flags) it prints nothing, whatever its width.
    const constant = letter === 'z' ? '' : width < 0 ? CONSTANT_CONVERSIONS.get(letter) : undefined;
    if (constant !== undefined) {
      literal += constant;
      continue;
    }
    const named = letter === 'a' || letter === 'A' || letter === 'b' || letter === 'h' || letter === 'B';
    push(
      conversionPiece(
        convert,
        // glibc's `DO_NUMBER_SPACEPAD`: blanks unless the `0` or `-` flag says otherwise.
        (letter === 'e' || letter === 'k' || letter === 'l') && pad !== '0' && pad !== '-' ? '_' : pad,
        width,
        upper || (swapCase && named),
        letter === 'P' || (letter === 'p' && swapCase),
      ),
    );
  }
  if (matched < pythonStarts.length) {
    return { pieces: [], units: 0, length: 0, buffer: 0, python: counts, rereadPerDate: true };
  }
  if (literal !== '') pieces.push(literalPiece(literal));
  const length = text.length - surrogatePairs(text) - 2 * matched;
  return {
    pieces,
    units: text.length,
    length,
    buffer: bufferFor(length),
    python: matched > 0 ? counts : null,
    rereadPerDate: false,
  };
}

// Pieces are made here, all in one shape, so that the loop that writes them reads one kind of object.

function literalPiece(text: string): Piece {
  return { text, pairs: surrogatePairs(text), convert: null, pad: '', width: -1, upper: false, lower: false };
}

function conversionPiece(
  convert: Conversion,
  pad: string,
  width: number,
  upper: boolean,
  lower: boolean,
): Piece {
  return { text: '', pairs: 0, convert, pad, width, upper, lower };
}

/** A conversion glibc rejects, copied out as written and padded to its width in characters. */
function copyPiece(text: string, pad: string, width: number): Piece {
  const pairs = surrogatePairs(text);
  return { text, pairs, convert: copyOut, pad, width, upper: false, lower: false };
}

/** glibc's conversion for a letter and modifier, or undefined when glibc rejects them and copies them out. */
function glibcConversion(letter: string, modifier: string): Conversion | undefined {
  if ((modifier === 'E' && !WITH_E.has(letter)) || (modifier === 'O' && !WITH_O.has(letter)))
    return undefined;
  return CONVERSIONS.get(letter);
}

function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch >= '0' && ch <= '9';
}

/** How many surrogate pairs `s` holds: each is one character, two UTF-16 units. */
function surrogatePairs(s: string): number {
  return s.length - cpLength(s);
}

const copyOut: Conversion = (piece) => padTo(piece.pad, piece.width + piece.pairs, piece.text);

/** What glibc writes for these conversions without a width, whatever the date. */
const CONSTANT_CONVERSIONS = new Map([
  ['%', '%'],
  ['n', '\n'],
  ['t', '\t'],
  // Only a bare `%Z` reaches Python's zone name; with flags glibc sees no zone.
  ['Z', ''],
]);

const PYTHON_CONVERSIONS: Readonly<Record<'f' | 'z' | 'Z', Conversion>> = {
  f: (_piece, _tm, _dt, python) => python.f,
  z: (_piece, _tm, _dt, python) => python.z,
  Z: (_piece, _tm, _dt, python) => python.Z,
};

const hour12 = (tm: CivilFields) => (tm.hour % 12 === 0 ? 12 : tm.hour % 12);
const twoDigitYear = (year: number) => ((year % 100) + 100) % 100;
const composite =
  (format: string): Conversion =>
  (piece, tm, dt) =>
    subformat(piece, subformatText(format, tm, dt));

/** glibc's conversions by letter; the readers of `e`, `k` and `l` pad with blanks (see `readProgram`). */
const CONVERSIONS = new Map<string, Conversion>([
  ['%', (piece) => pad(piece, '%')],
  ['n', (piece) => pad(piece, '\n')],
  ['t', (piece) => pad(piece, '\t')],
  ['a', (piece, tm) => text(piece, WEEKDAY_ABBREVIATIONS[tm.weekday])],
  ['A', (piece, tm) => text(piece, WEEKDAYS[tm.weekday])],
  ['b', (piece, tm) => text(piece, MONTH_ABBREVIATIONS[tm.month - 1])],
  ['h', (piece, tm) => text(piece, MONTH_ABBREVIATIONS[tm.month - 1])],
  ['B', (piece, tm) => text(piece, MONTHS[tm.month - 1])],
  ['p', (piece, tm) => text(piece, tm.hour > 11 ? 'PM' : 'AM')],
  ['P', (piece, tm) => text(piece, tm.hour > 11 ? 'PM' : 'AM')],
  ['Z', (piece) => text(piece, '')],
  ['z', () => ''],
  ['C', (piece, tm) => number(piece, 1, Math.floor(tm.year / 100))],
  ['d', (piece, tm) => number(piece, 2, tm.day)],
  ['e', (piece, tm) => number(piece, 2, tm.day)],
  ['H', (piece, tm) => number(piece, 2, tm.hour)],
  ['I', (piece, tm) => number(piece, 2, hour12(tm))],
  ['k', (piece, tm) => number(piece, 2, tm.hour)],
  ['l', (piece, tm) => number(piece, 2, hour12(tm))],
  ['j', (piece, tm) => number(piece, 3, tm.yearDay + 1)],
  ['m', (piece, tm) => number(piece, 2, tm.month)],
  ['M', (piece, tm) => number(piece, 2, tm.minute)],
  ['S', (piece, tm) => number(piece, 2, tm.second)],
  // mktime() of the wall clock on a server whose zone is UTC; the width never becomes digits here.
  ['s', (piece, _tm, dt) => numberWithDigits(piece.pad, piece.width, 1, dt.seconds)],
  ['u', (piece, tm) => number(piece, 1, tm.weekday === 0 ? 7 : tm.weekday)],
  ['w', (piece, tm) => number(piece, 1, tm.weekday)],
  ['U', (piece, tm) => number(piece, 2, Math.floor((tm.yearDay - tm.weekday + 7) / 7))],
  ['W', (piece, tm) => number(piece, 2, Math.floor((tm.yearDay - ((tm.weekday + 6) % 7) + 7) / 7))],
  ['G', (piece, tm) => number(piece, 1, isoWeek(tm).year)],
  ['g', (piece, tm) => number(piece, 2, twoDigitYear(isoWeek(tm).year))],
  ['V', (piece, tm) => number(piece, 2, isoWeek(tm).week)],
  ['y', (piece, tm) => number(piece, 2, twoDigitYear(tm.year))],
  ['Y', (piece, tm) => number(piece, 1, tm.year)],
  ['c', composite(SUBFORMATS.c)],
  ['D', composite(SUBFORMATS.D)],
  ['F', composite(SUBFORMATS.F)],
  ['x', composite(SUBFORMATS.x)],
  ['r', composite(SUBFORMATS.r)],
  ['R', composite(SUBFORMATS.R)],
  ['T', composite(SUBFORMATS.T)],
  ['X', composite(SUBFORMATS.X)],
]);

function subformatText(format: string, tm: CivilFields, dt: DateTime): string {
  const unbounded = Number.POSITIVE_INFINITY;
  return write(programFor(format), tm, dt, NO_PYTHON, unbounded, unbounded) ?? '';
}

/** A composite conversion's text: padded to the width, and upper-cased by `^` (but never lower-cased). */
function subformat(piece: Piece, s: string): string {
  return pad(piece, piece.upper ? asciiUpper(s) : s);
}

/** glibc's `cpy`: the case flags, then left padding to the width (zeros only for the `0` flag). */
function text(piece: Piece, s: string): string {
  return pad(piece, piece.lower ? s.toLowerCase() : piece.upper ? asciiUpper(s) : s);
}

function asciiUpper(s: string): string {
  return s.replace(/[a-z]+/g, (m) => m.toUpperCase());
}

/** glibc's `towupper` in C.UTF-8 over each character: Unicode's simple uppercase mapping. */
function wideUpper(s: string): string {
  let out = '';
  for (const ch of s) out += simpleUpper(ch);
  return out;
}

/**
 * Unicode's simple uppercase of one character. JavaScript gives the full one, which differs only where it is
 * more than one character (`ß` is `SS`): the simple one is then the character itself, but for the Greek letters
 * with ypogegrammeni, whose simple uppercase has prosgegrammeni (`ᾳ` is `ᾼ`).
 */
function simpleUpper(ch: string): string {
  const upper = ch.toUpperCase();
  if (String.fromCodePoint(upper.codePointAt(0) as number) === upper) return upper;
  const own = ch.codePointAt(0) as number;
  if (own >= 0x1f80 && own <= 0x1fa7 && (own & 0xf) < 8) return String.fromCodePoint(own + 8);
  if (own === 0x1fb3 || own === 0x1fc3 || own === 0x1ff3) return String.fromCodePoint(own + 9);
  return ch;
}

function pad(piece: Piece, s: string): string {
  return padTo(piece.pad, piece.width, s);
}

function padTo(pad: string, width: number, s: string): string {
  return width > s.length ? (pad === '0' ? '0' : ' ').repeat(width - s.length) + s : s;
}

/** `00` to `99`: most conversions are two digits without flags. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));

/** glibc's `DO_NUMBER`: at least `digits` digits (or the width), zeros by default, blanks for `_`, none for `-`. */
function number(piece: Piece, digits: number, value: number): string {
  if (digits === 2 && piece.pad === '' && piece.width < 0 && value >= 0 && value < 100)
    return TWO_DIGITS[value];
  return numberWithDigits(piece.pad, piece.width, Math.max(digits, piece.width), value);
}

function numberWithDigits(pad: string, width: number, digits: number, value: number): string {
  const plain = String(value);
  const padding = digits - plain.length;
  if (pad === '-' || padding <= 0) return padTo(pad, width, plain);
  // `digits` covers the width whenever there is padding, so blanks or zeros fill it all.
  if (pad === '_') return ' '.repeat(padding) + plain;
  // Zeros go after the sign.
  return value < 0 ? `-${plain.slice(1).padStart(digits - 1, '0')}` : plain.padStart(digits, '0');
}

/** The ISO 8601 week-numbering year and week of a date (`%G`, `%g`, `%V`). */
function isoWeek(tm: CivilFields): { year: number; week: number } {
  let year = tm.year;
  let days = isoWeekDays(tm.yearDay, tm.weekday);
  if (days < 0) {
    year--;
    days = isoWeekDays(tm.yearDay + (isLeapYear(year) ? 366 : 365), tm.weekday);
  } else {
    const next = isoWeekDays(tm.yearDay - (isLeapYear(year) ? 366 : 365), tm.weekday);
    if (next >= 0) {
      year++;
      days = next;
    }
  }
  return { year, week: Math.floor(days / 7) + 1 };
}

/** Days from the Monday of ISO week 1 (the week with the year's first Thursday) to `yearDay`. */
function isoWeekDays(yearDay: number, weekday: number): number {
  const bigEnoughMultipleOf7 = (Math.floor(366 / 7) + 2) * 7;
  return yearDay - ((yearDay - weekday + 4 + bigEnoughMultipleOf7) % 7) + 3;
}
