/**
 * The service's filters (spec section 3, "Filters the service adds"). Expected values were computed with
 * /usr/bin/python3 (datetime, zoneinfo, pytz, hmac, hashlib, base64, urllib.parse) and hard-coded.
 */
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TemplateRuntimeError } from '../src/errors';
import { callSpec } from '../src/filters/call';
import { MAX_SECONDS, MIN_SECONDS } from '../src/filters/civil-time';
import { a2bBase64, unquoteRuns } from '../src/filters/encoding';
import { useNodeCrypto } from '../src/filters/hashing';
import { serviceFilters } from '../src/filters/service';
import { DEFAULT_LIMITS } from '../src/limits';
import type { RenderState } from '../src/runtime/state';
import { type Kwargs, Markup, PyFloat, Undefined } from '../src/runtime/values';

/** 01:30 in New York, half an hour before daylight saving time starts there. */
const NOW = new Date('2024-03-10T06:30:15.123Z');

const state: RenderState = {
  limits: { ...DEFAULT_LIMITS },
  registry: { filters: serviceFilters, tests: new Map() },
  now: () => NOW,
  iterationsLeft: DEFAULT_LIMITS.maxLoopIterations,
  deadline: Number.POSITIVE_INFINITY,
  unitsLeft: Number.POSITIVE_INFINITY,
  depth: 0,
};

/** Runs a service filter as a template calls it: `value|name(*args, **kwargs)`. */
function run(name: string, value: unknown, args: unknown[] = [], kwargs: Kwargs = {}): unknown {
  return runAt(NOW, name, value, args, kwargs);
}

/** `run`, with the render's clock at `now`. */
function runAt(now: Date, name: string, value: unknown, args: unknown[] = [], kwargs: Kwargs = {}): unknown {
  return runIn({ ...state, now: () => now }, name, value, args, kwargs);
}

/** `run`, in another render state. */
function runIn(
  renderState: RenderState,
  name: string,
  value: unknown,
  args: unknown[],
  kwargs: Kwargs = {},
): unknown {
  const spec = serviceFilters.get(name);
  if (!spec) throw new Error(`no filter ${name}`);
  return callSpec(renderState, name, spec, value, args, kwargs);
}

/** What `call` returns, or the message of what it throws. */
function textOrError(call: () => unknown): unknown {
  try {
    return call();
  } catch (error) {
    return (error as Error).message;
  }
}

/** The error a filter call raises, as `Kind: message`. */
function failure(name: string, value: unknown, args: unknown[] = [], kwargs: Kwargs = {}): string {
  try {
    run(name, value, args, kwargs);
  } catch (e) {
    if (e instanceof TemplateRuntimeError) return `${e.kind}: ${e.message}`;
    throw e;
  }
  throw new Error(`${name} did not fail`);
}

const missing = new Undefined('birthday');

describe('the spec examples', () => {
  it("`'14/10/2020'|dateFormatter('%m/%d/%Y')` is 10/14/2020", () => {
    expect(run('dateFormatter', '14/10/2020', ['%m/%d/%Y'])).toBe('10/14/2020');
  });

  it("`'12/10/2020'|days('14/10/2020')` is 2", () => {
    expect(run('days', '12/10/2020', ['14/10/2020'])).toBe(2);
  });

  it("`'%m/%d/%Y'|today('EST')` is the clock's date at -05:00", () => {
    expect(run('today', '%m/%d/%Y', ['EST'])).toBe('03/10/2024');
  });

  it("`dateTimeFormatter(timeZone='Asia/Kolkata')` ignores the CST and converts from UTC", () => {
    expect(run('dateTimeFormatter', '2012-01-19 17:21:00 CST', [], { timeZone: 'Asia/Kolkata' })).toBe(
      '2012-01-19 22:51:00 PM',
    );
  });

  it('`dateTimeFormatter(tzOffset=-330)` adds -330 minutes', () => {
    expect(run('dateTimeFormatter', '2012-01-19 17:21:00 CST', [], { tzOffset: -330 })).toBe(
      '2012-01-19 11:51:00 AM',
    );
  });
});

