/**
 * Python's `datetime.strftime` as it runs on Linux in the C locale: Python itself fills in `%f`, `%z`
 * and `%Z`, then hands the rest to glibc's `wcsftime`, whose GNU extensions (`%-d`, `%_H`, `%^a`,
 * `%10A`, `%e`, `%k`, `%s`, ...) templates may use. The glibc rules here were checked against
 * Python 3.11 on glibc 2.36 (`test/filters-service-strftime.test.ts` and its property test).
 */
import { LimitError } from '../errors';
import { spendRunning } from '../limits';
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

/**
 * Formats `dt` as Python's `dt.strftime(format)` does. Output longer than `maxLength` is a LimitError,
 * found as the text grows, so `%2000000000d` fails before it allocates.
 */
export function strftime(dt: DateTime, format: string, maxLength: number): string {
  const native = pythonPass(dt, format);
  const end = native.indexOf('\0');
  // glibc stops at NUL. Python hands `wcsftime` a buffer sized from the format: 1024 characters, doubled
  // until it holds 256 characters per format character; a result that does not fit comes back as ''.
  const text = end < 0 ? native : native.slice(0, end);
  let buffer = 1024;
  const formatLength = text.length - surrogatePairs(text);
  while (buffer < 256 * formatLength) buffer *= 2;
  const writer = new Writer(buffer, maxLength);
  if (!formatTm(writer, civilFields(dt), dt.seconds, text)) {
    if (writer.overflow === 'buffer') return '';
    throw new LimitError('maxOutputSize', `a formatted date is longer than the output limit (${maxLength})`);
  }
  return writer.text;
}

/** A `%f`, `%z` or `%Z` (or a `%%` before one of the letters, which `pythonPass` tells apart). */
const PYTHON_DIRECTIVE = /%[fzZ]/;

/** Python's `wrap_strftime`: replaces `%f`, `%z` and `%Z` directly after a `%`; everything else goes to glibc. */
function pythonPass(dt: DateTime, format: string): string {
  // Most formats have none of the three: they pass unchanged.
  if (!PYTHON_DIRECTIVE.test(format)) return format;
  let out = '';
  for (let i = 0; i < format.length; i++) {
    spendRunning(1);
    const ch = format[i];
    if (ch !== '%' || i + 1 === format.length) {
      out += ch;
      continue;
    }
    const next = format[++i];
    if (next === 'f') out += String(dt.microsecond).padStart(6, '0');
    else if (next === 'z') out += dt.zone ? formatOffset(dt.zone.offsetSeconds, '') : '';
    else if (next === 'Z') out += dt.zone ? dt.zone.tzname().replaceAll('%', '%%') : '';
    else out += `%${next}`;
  }
  return out;
}

/**
 * Collects output and stops accepting it once Python's buffer (counted in characters, a surrogate pair being
 * one) is full, as glibc does, or once the text is longer than the output limit.
 */
class Writer {
  text = '';
  /**
   * What the text overflowed: Python's buffer (the result is then ''), or the output limit (a LimitError). When
   * it overflows both at once, the smaller decides, as the text growing one character at a time reaches it first.
   */
  overflow: 'buffer' | 'limit' | undefined;
  private pairs = 0;
  constructor(
    readonly buffer: number,
    readonly maxLength: number,
  ) {}

  /** True when the text can grow by `extra` characters (and UTF-16 units); else sets `overflow`. */
  fits(extra: number): boolean {
    const full = this.text.length - this.pairs + extra >= this.buffer;
    const long = this.text.length + extra > this.maxLength;
    if (full && (!long || this.buffer <= this.maxLength + 1)) this.overflow = 'buffer';
    else if (long) this.overflow = 'limit';
    return this.overflow === undefined;
  }

  /** Appends, or returns false once the text overflows. */
  write(s: string): boolean {
    if (isLowSurrogate(s.charCodeAt(0)) && isHighSurrogate(this.text.charCodeAt(this.text.length - 1))) {
      this.pairs++;
    }
    this.pairs += surrogatePairs(s);
    this.text += s;
    return this.fits(0);
  }
}

