/**
 * Python's `datetime.strftime` as it runs on Linux in the C locale: Python itself fills in `%f`, `%z`
 * and `%Z`, then hands the rest to glibc's `strftime`, whose GNU extensions (`%-d`, `%_H`, `%^a`,
 * `%10A`, `%e`, `%k`, `%s`, ...) templates may use. The glibc rules here were checked against
 * Python 3.11 on glibc 2.36 (`test/filters-service-strftime.test.ts`).
 */
import { LimitError } from '../errors';
import { spendRunning } from '../limits';
import { utf8Length } from '../runtime/strings';
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
  // glibc stops at NUL. Python sizes its buffer from the format: 1024 bytes, doubled until it holds
  // 256 bytes per format byte; a result that does not fit comes back as ''.
  const text = end < 0 ? native : native.slice(0, end);
  let buffer = 1024;
  const formatBytes = utf8Length(text);
  while (buffer < 256 * formatBytes) buffer *= 2;
  const writer = new Writer(Math.min(buffer, maxLength + 1));
  if (!formatTm(writer, civilFields(dt), dt.seconds, text)) {
    if (buffer <= maxLength + 1) return '';
    throw new LimitError('maxOutputSize', `a formatted date is longer than the output limit (${maxLength})`);
  }
  // A UTF-16 unit is at most three UTF-8 bytes: only a long result needs counting.
  const out = writer.text;
  return out.length * 3 >= buffer && utf8Length(out) >= buffer ? '' : out;
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

/** Collects output and stops accepting it past a size, as glibc does when Python's buffer is full. */
class Writer {
  text = '';
  constructor(readonly limit: number) {}
  /** Appends, or returns false once the text is past the limit. */
  write(s: string): boolean {
    this.text += s;
    return this.text.length < this.limit;
  }
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
    const conversion: string | undefined = format[i + 1];
    if (conversion !== undefined) i++;
    // Every conversion but `%z` pads to its width: a width past the limit cannot fit, so stop before padding.
    if (d.width >= out.limit && conversion !== 'z') return false;
    const converted =
      conversion === undefined ? undefined : convert(d, conversion, modifier, swapCase, tm, wallSeconds);
    // Unknown conversions (and a `%` at the end) are copied out as written, with the flags' padding.
    const written = converted ?? pad(d, applyCase(d, format.slice(start, i + 1)));
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
    case 'F':
      if (d.width >= 0) {
        // The width is spread onto the year: `%010F` is `0005-01-03`.
        const year = number(
          { ...d, width: Math.max(0, d.width - 6), upper: false, lower: false },
          1,
          tm.year,
        );
        return subformat(d, year + subformatText('-%m-%d', tm, wallSeconds));
      }
      return subformat(d, subformatText(SUBFORMATS.F, tm, wallSeconds));
    default: {
      const sub = SUBFORMATS[conversion];
      return sub === undefined ? undefined : subformat(d, subformatText(sub, tm, wallSeconds));
    }
  }
}

function subformatText(format: string, tm: CivilFields, wallSeconds: number): string {
  const out = new Writer(Number.POSITIVE_INFINITY);
  formatTm(out, tm, wallSeconds, format);
  return out.text;
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