describe('reading input dates', () => {
  const SHOW = '%Y-%m-%d %H:%M:%S.%f|%z|%Z';

  it.each([
    ['2020-10-14', '2020-10-14 00:00:00.000000||'],
    ['2020-10-14T08:30:00', '2020-10-14 08:30:00.000000||'],
    ['2020-10-14T08:30', '2020-10-14 08:30:00.000000||'],
    ['2020-10-14T08:30:00.5', '2020-10-14 08:30:00.500000||'],
    ['2020-10-14T08:30:00,25', '2020-10-14 08:30:00.250000||'],
    ['2020-10-14T08:30:00.1234567', '2020-10-14 08:30:00.123456||'],
    ['2020-10-14T08:30:00Z', '2020-10-14 08:30:00.000000|+0000|UTC'],
    ['2020-10-14T08:30:00+05:30', '2020-10-14 08:30:00.000000|+0530|UTC+05:30'],
    ['2020-10-14T08:30:00-0800', '2020-10-14 08:30:00.000000|-0800|UTC-08:00'],
    ['2020-10-14T08:30:00+05', '2020-10-14 08:30:00.000000|+0500|UTC+05:00'],
    ['2020-10-14 08:30:00', '2020-10-14 08:30:00.000000||'],
    ['2020-10-14 08:30:00 IST', '2020-10-14 08:30:00.000000||'],
    ['2020-10-14 UTC', '2020-10-14 00:00:00.000000||'],
    ['  2020-10-14  ', '2020-10-14 00:00:00.000000||'],
    ['14/10/2020', '2020-10-14 00:00:00.000000||'],
    ['4/7/2020', '2020-07-04 00:00:00.000000||'],
    ['14/10/2020 08:30', '2020-10-14 08:30:00.000000||'],
    ['2020/10/14', '2020-10-14 00:00:00.000000||'],
    ['2020/1/2 23:59:59', '2020-01-02 23:59:59.000000||'],
    ['0001-01-01', '1-01-01 00:00:00.000000||'],
    ['9999-12-31T23:59:59.999999', '9999-12-31 23:59:59.999999||'],
  ])('reads the text %j', (input, expected) => {
    expect(run('dateFormatter', input, [SHOW])).toBe(expected);
  });

  it.each([
    ['2012-01-19 05:21 PM', '2012-01-19 17:21:00'],
    ['2012-01-19 12:05 AM', '2012-01-19 00:05:00'],
    ['2012-01-19 12:05 pm', '2012-01-19 12:05:00'],
    ['2012-01-19 22:51:00 PM CST', '2012-01-19 22:51:00'],
    ['2012-01-19 00:30:00 AM', '2012-01-19 00:30:00'],
  ])('reads a 12-hour time or a 24-hour one that agrees with its AM/PM: %j', (input, expected) => {
    expect(run('dateFormatter', input, ['%Y-%m-%d %H:%M:%S'])).toBe(expected);
  });

  it.each([
    [0, '1970-01-01 00:00:00.000000||'],
    [1602662400, '2020-10-14 08:00:00.000000||'],
    [1602662400.5, '2020-10-14 08:00:00.500000||'],
    [new PyFloat(1602662400), '2020-10-14 08:00:00.000000||'],
    [-1, '1969-12-31 23:59:59.000000||'],
    [1.0000005, '1970-01-01 00:00:01.000001||'],
    [2.0000015, '1970-01-01 00:00:02.000002||'],
    [-1.5e-6, '1969-12-31 23:59:59.999998||'],
    [-62135596800, '1-01-01 00:00:00.000000||'],
  ])('reads the number %s as Unix seconds, as utcfromtimestamp does', (input, expected) => {
    expect(run('dateFormatter', input, [SHOW])).toBe(expected);
  });

  it('reads Markup as its text', () => {
    expect(run('dateFormatter', new Markup('2020-10-14'), ['%d.%m.%Y'])).toBe('14.10.2020');
  });

  it('names the filter, the value and the accepted layouts when the text is not a date', () => {
    expect(failure('dateFormatter', 'tomorrow', ['%d'])).toBe(
      "ValueError: dateFormatter: cannot read 'tomorrow' as a date (expected a date such as 2020-10-14, " +
        '2020-10-14T08:30:00, 2020-10-14 08:30:00, 14/10/2020 or 2020/10/14, or Unix seconds as a number)',
    );
  });

  it.each([
    ['31/02/2020', 'day 31 is out of range for month 2 of 2020'],
    ['29/02/2019', 'day 29 is out of range for month 2 of 2019'],
    ['2020-13-01', 'month 13 must be in 1..12'],
    ['10/14/2020', 'month 14 must be in 1..12; slashed dates are read day first'],
    ['0000-01-01', 'year 0 is out of range'],
    ['2020-10-14T24:00:00', 'hour 24 must be in 0..23'],
    ['2020-10-14T23:60', 'minute 60 must be in 0..59'],
    ['2020-10-14T23:59:60', 'second 60 must be in 0..59'],
    ['2020-10-14T08:30:00+24:00', '+24:00 is not a UTC offset'],
    ['2012-01-19 17:21 AM', 'hour 17 does not go with AM'],
    ['1602662400', 'for Unix seconds, convert the text first: value|int'],
  ])('says why %j is not a date', (input, why) => {
    expect(failure('dateFormatter', input, ['%d'])).toBe(
      `ValueError: dateFormatter: cannot read '${input}' as a date (${why})`,
    );
  });

  it.each([
    [true, 'True'],
    [null, 'None'],
    [[2020, 10, 14], '[2020, 10, 14]'],
  ])('refuses %j, which is neither text nor a number', (input, shown) => {
    expect(failure('dateFormatter', input, ['%d'])).toMatch(
      new RegExp(
        `^ValueError: dateFormatter: cannot read ${shown.replace(/[[\]]/g, '\\$&')} as a date \\(expected`,
      ),
    );
  });

  it.each([
    [253402300800, '253402300800'],
    [2n ** 60n, '1152921504606846976'],
    [Number.NaN, 'nan'],
  ])('refuses Unix seconds outside years 1 to 9999: %s', (input, shown) => {
    expect(failure('dateFormatter', input, ['%d'])).toMatch(
      new RegExp(`^ValueError: dateFormatter: cannot read ${shown} as a date \\(`),
    );
  });

  it('formats any second of years 1 to 9999 as the proleptic Gregorian calendar has it', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN_SECONDS, max: MAX_SECONDS }), (seconds) => {
        const iso = new Date(seconds * 1000).toISOString().slice(0, 19);
        expect(run('dateFormatter', seconds, ['%4Y-%m-%dT%H:%M:%S'])).toBe(iso);
        expect(run('dateFormatter', iso, ['%s'])).toBe(String(seconds));
      }),
    );
  });
});