/** How many surrogate pairs `s` holds: each is one character to Python. */
function surrogatePairs(s: string): number {
  let pairs = 0;
  for (let i = 0; i + 1 < s.length; i++) {
    if (isHighSurrogate(s.charCodeAt(i)) && isLowSurrogate(s.charCodeAt(i + 1))) {
      pairs++;
      i++;
    }
  }
  return pairs;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** One conversion's flags, as glibc's `__strftime_internal` keeps them. */
interface Directive {
  /** `'_'`, `'-'`, `'0'`, or `''` when none was given. */
  pad: string;
  width: number;
  upper: boolean;
  lower: boolean;
}

/** glibc's `strftime` over calendar fields; false when the writer filled up. */
function formatTm(out: Writer, tm: CivilFields, wallSeconds: number, format: string): boolean {
  for (let i = 0; i < format.length; i++) {
    spendRunning(1);
    if (format[i] !== '%') {
      if (!out.write(format[i])) return false;
      continue;
    }
    const start = i;
    const d: Directive = { pad: '', width: -1, upper: false, lower: false };
    let swapCase = false;
    for (
      let f = format[i + 1];
      f === '_' || f === '-' || f === '0' || f === '^' || f === '#';
      f = format[i + 1]
    ) {
      if (f === '^') d.upper = true;
      else if (f === '#') swapCase = true;
      else d.pad = f;
      i++;
    }
    if (isDigit(format[i + 1])) {
      d.width = 0;
      while (isDigit(format[i + 1])) {
        d.width = Math.min(d.width * 10 + Number(format[++i]), 2 ** 31 - 1);
      }
    }
    let modifier = '';
    if (format[i + 1] === 'E' || format[i + 1] === 'O') modifier = format[++i];
    // One character to glibc, which reads the format as wide characters: a surrogate pair is one.
    const code = format.codePointAt(i + 1);
    const conversion = code === undefined ? undefined : String.fromCodePoint(code);
    if (conversion !== undefined) i += conversion.length;
    // Every conversion but `%z` pads to its width: a width past the limit cannot fit, so stop before padding.
    if (conversion !== 'z' && d.width >= 0 && !out.fits(d.width)) return false;
    // glibc takes `#` for `%b` and `%h` before it looks at their modifier: a rejected `%#Eb` is copied in capitals.
    if (swapCase && (conversion === 'b' || conversion === 'h')) d.upper = true;
    const converted =
      conversion === undefined ? undefined : convert(d, conversion, modifier, swapCase, tm, wallSeconds);
    // Unknown conversions (and a `%` at the end) are copied out as written, with the flags' case and padding.
    const written = converted ?? copy(d, format.slice(start, i + 1));
    if (!out.write(written)) return false;
  }
  return true;
}

function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch >= '0' && ch <= '9';
}

/** The text of one conversion, or undefined when glibc rejects it (unknown letter, wrong modifier). */
function convert(
  d: Directive,
  conversion: string,
  modifier: string,
  swapCase: boolean,
  tm: CivilFields,
  wallSeconds: number,
): string | undefined {
  if ((modifier === 'E' && !WITH_E.has(conversion)) || (modifier === 'O' && !WITH_O.has(conversion))) {
    return undefined;
  }
  const hour12 = tm.hour % 12 === 0 ? 12 : tm.hour % 12;
  switch (conversion) {
    case '%':
      return pad(d, '%');
    case 'n':
      return pad(d, '\n');
    case 't':
      return pad(d, '\t');
    case 'a':
    case 'A':
    case 'b':
    case 'h':
    case 'B': {
      if (swapCase) d.upper = true;
      const name = conversion === 'a' || conversion === 'A' ? WEEKDAYS[tm.weekday] : MONTHS[tm.month - 1];
      return text(d, conversion === 'A' || conversion === 'B' ? name : name.slice(0, 3));
    }
    case 'p':
    case 'P':
      if (swapCase || conversion === 'P') d.lower = true;
      return text(d, tm.hour > 11 ? 'PM' : 'AM');
    case 'Z':
      // Only a bare `%Z` reaches Python's zone name; with flags glibc sees no zone.
      return text(d, '');
    case 'z':
      return '';
    case 'C':
      return number(d, 1, Math.floor(tm.year / 100));
    case 'd':
      return number(d, 2, tm.day);
    case 'e':
      return spacePadded(d, 2, tm.day);
    case 'H':
      return number(d, 2, tm.hour);
    case 'I':
      return number(d, 2, hour12);
    case 'k':
      return spacePadded(d, 2, tm.hour);
    case 'l':
      return spacePadded(d, 2, hour12);
    case 'j':
      return number(d, 3, tm.yearDay + 1);
    case 'm':
      return number(d, 2, tm.month);
    case 'M':
      return number(d, 2, tm.minute);
    case 'S':
      return number(d, 2, tm.second);
    case 's':
      // mktime() of the wall clock on a server whose zone is UTC; the width never becomes digits here.
      return numberWithDigits(d, 1, wallSeconds);
    case 'u':
      return number(d, 1, tm.weekday === 0 ? 7 : tm.weekday);
    case 'w':
      return number(d, 1, tm.weekday);
    case 'U':
      return number(d, 2, Math.floor((tm.yearDay - tm.weekday + 7) / 7));
    case 'W':
      return number(d, 2, Math.floor((tm.yearDay - ((tm.weekday + 6) % 7) + 7) / 7));
    case 'G':
    case 'g':
    case 'V': {
      const iso = isoWeek(tm);
      if (conversion === 'G') return number(d, 1, iso.year);
      if (conversion === 'g') return number(d, 2, ((iso.year % 100) + 100) % 100);
      return number(d, 2, iso.week);
    }
    case 'y':
      return number(d, 2, ((tm.year % 100) + 100) % 100);
    case 'Y':
      return number(d, 1, tm.year);
    default: {
      const sub = SUBFORMATS[conversion];
      return sub === undefined ? undefined : subformat(d, subformatText(sub, tm, wallSeconds));
    }
  }
}

