/**
 * The service's date filters: `dateFormatter`, `days`, `today`, `dateTimeFormatter`. Formats use
 * Python's `strftime` codes (`strftime.ts`); inputs are read by `date-input.ts`; zones come from
 * `time-zones.ts`. The clock is the render's `state.now()`, never the machine's.
 *
 * An Undefined input (a user attribute that is not set) gives '' rather than an error, as Jinja's own
 * string filters print it, so a message with a missing date still renders. An Undefined *argument* is
 * treated as not given when the argument is optional, and raises Jinja's UndefinedError when it is
 * required (`days(UserAttribute['missing'])`), since that is a mistake in the template.
 */
import { typeError, valueError } from '../errors';
import { typeName } from '../runtime/operators';
import type { RenderState } from '../runtime/state';
import { undefinedError } from '../runtime/undefined';
import { isNumber, Markup, toJsNumber, Undefined } from '../runtime/values';
import { checkRange, DAY_SECONDS, type DateTime, utcSeconds } from './civil-time';
import { fromUnixMilliseconds, readDate } from './date-input';
import { strftime } from './strftime';
import { fixedZone, resolveTimeZone, type TimeZone, UTC_ZONE } from './time-zones';

/** `dateTimeFormatter`'s format when none is given. `%H` is 24-hour, so this prints `22:51:00 PM`. */
const DEFAULT_DATE_TIME_FORMAT = '%Y-%m-%d %H:%M:%S %p';

/** The `tzOffset` value that means "no offset: convert to `timeZone` instead". */
const NO_TZ_OFFSET = -1000;

/**
 * `value|dateFormatter(toFormat)`: reads the date and formats it with `strftime` codes, in the zone the
 * input was written in (none, or its ISO offset).
 * @example `{{ '14/10/2020'|dateFormatter('%m/%d/%Y') }}` is `10/14/2020`.
 */
export function dateFormatter(state: RenderState, value: unknown, toFormat: unknown): string {
  if (value instanceof Undefined) return '';
  const format = requiredText('dateFormatter', 'toFormat', toFormat);
  return strftime(readDate('dateFormatter', value), format, state.limits.maxOutputSize);
}

/**
 * `value|days(other)`: whole days from the input date to `other`, as Python's `(other - value).days`,
 * so partial days round toward minus infinity (-1.5 days is -2). A date without an offset is taken as
 * UTC, so dates with and without offsets can be compared.
 * @example `{{ '12/10/2020'|days('14/10/2020') }}` is `2`.
 */
export function days(_state: RenderState, value: unknown, other: unknown): number | '' {
  if (value instanceof Undefined) return '';
  if (other instanceof Undefined) throw undefinedError(other);
  const from = readDate('days', value);
  const to = readDate('days', other);
  let seconds = utcSeconds(to) - utcSeconds(from);
  // The microseconds can only move the result across a day boundary by borrowing a second.
  if (to.microsecond < from.microsecond) seconds -= 1;
  return Math.floor(seconds / DAY_SECONDS);
}

/**
 * `format|today(timeZone)`: the current date and time (from the render's clock) in `timeZone`,
 * formatted with `strftime` codes. The zone defaults to UTC.
 * @example `{{ '%m/%d/%Y'|today('EST') }}`
 */
export function today(state: RenderState, value: unknown, timeZone: unknown): string {
  if (value instanceof Undefined) return '';
  if (!(typeof value === 'string' || value instanceof Markup)) {
    throw typeError(`today: the input must be a format such as '%m/%d/%Y', not ${typeName(value)}`);
  }
  const now = fromUnixMilliseconds(state.now().getTime());
  const zone = optionalZone('today', timeZone) ?? UTC_ZONE;
  return strftime(inZone(now.seconds, now.microsecond, zone), String(value), state.limits.maxOutputSize);
}

/**
 * `value|dateTimeFormatter(toFormat=, tzOffset=, timeZone=)`: reads a date-time as UTC (a trailing
 * zone abbreviation is ignored; an ISO offset is honoured), then adds `tzOffset` minutes when it is
 * given and not -1000, else converts to `timeZone` when given, else stays in UTC. The result carries
 * its zone, so `%z` and `%Z` print it (`UTC-05:30` for `tzOffset=-330`, `IST` for Asia/Kolkata).
 * @example `{{ '2012-01-19 17:21:00 CST'|dateTimeFormatter(timeZone='Asia/Kolkata') }}` is `2012-01-19 22:51:00 PM`.
 */
export function dateTimeFormatter(
  state: RenderState,
  value: unknown,
  toFormat: unknown,
  tzOffset: unknown,
  timeZone: unknown,
): string {
  if (value instanceof Undefined) return '';
  const format = isMissing(toFormat)
    ? DEFAULT_DATE_TIME_FORMAT
    : requiredText('dateTimeFormatter', 'toFormat', toFormat);
  const parsed = readDate('dateTimeFormatter', value);
  const offsetMinutes = optionalOffsetMinutes(tzOffset);
  const zone =
    offsetMinutes === undefined
      ? (optionalZone('dateTimeFormatter', timeZone) ?? UTC_ZONE)
      : fixedZone(Math.round(offsetMinutes * 60));
  return strftime(inZone(utcSeconds(parsed), parsed.microsecond, zone), format, state.limits.maxOutputSize);
}

/** The wall clock of a UTC instant in `zone`; past year 9999 (or before year 1) is Python's OverflowError. */
function inZone(utc: number, microsecond: number, zone: TimeZone): DateTime {
  const stamp = zone.stampAt(utc);
  return checkRange({ seconds: utc + stamp.offsetSeconds, microsecond, zone: stamp });
}

function isMissing(v: unknown): boolean {
  return v === undefined || v === null || v instanceof Undefined;
}

function requiredText(filter: string, param: string, v: unknown): string {
  if (v instanceof Undefined) throw undefinedError(v);
  if (typeof v === 'string' || v instanceof Markup) return String(v);
  throw typeError(
    `${filter}: ${param} must be a string of strftime codes such as '%d/%m/%Y', not ${typeName(v)}`,
  );
}

function optionalZone(filter: string, v: unknown): TimeZone | undefined {
  if (isMissing(v)) return undefined;
  if (typeof v === 'string' || v instanceof Markup) return resolveTimeZone(filter, String(v));
  throw typeError(
    `${filter}: timeZone must be a zone name such as 'Asia/Kolkata' or 'EST', not ${typeName(v)}`,
  );
}

/** `tzOffset` in minutes: a number or numeric text, or undefined when not given or -1000. */
function optionalOffsetMinutes(v: unknown): number | undefined {
  if (isMissing(v)) return undefined;
  let minutes: number;
  if (isNumber(v) && typeof v !== 'boolean') minutes = toJsNumber(v);
  else if ((typeof v === 'string' || v instanceof Markup) && /^\s*[+-]?\d+(\.\d*)?\s*$/.test(String(v))) {
    minutes = Number(String(v));
  } else {
    throw typeError(
      `dateTimeFormatter: tzOffset must be a number of minutes such as -330, not ${typeName(v)}`,
    );
  }
  if (minutes === NO_TZ_OFFSET) return undefined;
  // Python's timezone() takes offsets strictly inside one day.
  if (!(Math.abs(minutes) < 1440)) {
    throw valueError(`dateTimeFormatter: tzOffset must be between -1440 and 1440 minutes, not ${minutes}`);
  }
  return minutes;
}