describe('days', () => {
  it.each([
    ['14/10/2020', '12/10/2020', -2],
    ['2020-10-12T18:00:00', '2020-10-14T06:00:00', 1],
    ['2020-10-14T06:00:00', '2020-10-12T18:00:00', -2],
    ['2020-02-28', '2020-03-01', 2],
    ['2019-02-28', '2019-03-01', 1],
    ['2020-10-14T00:00:00.000001', '2020-10-15', 0],
    ['2020-10-15', '2020-10-14T00:00:00.000001', -1],
    ['0001-01-01', '9999-12-31', 3652058],
    ['2020-10-14T00:00:00+05:30', '2020-10-14', 0],
    ['2020-10-14T00:00:00+05:30', '2020-10-13T18:30:00Z', 0],
  ])('counts whole days from %j to %j as Python timedelta.days does: %i', (from, to, expected) => {
    expect(run('days', from, [to])).toBe(expected);
  });

  it('reads numbers as Unix seconds on either side', () => {
    expect(run('days', 0, ['1970-01-31'])).toBe(30);
    expect(run('days', '1970-01-31', [0])).toBe(-30);
  });

  it('names the argument that is not a date', () => {
    expect(failure('days', '2020-10-14', ['soon'])).toMatch(
      /^ValueError: days: cannot read 'soon' as a date/,
    );
  });

  it('needs the other date', () => {
    expect(failure('days', '2020-10-14')).toBe(
      "TypeError: days() missing 1 required positional argument: 'other'",
    );
  });

  it('counts the same days as the difference of day numbers for any two dates', () => {
    const day = fc.integer({ min: Math.ceil(MIN_SECONDS / 86400), max: Math.floor(MAX_SECONDS / 86400) });
    fc.assert(
      fc.property(day, day, (a, b) => {
        const iso = (d: number) => new Date(d * 86400_000).toISOString().slice(0, 10);
        expect(run('days', iso(a), [iso(b)])).toBe(b - a);
      }),
    );
  });
});

