/**
 * Python `datetime` arithmetic on the proleptic Gregorian calendar, years 1 to 9999. JS `Date` is
 * not used for calendar fields: `Date.UTC` maps years 0-99 to 1900-1999, and its ms precision
 * cannot hold Python's microseconds.
 */
import { TemplateRuntimeError } from '../errors';

/** The UTC offset and zone name attached to an aware date-time (Python's `tzinfo`, resolved at one instant). */
export interface ZoneStamp {
  /** Seconds east of UTC. */
  readonly offsetSeconds: number;
  /** What `%Z` prints; a function because finding an IANA zone's abbreviation costs extra `Intl` calls. */
  readonly tzname: () => string;
}

/** A Python `datetime`: wall-clock seconds, microseconds, and a zone (`null` for a naive date-time). */
export interface DateTime {
  /** Whole seconds from 1970-01-01 00:00:00 of the wall clock (UTC only when the offset is 0). */
  readonly seconds: number;
  /** 0 to 999_999. */
  readonly microsecond: number;
  /** `null` for a naive date-time: `%z` and `%Z` print nothing. */
  readonly zone: ZoneStamp | null;
}

/** Calendar fields of a date-time, as C's `struct tm` holds them for `strftime`. */
export interface CivilFields {
  readonly year: number;
  /** 1 to 12. */
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** 0 = Sunday, as `tm_wday`. */
  readonly weekday: number;
  /** 0-based day of the year, as `tm_yday`. */
  readonly yearDay: number;
}

/** Seconds in a day. */
export const DAY_SECONDS = 86_400;

/** True for leap years of the proleptic Gregorian calendar. */
export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** Days in `month` (1-12) of `year`. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days from 1970-01-01 to the given date (Howard Hinnant's `days_from_civil`). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** Wall-clock seconds of a calendar date and time. */
export function civilToSeconds(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): number {
  return daysFromCivil(year, month, day) * DAY_SECONDS + hour * 3600 + minute * 60 + second;
}

/** First and last wall-clock second Python's `datetime` can hold (0001-01-01 to 9999-12-31 23:59:59). */
export const MIN_SECONDS = civilToSeconds(1, 1, 1);
/** @see MIN_SECONDS */
export const MAX_SECONDS = civilToSeconds(9999, 12, 31, 23, 59, 59);

/** The `struct tm` fields of a date-time's wall clock (the date by Howard Hinnant's `civil_from_days`). */
export function civilFields(dt: DateTime): CivilFields {
  const days = Math.floor(dt.seconds / DAY_SECONDS);
  const secondOfDay = dt.seconds - days * DAY_SECONDS;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  // Within an era, every value below is whole, not negative and small: `| 0` rounds their quotients down as
  // Math.floor would, and lets V8 divide them as integers.
  const dayOfEra = z - era * 146_097;
  const yearOfEra =
    ((dayOfEra - ((dayOfEra / 1460) | 0) + ((dayOfEra / 36_524) | 0) - ((dayOfEra / 146_096) | 0)) / 365) | 0;
  // Days since March 1, so that a leap day ends the count.
  const marchDay = dayOfEra - (365 * yearOfEra + ((yearOfEra / 4) | 0) - ((yearOfEra / 100) | 0));
  const marchMonth = ((5 * marchDay + 2) / 153) | 0;
  const month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hour = (secondOfDay / 3600) | 0;
  const minuteOfDay = (secondOfDay / 60) | 0;
  return {
    year,
    month,
    day: marchDay - (((153 * marchMonth + 2) / 5) | 0) + 1,
    hour,
    minute: minuteOfDay - hour * 60,
    second: secondOfDay - minuteOfDay * 60,
    // 1970-01-01 was a Thursday.
    weekday: (((days + 4) % 7) + 7) % 7,
    // January 1 is March day 306; March 1 is 59 days (60 in a leap year) after January 1.
    yearDay: marchMonth < 10 ? marchDay + (isLeapYear(year) ? 60 : 59) : marchDay - 306,
  };
}

/** Fails as Python does when date arithmetic leaves years 1-9999. */
export function checkRange(dt: DateTime): DateTime {
  if (dt.seconds < MIN_SECONDS || dt.seconds > MAX_SECONDS) {
    throw new TemplateRuntimeError('OverflowError', 'date value out of range');
  }
  return dt;
}

/** The UTC instant of a date-time, in whole seconds; a naive date-time is taken as UTC. */
export function utcSeconds(dt: DateTime): number {
  return dt.seconds - (dt.zone?.offsetSeconds ?? 0);
}