function subformatText(format: string, tm: CivilFields, wallSeconds: number): string {
  const out = new Writer(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY);
  formatTm(out, tm, wallSeconds, format);
  return out.text;
}

/**
 * A rejected conversion as written, upper-cased by `^` with glibc's `towupper` and padded to its width in
 * characters: its last character may be any letter.
 */
function copy(d: Directive, s: string): string {
  const text = d.upper ? wideUpper(s) : s;
  const pairs = surrogatePairs(text);
  return pad({ ...d, width: d.width < 0 ? d.width : d.width + pairs }, text);
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
  const code = upper.codePointAt(0) as number;
  if (String.fromCodePoint(code) === upper) return upper;
  const own = ch.codePointAt(0) as number;
  if (own >= 0x1f80 && own <= 0x1fa7 && (own & 0xf) < 8) return String.fromCodePoint(own + 8);
  if (own === 0x1fb3 || own === 0x1fc3 || own === 0x1ff3) return String.fromCodePoint(own + 9);
  return ch;
}

/** A composite conversion's text: padded to the width, and upper-cased by `^` (but never lower-cased). */
function subformat(d: Directive, s: string): string {
  return pad(d, d.upper ? asciiUpper(s) : s);
}

/** glibc's `cpy`: the case flags, then left padding to the width (zeros only for the `0` flag). */
function text(d: Directive, s: string): string {
  return pad(d, applyCase(d, s));
}

function applyCase(d: Directive, s: string): string {
  if (d.lower) return s.toLowerCase();
  return d.upper ? asciiUpper(s) : s;
}

function asciiUpper(s: string): string {
  return s.replace(/[a-z]+/g, (m) => m.toUpperCase());
}

function pad(d: Directive, s: string): string {
  return d.width > s.length ? (d.pad === '0' ? '0' : ' ').repeat(d.width - s.length) + s : s;
}

/** glibc's `DO_NUMBER_SPACEPAD`: blanks unless the `0` or `-` flag says otherwise. */
function spacePadded(d: Directive, digits: number, value: number): string {
  return number({ ...d, pad: d.pad === '0' || d.pad === '-' ? d.pad : '_' }, digits, value);
}

/** glibc's `DO_NUMBER`: at least `digits` digits (or the width), zeros by default, blanks for `_`, none for `-`. */
function number(d: Directive, digits: number, value: number): string {
  return numberWithDigits(d, Math.max(digits, d.width), value);
}

function numberWithDigits(d: Directive, digits: number, value: number): string {
  const plain = String(value);
  const padding = digits - plain.length;
  if (d.pad === '-' || padding <= 0) return text(d, plain);
  if (d.pad === '_')
    return ' '.repeat(padding) + text({ ...d, width: d.width > padding ? d.width - padding : 0 }, plain);
  // Zeros go after the sign and use up the width.
  const zeroed = value < 0 ? `-${'0'.repeat(padding)}${plain.slice(1)}` : '0'.repeat(padding) + plain;
  return text({ ...d, width: 0 }, zeroed);
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