describe('today', () => {
  it.each([
    ['America/New_York', '2024-03-10 01:30:15.123000 EST -0500'],
    ['Asia/Kolkata', '2024-03-10 12:00:15.123000 IST +0530'],
    ['Pacific/Kiritimati', '2024-03-10 20:30:15.123000 +14 +1400'],
    ['America/Los_Angeles', '2024-03-09 22:30:15.123000 PST -0800'],
    ['Europe/London', '2024-03-10 06:30:15.123000 GMT +0000'],
    ['Australia/Sydney', '2024-03-10 17:30:15.123000 AEDT +1100'],
    ['asia/kolkata', '2024-03-10 12:00:15.123000 IST +0530'],
    ['UTC', '2024-03-10 06:30:15.123000 UTC +0000'],
    ['utc', '2024-03-10 06:30:15.123000 UTC +0000'],
    ['IST', '2024-03-10 12:00:15.123000 IST +0530'],
    ['+05:45', '2024-03-10 12:15:15.123000 UTC+05:45 +0545'],
    ['UTC-3', '2024-03-10 03:30:15.123000 UTC-03:00 -0300'],
  ])("formats the clock's now in %s", (zone, expected) => {
    expect(run('today', '%Y-%m-%d %H:%M:%S.%f %Z %z', [zone])).toBe(expected);
  });

  it('uses UTC when no zone is given, or when the zone is Undefined', () => {
    expect(run('today', '%Y-%m-%d %H:%M %Z')).toBe('2024-03-10 06:30 UTC');
    expect(run('today', '%Y-%m-%d %H:%M %Z', [], { timeZone: missing })).toBe('2024-03-10 06:30 UTC');
  });

  it('reads the render clock rather than the machine clock', () => {
    expect(runAt(new Date('2031-07-01T00:00:00Z'), 'today', '%Y')).toBe('2031');
  });

  it('takes a fixed offset for an abbreviation, even in the other season', () => {
    expect(runAt(new Date('2024-07-04T12:00:00Z'), 'today', '%H:%M %Z %z', ['PST'])).toBe('04:00 PST -0800');
  });

  it('names an unknown zone', () => {
    expect(failure('today', '%Y', ['Mars/Olympus'])).toBe(
      "ValueError: today: unknown time zone 'Mars/Olympus'; use an IANA name such as 'America/New_York', " +
        "an offset such as '+05:30', or an abbreviation such as 'UTC', 'EST', 'PST' or 'IST'",
    );
    expect(failure('today', '%Y', ['+25:00'])).toMatch(/^ValueError: today: unknown time zone '\+25:00'/);
  });

  it('needs a format as its input and text as its zone', () => {
    expect(failure('today', 5)).toBe(
      "TypeError: today: the input must be a format such as '%m/%d/%Y', not int",
    );
    expect(failure('today', '%Y', [330])).toBe(
      "TypeError: today: timeZone must be a zone name such as 'Asia/Kolkata' or 'EST', not int",
    );
  });
});

