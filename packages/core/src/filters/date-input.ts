/** Reads the dates the service's date filters accept: text in a few fixed layouts, or Unix seconds. */
import { valueError } from '../errors';
import { isNumber, Markup, type PyFloat, toJsNumber } from '../runtime/values';
import { quoted } from './args';
import { civilToSeconds, type DateTime, daysInMonth, MAX_SECONDS, MIN_SECONDS } from './civil-time';
import { fixedZone } from './time-zones';

/**
 * The date layouts: `2020-10-14` (ISO 8601), `14/10/2020` (day first), `2020/10/14`; then an optional
 * time (`T` or spaces, `08:30`, `08:30:00`, `08:30:00.123456`), after it an optional ISO offset
 * (`Z`, `+05:30`, `+0530`, `+05`) and `AM`/`PM`; last an optional zone abbreviation (`CST`), ignored.
 */
const DATE_TIME = new RegExp(
  [
    '^(?:(?<isoYear>\\d{4})-(?<isoMonth>\\d{2})-(?<isoDay>\\d{2})',
    '|(?<dmyDay>\\d{1,2})/(?<dmyMonth>\\d{1,2})/(?<dmyYear>\\d{4})',
    '|(?<ymdYear>\\d{4})/(?<ymdMonth>\\d{1,2})/(?<ymdDay>\\d{1,2}))',
    '(?:(?:T|\\s+)(?<hour>\\d{1,2}):(?<minute>\\d{2})(?::(?<second>\\d{2})(?:[.,](?<fraction>\\d+))?)?',
    '(?<offset>Z|[+-]\\d{2}(?::?\\d{2})?)?(?:\\s*(?<meridiem>[AaPp][Mm]))?)?',
    '(?:\\s+[A-Za-z]{1,5})?$',
  ].join(''),
);

const NUMERIC_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Reads a filter's date input. Text in one of the `DATE_TIME` layouts gives a naive date-time, or an
 * aware one when it carries an ISO offset. Numbers (int or float, not bool) are Unix seconds, read as
 * Python's `datetime.utcfromtimestamp` (naive, UTC, microseconds rounded half to even). Numeric *text*
 * is refused rather than guessed at (`'20201014'` could be either): `value|int` converts it first.
 * Anything else is a ValueError naming the filter and the value.
 */
export function readDate(filter: string, value: unknown): DateTime {
  if (typeof value === 'string' || value instanceof Markup)
    return readDateText(filter, value, String(value).trim());
  if (isNumber(value) && typeof value !== 'boolean') return readUnixSeconds(filter, value);
  if (value instanceof Date && !Number.isNaN(value.getTime())) return fromUnixMilliseconds(value.getTime());
  throw cannotRead(filter, value, EXPECTED);
}

/** A JS `Date` (or the clock's "now") as a naive UTC date-time. */
export function fromUnixMilliseconds(ms: number): DateTime {
  const seconds = Math.floor(ms / 1000);
  return { seconds, microsecond: Math.round((ms - seconds * 1000) * 1000), zone: null };
}