describe('dateTimeFormatter', () => {
  it('stays in UTC without tzOffset or timeZone, with the default format', () => {
    expect(run('dateTimeFormatter', '2012-01-19 17:21:00 CST')).toBe('2012-01-19 17:21:00 PM');
    expect(run('dateTimeFormatter', '2012-01-19 17:21:00', ['%z %Z'])).toBe('+0000 UTC');
  });

  it('converts an ISO offset to UTC first', () => {
    expect(run('dateTimeFormatter', '2012-01-19T17:21:00+05:30')).toBe('2012-01-19 11:51:00 AM');
  });

  it('shows a tzOffset as a fixed zone', () => {
    expect(run('dateTimeFormatter', '2012-01-19 17:21:00', ['%z %Z'], { tzOffset: -330 })).toBe(
      '-0530 UTC-05:30',
    );
    expect(run('dateTimeFormatter', '2012-01-19 17:21:00', ['%H:%M:%S %z %Z'], { tzOffset: 90.5 })).toBe(
      '18:51:30 +013030 UTC+01:30:30',
    );
  });

  it('prefers tzOffset to timeZone, unless tzOffset is -1000', () => {
    const value = '2012-01-19 17:21:00';
    expect(run('dateTimeFormatter', value, [], { tzOffset: 60, timeZone: 'Asia/Kolkata' })).toBe(
      '2012-01-19 18:21:00 PM',
    );
    expect(run('dateTimeFormatter', value, [], { tzOffset: -1000, timeZone: 'Asia/Kolkata' })).toBe(
      '2012-01-19 22:51:00 PM',
    );
    expect(run('dateTimeFormatter', value, ['%H:%M', -1000, 'Asia/Tokyo'])).toBe('02:21');
  });

  it('reads tzOffset from numeric text', () => {
    expect(run('dateTimeFormatter', '2012-01-19 17:21:00', [], { tzOffset: '-330' })).toBe(
      '2012-01-19 11:51:00 AM',
    );
  });

  it('refuses a tzOffset that is not minutes inside a day', () => {
    expect(failure('dateTimeFormatter', '2012-01-19', [], { tzOffset: 2000 })).toBe(
      'ValueError: dateTimeFormatter: tzOffset must be between -1440 and 1440 minutes, not 2000',
    );
    expect(failure('dateTimeFormatter', '2012-01-19', [], { tzOffset: true })).toBe(
      'TypeError: dateTimeFormatter: tzOffset must be a number of minutes such as -330, not bool',
    );
  });

  it('names a format that is not text', () => {
    expect(failure('dateTimeFormatter', '2012-01-19', [12])).toBe(
      "TypeError: dateTimeFormatter: toFormat must be a string of strftime codes such as '%d/%m/%Y', not int",
    );
  });

  it('fails as Python does when the zone moves the date past year 9999 or before year 1', () => {
    expect(failure('dateTimeFormatter', '9999-12-31 23:00:00', [], { timeZone: 'Asia/Tokyo' })).toBe(
      'OverflowError: date value out of range',
    );
    expect(failure('dateTimeFormatter', '0001-01-01 00:00:00', [], { tzOffset: -1 })).toBe(
      'OverflowError: date value out of range',
    );
  });
});

describe('time zones', () => {
  // July and January of 2024 at 12:00 UTC, as zoneinfo converts them.
  it.each([
    ['America/New_York', '08:00 EDT -0400', '07:00 EST -0500'],
    ['Europe/London', '13:00 BST +0100', '12:00 GMT +0000'],
    ['Europe/Dublin', '13:00 IST +0100', '12:00 GMT +0000'],
    ['Europe/Paris', '14:00 CEST +0200', '13:00 CET +0100'],
    ['Australia/Sydney', '22:00 AEST +1000', '23:00 AEDT +1100'],
    ['Asia/Dubai', '16:00 +04 +0400', '16:00 +04 +0400'],
    ['Asia/Kathmandu', '17:45 +0545 +0545', '17:45 +0545 +0545'],
    ['America/Sao_Paulo', '09:00 -03 -0300', '09:00 -03 -0300'],
    ['Asia/Singapore', '20:00 +08 +0800', '20:00 +08 +0800'],
    ['Asia/Shanghai', '20:00 CST +0800', '20:00 CST +0800'],
    ['Asia/Tokyo', '21:00 JST +0900', '21:00 JST +0900'],
    ['Africa/Johannesburg', '14:00 SAST +0200', '14:00 SAST +0200'],
    ['America/St_Johns', '09:30 NDT -0230', '08:30 NST -0330'],
    ['Asia/Kolkata', '17:30 IST +0530', '17:30 IST +0530'],
    ['US/Pacific', '05:00 PDT -0700', '04:00 PST -0800'],
    ['Etc/GMT+5', '07:00 -05 -0500', '07:00 -05 -0500'],
    ['Pacific/Chatham', '00:45 +1245 +1245', '01:45 +1345 +1345'],
  ])('converts to %s with its offset and abbreviation in both seasons', (zone, july, january) => {
    const format = ['%H:%M %Z %z'];
    expect(run('dateTimeFormatter', '2024-07-04 12:00:00', format, { timeZone: zone })).toBe(july);
    expect(run('dateTimeFormatter', '2024-01-04 12:00:00', format, { timeZone: zone })).toBe(january);
  });

  it('follows the rules of past and future years', () => {
    const format = ['%H:%M %z'];
    expect(run('dateTimeFormatter', '2100-07-01 12:00', format, { timeZone: 'America/New_York' })).toBe(
      '08:00 -0400',
    );
    expect(run('dateTimeFormatter', '1918-07-01 12:00', format, { timeZone: 'America/New_York' })).toBe(
      '08:00 -0400',
    );
    expect(run('dateTimeFormatter', '1850-01-01', ['%H:%M:%S %z'], { timeZone: 'Asia/Kolkata' })).toBe(
      '05:53:28 +055328',
    );
    expect(
      run('dateTimeFormatter', '1500-06-01', ['%Y-%m-%d %H:%M:%S %z'], { timeZone: 'Asia/Kolkata' }),
    ).toBe('1500-06-01 05:53:28 +055328');
  });
});

describe('Undefined inputs and arguments', () => {
  it.each([
    ['dateFormatter', ['%d']],
    ['days', ['2020-10-14']],
    ['today', []],
    ['dateTimeFormatter', []],
    ['convertToSHA256', ['key']],
    ['convertToSHA256NoSalt', []],
    ['base64encode', []],
    ['base64decode', []],
    ['urldecode', []],
  ])('%s gives empty text for an Undefined input', (name, args) => {
    expect(run(name, missing, args)).toBe('');
  });

  it.each([
    ['dateFormatter', '2020-10-14'],
    ['days', '2020-10-14'],
    ['convertToSHA256', 'text'],
  ])('%s raises UndefinedError for an Undefined required argument', (name, value) => {
    expect(failure(name, value, [missing])).toBe("UndefinedError: 'birthday' is undefined");
  });

  it('treats an Undefined optional argument as not given', () => {
    expect(run('dateTimeFormatter', '2012-01-19 17:21:00', [missing, missing, missing])).toBe(
      '2012-01-19 17:21:00 PM',
    );
  });
});