/** The value of the `count` decimal digits at `at`, or -1 when any is not a digit. */
function digitsAt(text: string, at: number, count: number): number {
  let n = 0;
  for (let i = at; i < at + count; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** How many decimal digits start at `at`, counting no further than `most`. */
function digitRun(text: string, at: number, most: number): number {
  let n = 0;
  while (n < most && at + n < text.length) {
    const d = text.charCodeAt(at + n) - 48;
    if (d < 0 || d > 9) break;
    n++;
  }
  return n;
}

/**
 * The usual texts read by character codes: a date in one of the three layouts (`2024-03-08`, `8/3/2024`,
 * `2024/3/8`), alone or with a time (`T` or one space, `09:41` or `09:41:00`) and `Z` or not. Null for any other
 * text, and for a date or time out of range, which the full pattern reads (and explains).
 */
function readDateQuickly(text: string): DateTime | null {
  const n = text.length;
  let year: number;
  let month: number;
  let day: number;
  let at: number;
  if (text.charCodeAt(4) === 45) {
    // 2024-03-08
    if (n < 10 || text.charCodeAt(7) !== 45) return null;
    year = digitsAt(text, 0, 4);
    month = digitsAt(text, 5, 2);
    day = digitsAt(text, 8, 2);
    at = 10;
  } else {
    // 2024/3/8 or 8/3/2024: fields of one or two digits around a four-digit year.
    const a = digitRun(text, 0, 5);
    if (text.charCodeAt(a) !== 47) return null;
    const b = digitRun(text, a + 1, 2);
    if (b === 0 || text.charCodeAt(a + 1 + b) !== 47) return null;
    const c = digitRun(text, a + 2 + b, 5);
    if (a === 4 && (c === 1 || c === 2)) {
      year = digitsAt(text, 0, 4);
      day = digitsAt(text, a + 2 + b, c);
    } else if ((a === 1 || a === 2) && c === 4) {
      day = digitsAt(text, 0, a);
      year = digitsAt(text, a + 2 + b, 4);
    } else return null;
    month = digitsAt(text, a + 1, b);
    at = a + 2 + b + c;
  }
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (at === n) return { seconds: civilToSeconds(year, month, day, 0, 0, 0), microsecond: 0, zone: null };
  const utc = text.charCodeAt(n - 1) === 90;
  const length = (utc ? n - 1 : n) - at;
  const separator = text.charCodeAt(at);
  if (
    (length !== 6 && length !== 9) ||
    (separator !== 84 && separator !== 32) ||
    text.charCodeAt(at + 3) !== 58
  )
    return null;
  const hour = digitsAt(text, at + 1, 2);
  const minute = digitsAt(text, at + 4, 2);
  const second = length === 9 ? (text.charCodeAt(at + 6) === 58 ? digitsAt(text, at + 7, 2) : -1) : 0;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return null;
  const seconds = civilToSeconds(year, month, day, hour, minute, second);
  return { seconds, microsecond: 0, zone: utc ? UTC_STAMP : null };
}

/** The stamp of an ISO `Z`, as `readOffset` gives it. */
const UTC_STAMP = fixedZone(0).stampAt(0);

function readDateText(filter: string, value: unknown, text: string): DateTime {
  return readDateQuickly(text) ?? readDateByPattern(filter, value, text);
}

/** Reads date text through the full `DATE_TIME` pattern (what `readIsoQuickly` stands in for). @internal */
export function readDateByPattern(filter: string, value: unknown, text: string): DateTime {
  const groups = DATE_TIME.exec(text)?.groups;
  if (!groups) {
    const hint = NUMERIC_TEXT.test(text) ? 'for Unix seconds, convert the text first: value|int' : EXPECTED;
    throw cannotRead(filter, value, hint);
  }
  const year = Number(groups.isoYear ?? groups.dmyYear ?? groups.ymdYear);
  const month = Number(groups.isoMonth ?? groups.dmyMonth ?? groups.ymdMonth);
  const day = Number(groups.isoDay ?? groups.dmyDay ?? groups.ymdDay);
  let hour = Number(groups.hour ?? 0);
  const minute = Number(groups.minute ?? 0);
  const second = Number(groups.second ?? 0);
  const meridiem = groups.meridiem?.toUpperCase();
  if (meridiem !== undefined) {
    // `05:21 PM` is 17:21. A 24-hour time that agrees with its suffix stays as it is, because
    // `%H:%M %p` (dateTimeFormatter's default) prints `17:21 PM` and `00:30 AM`.
    if (hour >= 1 && hour <= 12) hour = (hour % 12) + (meridiem === 'PM' ? 12 : 0);
    else if (meridiem !== (hour === 0 ? 'AM' : 'PM')) {
      throw cannotRead(filter, value, `hour ${hour} does not go with ${meridiem}`);
    }
  }
  const problem = fieldProblem(year, month, day, hour, minute, second, groups.dmyDay !== undefined);
  if (problem) throw cannotRead(filter, value, problem);
  const microsecond = Number((groups.fraction ?? '').slice(0, 6).padEnd(6, '0'));
  const seconds = civilToSeconds(year, month, day, hour, minute, second);
  const offset = groups.offset;
  if (offset === undefined) return { seconds, microsecond, zone: null };
  const offsetSeconds = readOffset(offset);
  if (offsetSeconds === undefined) throw cannotRead(filter, value, `${offset} is not a UTC offset`);
  return { seconds, microsecond, zone: fixedZone(offsetSeconds).stampAt(0) };
}

/** Why the fields are not a date Python's `datetime` accepts, or '' when they are. */
function fieldProblem(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  dayFirst: boolean,
): string {
  if (year < 1) return 'year 0 is out of range';
  if (month < 1 || month > 12) {
    return `month ${month} must be in 1..12${dayFirst ? '; slashed dates are read day first' : ''}`;
  }
  if (day < 1 || day > daysInMonth(year, month))
    return `day ${day} is out of range for month ${month} of ${year}`;
  if (hour > 23) return `hour ${hour} must be in 0..23`;
  if (minute > 59) return `minute ${minute} must be in 0..59`;
  if (second > 59) return `second ${second} must be in 0..59`;
  return '';
}

/** Seconds east of UTC of an ISO offset (`Z`, `+05`, `+0530`, `+05:30`), or undefined past ±23:59. */
function readOffset(text: string): number | undefined {
  if (text === 'Z') return 0;
  const digits = text.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2) || '0');
  if (hours > 23 || minutes > 59) return undefined;
  return (text[0] === '-' ? -1 : 1) * (hours * 3600 + minutes * 60);
}

function readUnixSeconds(filter: string, value: number | bigint | PyFloat): DateTime {
  const x = toJsNumber(value);
  if (!Number.isFinite(x)) throw cannotRead(filter, value, 'not a finite number');
  // CPython's _PyTime_DoubleToDenominator: split like modf, round the fraction half to even.
  let seconds = Math.trunc(x);
  let microsecond = roundHalfEven((x - seconds) * 1e6);
  if (microsecond >= 1e6) {
    microsecond -= 1e6;
    seconds += 1;
  } else if (microsecond < 0) {
    microsecond += 1e6;
    seconds -= 1;
  }
  if (seconds < MIN_SECONDS || seconds > MAX_SECONDS) {
    throw cannotRead(filter, value, 'as Unix seconds it falls outside years 1 to 9999');
  }
  return { seconds, microsecond, zone: null };
}

/** C's `round` (half away from zero), then half to even as CPython's `_PyTime_RoundHalfEven`. */
function roundHalfEven(x: number): number {
  const away = (v: number) => Math.sign(v) * Math.round(Math.abs(v));
  const rounded = away(x);
  return Math.abs(x - rounded) === 0.5 ? 2 * away(x / 2) : rounded + 0;
}

const EXPECTED =
  'expected a date such as 2020-10-14, 2020-10-14T08:30:00, 2020-10-14 08:30:00, 14/10/2020 or ' +
  '2020/10/14, or Unix seconds as a number';

function cannotRead(filter: string, value: unknown, why: string) {
  return valueError(`${filter}: cannot read ${quoted(value)} as a date${why ? ` (${why})` : ''}`);
}