describe('hashing', () => {
  it.each([
    ['hello', 'secret', '88aab3ede8d3adf94d26ab90d3bafd4a2083070c3bcce9c014ee04a443847c0b'],
    ['héllo ✓ 🎉', 'ключ', 'bd3a2344bb66d1dae9c6b49e51584868228bc45f5fa790ccfc2586de76083dbd'],
    ['', 'k', '8bb990c40a7d61cb97597a942125025be50ac8beb74436e3735b98893a7f6620'],
    [12345, 'k', '3f5429540988d2d8e5ba7147802d7b80143b839f13bed0396c76ed52a74657c6'],
    ['message', 'k'.repeat(100), '1c28735416d320163f56f81bdbb83d651eed508d184e6b8b03662740a533293e'],
  ])('convertToSHA256 of %j with key %j is the HMAC-SHA-256 of the UTF-8 text', (value, key, expected) => {
    expect(run('convertToSHA256', value, [key])).toBe(expected);
  });

  it('convertToSHA256 takes its key by name', () => {
    expect(run('convertToSHA256', 'hello', [], { key: 'secret' })).toBe(
      '88aab3ede8d3adf94d26ab90d3bafd4a2083070c3bcce9c014ee04a443847c0b',
    );
    expect(failure('convertToSHA256', 'hello')).toBe(
      "TypeError: convertToSHA256() missing 1 required positional argument: 'key'",
    );
  });

  it.each([
    ['hello', '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824'],
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['héllo ✓ 🎉', '48585dc95ecc1a6f2c579315e578d8a2f58ad77dfabe1888cfeb963898790056'],
    ['a'.repeat(1000), '41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3'],
  ])('convertToSHA256NoSalt of %j is the SHA-256 of the UTF-8 text', (value, expected) => {
    expect(run('convertToSHA256NoSalt', value)).toBe(expected);
  });

  it('signs as node:crypto does, for any text and keys used again, after a signature cut short by the time limit', () => {
    // Well-formed text only (lone surrogates are refused): strings of whole code points.
    const text = fc.string({ unit: 'grapheme-composite', maxLength: 90 });
    const keys = fc.constantFrom('k3y-2024', 'secret', '', 'é🎉', 'k'.repeat(300));
    const outOfTime: RenderState = { ...state, deadline: 1, unitsLeft: 0 };
    fc.assert(
      fc.property(fc.array(fc.tuple(text, keys, fc.boolean()), { minLength: 1, maxLength: 6 }), (calls) => {
        for (const [value, key, interrupted] of calls) {
          if (interrupted) {
            const long = 'x'.repeat(200_000);
            expect(() => runIn(outOfTime, 'convertToSHA256', long, [key])).toThrow(/took longer than/);
          }
          expect(run('convertToSHA256', value, [key])).toBe(
            createHmac('sha256', key).update(value).digest('hex'),
          );
        }
      }),
    );
  });

  it('gives the same digests through node:crypto and through @noble/hashes', () => {
    const digests = (value: string, key: string) => [
      run('convertToSHA256', value, [key]),
      run('convertToSHA256NoSalt', value),
    ];
    const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 90 }), fc.string({ maxLength: 300 }));
    fc.assert(
      fc.property(text, text, fc.boolean(), (value, key, long) => {
        const message = long ? value.repeat(1 + Math.floor(70_000 / (value.length + 1))) : value;
        const native = digests(message, key);
        useNodeCrypto(false);
        try {
          // Twice: the second reads the kept HMAC state of the key.
          expect(digests(message, key)).toEqual(native);
          expect(digests(message, key)).toEqual(native);
        } finally {
          useNodeCrypto(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('refuses text with a lone surrogate, which UTF-8 cannot encode', () => {
    expect(failure('convertToSHA256NoSalt', 'a\ud800b')).toBe(
      'ValueError: convertToSHA256NoSalt: the text holds a lone surrogate (\\ud800) at position 1, which UTF-8 cannot encode',
    );
    expect(failure('convertToSHA256', 'a\udc00', ['k'])).toBe(
      'ValueError: convertToSHA256: the text holds a lone surrogate (\\udc00) at position 1, which UTF-8 cannot encode',
    );
    expect(failure('convertToSHA256', 'a', ['\ud800k'])).toBe(
      'ValueError: convertToSHA256: the text holds a lone surrogate (\\ud800) at position 0, which UTF-8 cannot encode',
    );
  });
});

describe('base64', () => {
  it.each([
    ['hello', 'aGVsbG8='],
    ['héllo ✓ 🎉', 'aMOpbGxvIOKckyDwn46J'],
    ['', ''],
    ['a', 'YQ=='],
    ['ab', 'YWI='],
    ['abc', 'YWJj'],
  ])('base64encode of %j is %j', (value, expected) => {
    expect(run('base64encode', value)).toBe(expected);
    expect(run('base64decode', expected)).toBe(value);
  });

  it.each([
    ['aGVs bG8=', 'hello'],
    ['aGVs\nbG8=', 'hello'],
    ['aGVs*bG8=', 'hello'],
    ['aGVsbG8=extra', 'hello'],
    ['aGVsbG8==', 'hello'],
    ['YQ==YQ==', 'a'],
    ['YR==', 'a'],
    ['YW=Jj', 'abc'],
    ['YWJj$$ZGVm', 'abcdef'],
    ['====', ''],
  ])('base64decode of %j skips what Python skips', (value, expected) => {
    expect(run('base64decode', value)).toBe(expected);
  });

  it.each([
    ['aGVsbG8', 'incorrect padding'],
    ['aGVsbA=', 'incorrect padding'],
    ['a', 'the number of Base64 characters is one more than a multiple of 4'],
    ['Y===', 'the number of Base64 characters is one more than a multiple of 4'],
    ['wyg=', 'the decoded bytes are not UTF-8 text'],
    ['7aCA', 'the decoded bytes are not UTF-8 text'],
    ['aGVsbG8é', 'Base64 text is ASCII only'],
  ])('base64decode of %j is a ValueError: %s', (value, why) => {
    expect(failure('base64decode', value)).toBe(
      `ValueError: base64decode: cannot decode '${value}' (${why})`,
    );
  });

  it('encodes the UTF-8 bytes of ASCII and other text as Node does', () => {
    const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }));
    fc.assert(
      fc.property(text, (t) => {
        expect(run('base64encode', t)).toBe(Buffer.from(t, 'utf8').toString('base64'));
      }),
    );
  });

  it('refuses Base64 longer than the output limit, ASCII or not, before making it', () => {
    const small = { ...state, limits: { ...state.limits, maxOutputSize: 8 } };
    expect(runIn(small, 'base64encode', 'abcdef', [], {})).toBe('YWJjZGVm');
    for (const text of ['abcdefg', 'éabcde']) {
      expect(() => runIn(small, 'base64encode', text, [], {})).toThrow(/base64encode/);
    }
  });

  it('decodes natively what Python decodes, padding, skipped characters and non-ASCII bytes among them', () => {
    const piece = fc.constantFrom(
      'YWJj',
      'YQ==',
      'YWI=',
      'w6k=',
      '4pyT',
      'YR==',
      'Zm9v',
      '=',
      '==',
      'Y',
      'YW',
      ' ',
      '*',
      '\n',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (parts) => {
        const text = parts.join('');
        expect(textOrError(() => run('base64decode', text))).toBe(textOrError(() => a2bBase64(state, text)));
      }),
      { numRuns: 2000 },
    );
  });

  it('decodes what it encodes, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(run('base64decode', run('base64encode', text))).toBe(text);
      }),
    );
  });
});

describe('urldecode', () => {
  it.each([
    ['a%20b+c', 'a b c'],
    ['%E2%9C%93', '✓'],
    ['%F0%9F%8E%89', '🎉'],
    ['%2B+%25', '+ %'],
    ['%zz', '%zz'],
    ['100%', '100%'],
    ['é%C3%A9', 'éé'],
    ['%E2%9C', '\ufffd'],
    ['%C3a%A9', '\ufffda\ufffd'],
    ['%f0%80%80', '\ufffd\ufffd\ufffd'],
    ['%ed%a0%80', '\ufffd\ufffd\ufffd'],
    ['%c0%af', '\ufffd\ufffd'],
    ['%f4%90%80%80', '\ufffd\ufffd\ufffd\ufffd'],
    ['%e2%82A', '\ufffdA'],
  ])('urldecode of %j is %j, as unquote_plus', (value, expected) => {
    expect(run('urldecode', value)).toBe(expected);
  });

  it('undoes percent-encoding of any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(run('urldecode', encodeURIComponent(text))).toBe(text);
      }),
    );
  });

  it('decodes natively what Python decodes run by run, broken escapes and non-ASCII text among them', () => {
    const piece = fc.constantFrom(
      '%',
      '%C3',
      '%A9',
      '%e2%9c%93',
      '%F0',
      '%9F',
      '%8E',
      '%89',
      '%ED',
      '%A0',
      '%80',
    );
    const other = fc.constantFrom('a', '+', ' ', 'é', 'z', '2', 'F', '\ud800', '😀', '%%', '%2', '%g1');
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, other), { maxLength: 10 }), (parts) => {
        const text = parts.join('');
        expect(run('urldecode', text)).toBe(unquoteRuns(state, text.replaceAll('+', ' ')));
      }),
      { numRuns: 2000 },
    );
  });
});
