/**
 * `strftime` codes, checked against Python 3.11's `datetime.strftime` on glibc 2.36 (C locale): the
 * tables below were printed by /usr/bin/python3 for the same naive date-times and pasted in.
 * filters-service-strftime.property.test.ts compares random formats with /usr/bin/python3 itself.
 */
import { describe, expect, it } from 'vitest';
import { TemplateRuntimeError } from '../src/errors';
import { callSpec } from '../src/filters/call';
import { serviceFilters } from '../src/filters/service';
import { DEFAULT_LIMITS } from '../src/limits';
import type { RenderState } from '../src/runtime/state';

function stateWith(maxOutputSize: number): RenderState {
  return {
    limits: { ...DEFAULT_LIMITS, maxOutputSize },
    registry: { filters: serviceFilters, tests: new Map() },
    now: () => new Date('2024-01-15T12:00:00Z'),
    iterationsLeft: DEFAULT_LIMITS.maxLoopIterations,
    deadline: Number.POSITIVE_INFINITY,
    unitsLeft: Number.POSITIVE_INFINITY,
    depth: 0,
  };
}

/** `date|dateFormatter(format)`. */
function format(date: string, format: string, state = stateWith(DEFAULT_LIMITS.maxOutputSize)): unknown {
  const spec = serviceFilters.get('dateFormatter');
  if (!spec) throw new Error('no dateFormatter');
  return callSpec(state, 'dateFormatter', spec, date, [format], {});
}

const DATES = [
  '0001-01-01T00:00:00',
  '0005-01-03T00:07:09.000012',
  '0999-12-31T23:59:59.999999',
  '1999-12-31T23:59:59.500000',
  '2000-01-01T00:00:00',
  '2004-02-29T12:00:00',
  '2015-12-31T12:30:05',
  '2016-01-03T13:00:00',
  '2020-12-31T11:59:59',
  '2021-01-01T01:02:03',
  '2024-12-30T18:45:00',
  '9999-12-31T23:59:59.999999',
];

/** Each format with its output for each of DATES, from `datetime.strftime` (Python 3.11, glibc 2.36). */
const EVERY_DATE: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['%a', ['Mon', 'Mon', 'Tue', 'Fri', 'Sat', 'Sun', 'Thu', 'Sun', 'Thu', 'Fri', 'Mon', 'Fri']],
  [
    '%A',
    [
      'Monday',
      'Monday',
      'Tuesday',
      'Friday',
      'Saturday',
      'Sunday',
      'Thursday',
      'Sunday',
      'Thursday',
      'Friday',
      'Monday',
      'Friday',
    ],
  ],
  ['%b', ['Jan', 'Jan', 'Dec', 'Dec', 'Jan', 'Feb', 'Dec', 'Jan', 'Dec', 'Jan', 'Dec', 'Dec']],
  [
    '%B',
    [
      'January',
      'January',
      'December',
      'December',
      'January',
      'February',
      'December',
      'January',
      'December',
      'January',
      'December',
      'December',
    ],
  ],
  [
    '%c',
    [
      'Mon Jan  1 00:00:00 1',
      'Mon Jan  3 00:07:09 5',
      'Tue Dec 31 23:59:59 999',
      'Fri Dec 31 23:59:59 1999',
      'Sat Jan  1 00:00:00 2000',
      'Sun Feb 29 12:00:00 2004',
      'Thu Dec 31 12:30:05 2015',
      'Sun Jan  3 13:00:00 2016',
      'Thu Dec 31 11:59:59 2020',
      'Fri Jan  1 01:02:03 2021',
      'Mon Dec 30 18:45:00 2024',
      'Fri Dec 31 23:59:59 9999',
    ],
  ],
  ['%d', ['01', '03', '31', '31', '01', '29', '31', '03', '31', '01', '30', '31']],
  [
    '%f',
    [
      '000000',
      '000012',
      '999999',
      '500000',
      '000000',
      '000000',
      '000000',
      '000000',
      '000000',
      '000000',
      '000000',
      '999999',
    ],
  ],
  ['%H', ['00', '00', '23', '23', '00', '12', '12', '13', '11', '01', '18', '23']],
  ['%I', ['12', '12', '11', '11', '12', '12', '12', '01', '11', '01', '06', '11']],
  ['%j', ['001', '003', '365', '365', '001', '060', '365', '003', '366', '001', '365', '365']],
  ['%m', ['01', '01', '12', '12', '01', '02', '12', '01', '12', '01', '12', '12']],
  ['%M', ['00', '07', '59', '59', '00', '00', '30', '00', '59', '02', '45', '59']],
  ['%p', ['AM', 'AM', 'PM', 'PM', 'AM', 'PM', 'PM', 'PM', 'AM', 'AM', 'PM', 'PM']],
  ['%S', ['00', '09', '59', '59', '00', '00', '05', '00', '59', '03', '00', '59']],
  ['%U', ['00', '01', '52', '52', '00', '09', '52', '01', '52', '00', '52', '52']],
  ['%w', ['1', '1', '2', '5', '6', '0', '4', '0', '4', '5', '1', '5']],
  ['%W', ['01', '01', '52', '52', '00', '08', '52', '00', '52', '00', '53', '52']],
  [
    '%x',
    [
      '01/01/01',
      '01/03/05',
      '12/31/99',
      '12/31/99',
      '01/01/00',
      '02/29/04',
      '12/31/15',
      '01/03/16',
      '12/31/20',
      '01/01/21',
      '12/30/24',
      '12/31/99',
    ],
  ],
  [
    '%X',
    [
      '00:00:00',
      '00:07:09',
      '23:59:59',
      '23:59:59',
      '00:00:00',
      '12:00:00',
      '12:30:05',
      '13:00:00',
      '11:59:59',
      '01:02:03',
      '18:45:00',
      '23:59:59',
    ],
  ],
  ['%y', ['01', '05', '99', '99', '00', '04', '15', '16', '20', '21', '24', '99']],
  ['%Y', ['1', '5', '999', '1999', '2000', '2004', '2015', '2016', '2020', '2021', '2024', '9999']],
  ['%z', ['', '', '', '', '', '', '', '', '', '', '', '']],
  ['%Z', ['', '', '', '', '', '', '', '', '', '', '', '']],
  ['%G', ['1', '5', '1000', '1999', '1999', '2004', '2015', '2015', '2020', '2020', '2025', '9999']],
  ['%V', ['01', '01', '01', '52', '52', '09', '53', '53', '53', '53', '01', '52']],
  ['%u', ['1', '1', '2', '5', '6', '7', '4', '7', '4', '5', '1', '5']],
  ['%e', [' 1', ' 3', '31', '31', ' 1', '29', '31', ' 3', '31', ' 1', '30', '31']],
  ['%%', ['%', '%', '%', '%', '%', '%', '%', '%', '%', '%', '%', '%']],
  ['%C', ['0', '0', '9', '19', '20', '20', '20', '20', '20', '20', '20', '99']],
  [
    '%D',
    [
      '01/01/01',
      '01/03/05',
      '12/31/99',
      '12/31/99',
      '01/01/00',
      '02/29/04',
      '12/31/15',
      '01/03/16',
      '12/31/20',
      '01/01/21',
      '12/30/24',
      '12/31/99',
    ],
  ],
  [
    '%F',
    [
      '1-01-01',
      '5-01-03',
      '999-12-31',
      '1999-12-31',
      '2000-01-01',
      '2004-02-29',
      '2015-12-31',
      '2016-01-03',
      '2020-12-31',
      '2021-01-01',
      '2024-12-30',
      '9999-12-31',
    ],
  ],
  ['%g', ['01', '05', '00', '99', '99', '04', '15', '15', '20', '20', '25', '99']],
  ['%h', ['Jan', 'Jan', 'Dec', 'Dec', 'Jan', 'Feb', 'Dec', 'Jan', 'Dec', 'Jan', 'Dec', 'Dec']],
  ['%k', [' 0', ' 0', '23', '23', ' 0', '12', '12', '13', '11', ' 1', '18', '23']],
  ['%l', ['12', '12', '11', '11', '12', '12', '12', ' 1', '11', ' 1', ' 6', '11']],
  ['%n', ['\n', '\n', '\n', '\n', '\n', '\n', '\n', '\n', '\n', '\n', '\n', '\n']],
  ['%P', ['am', 'am', 'pm', 'pm', 'am', 'pm', 'pm', 'pm', 'am', 'am', 'pm', 'pm']],
  [
    '%r',
    [
      '12:00:00 AM',
      '12:07:09 AM',
      '11:59:59 PM',
      '11:59:59 PM',
      '12:00:00 AM',
      '12:00:00 PM',
      '12:30:05 PM',
      '01:00:00 PM',
      '11:59:59 AM',
      '01:02:03 AM',
      '06:45:00 PM',
      '11:59:59 PM',
    ],
  ],
  [
    '%R',
    [
      '00:00',
      '00:07',
      '23:59',
      '23:59',
      '00:00',
      '12:00',
      '12:30',
      '13:00',
      '11:59',
      '01:02',
      '18:45',
      '23:59',
    ],
  ],
  [
    '%s',
    [
      '-62135596800',
      '-62009193171',
      '-30610224001',
      '946684799',
      '946684800',
      '1078056000',
      '1451565005',
      '1451826000',
      '1609415999',
      '1609462923',
      '1735584300',
      '253402300799',
    ],
  ],
  ['%t', ['\t', '\t', '\t', '\t', '\t', '\t', '\t', '\t', '\t', '\t', '\t', '\t']],
  [
    '%T',
    [
      '00:00:00',
      '00:07:09',
      '23:59:59',
      '23:59:59',
      '00:00:00',
      '12:00:00',
      '12:30:05',
      '13:00:00',
      '11:59:59',
      '01:02:03',
      '18:45:00',
      '23:59:59',
    ],
  ],
];

/** Flags, widths, modifiers and odd formats, for 0005-01-03T00:07:09.000012 and 2021-01-01T01:02:03. */
const FLAGS: ReadonlyArray<readonly [string, string, string]> = [
  ['%-d', '3', '1'],
  ['%_d', ' 3', ' 1'],
  ['%0e', '03', '01'],
  ['%-e', '3', '1'],
  ['%-m', '1', '1'],
  ['%-H', '0', '1'],
  ['%-I', '12', '1'],
  ['%-M', '7', '2'],
  ['%-S', '9', '3'],
  ['%-j', '3', '1'],
  ['%-y', '5', '21'],
  ['%-l', '12', '1'],
  ['%-k', '0', '1'],
  ['%_H', ' 0', ' 1'],
  ['%^a', 'MON', 'FRI'],
  ['%#a', 'MON', 'FRI'],
  ['%^A', 'MONDAY', 'FRIDAY'],
  ['%#B', 'JANUARY', 'JANUARY'],
  ['%^b', 'JAN', 'JAN'],
  ['%#p', 'am', 'am'],
  ['%^p', 'AM', 'AM'],
  ['%^P', 'am', 'am'],
  ['%#P', 'am', 'am'],
  ['%^c', 'MON JAN  3 00:07:09 5', 'FRI JAN  1 01:02:03 2021'],
  ['%10A', '    Monday', '    Friday'],
  ['%_10A', '    Monday', '    Friday'],
  ['%010A', '0000Monday', '0000Friday'],
  ['%-10d', '         3', '         1'],
  ['%5d', '00003', '00001'],
  ['%_5d', '    3', '    1'],
  ['%3Y', '005', '2021'],
  ['%6Y', '000005', '002021'],
  ['%_6Y', '     5', '  2021'],
  ['%_F', '5-01-03', '2021-01-01'],
  ['%010F', '0005-01-03', '2021-01-01'],
  ['%-12F', '     5-01-03', '  2021-01-01'],
  ['%12F', '     5-01-03', '  2021-01-01'],
  ['%#12F', '     5-01-03', '  2021-01-01'],
  ['%015s', '000-62009193171', '000001609462923'],
  ['%-15s', '   -62009193171', '     1609462923'],
  ['%Ey', '05', '21'],
  ['%EY', '5', '2021'],
  ['%Od', '03', '01'],
  ['%OH', '00', '01'],
  ['%Ob', 'Jan', 'Jan'],
  ['%Ep', 'AM', 'AM'],
  ['%Ed', '%Ed', '%Ed'],
  ['%OY', '%OY', '%OY'],
  ['%Oa', '%Oa', '%Oa'],
  ['%#Eb', '%#EB', '%#EB'],
  ['%#Eh', '%#EH', '%#EH'],
  ['%#Ea', '%#Ea', '%#Ea'],
  ['%^Eb', '%^EB', '%^EB'],
  ['%EC', '0', '20'],
  ['%Ec', 'Mon Jan  3 00:07:09 5', 'Fri Jan  1 01:02:03 2021'],
  ['%Ex', '01/03/05', '01/01/21'],
  ['%EX', '00:07:09', '01:02:03'],
  ['%E%', '%', '%'],
  ['%5%', '    %', '    %'],
  ['%Q', '%Q', '%Q'],
  ['%10Q', '      %10Q', '      %10Q'],
  ['%05Q', '0%05Q', '0%05Q'],
  ['%^q', '%^Q', '%^Q'],
  ['%^é', '%^É', '%^É'],
  ['%^ß', '%^ß', '%^ß'],
  ['%^ᾳ', '%^ᾼ', '%^ᾼ'],
  ['%^8ǆ', '    %^8Ǆ', '    %^8Ǆ'],
  ['%5😀', '  %5😀', '  %5😀'],
  ['%', '%', '%'],
  ['abc%', 'abc%', 'abc%'],
  ['%-', '%-', '%-'],
  ['%5', '   %5', '   %5'],
  ['%-5E', ' %-5E', ' %-5E'],
  ['%-f', '%-f', '%-f'],
  ['%5f', '  %5f', '  %5f'],
  ['%%f', '%f', '%f'],
  ['%%%f', '%000012', '%000000'],
  ['%%Y', '%Y', '%Y'],
  ['%#Z', '', ''],
  ['%10Z', '          ', '          '],
  ['%5z', '', ''],
  ['%-z', '', ''],
  ['%:z', '%:z', '%:z'],
  ['%+4Y', '%+4Y', '%+4Y'],
  ['%5000d', '', ''],
  ['%2147483647d', '', ''],
  ['', '', ''],
  ['a\u0000b', 'a', 'a'],
  ['xé%Y中', 'xé5中', 'xé2021中'],
  ['%A, %B %-d, %Y at %-I:%M %p', 'Monday, January 3, 5 at 12:07 AM', 'Friday, January 1, 2021 at 1:02 AM'],
  ['%d/%m/%Y %H:%M:%S', '03/01/5 00:07:09', '01/01/2021 01:02:03'],
  ['week %V of %G, day %u', 'week 01 of 5, day 1', 'week 53 of 2020, day 5'],
  ['%Y%m%dT%H%M%S.%f', '50103T000709.000012', '20210101T010203.000000'],
];

/** First, seventh and last days of years that start on each weekday, as `%a %j %U %W %V %G %g %u %w` prints them. */
const WEEKS: ReadonlyArray<readonly [string, string]> = [
  ['2015-01-01', 'Thu 001 00 00 01 2015 15 4 4'],
  ['2015-01-07', 'Wed 007 01 01 02 2015 15 3 3'],
  ['2015-12-31', 'Thu 365 52 52 53 2015 15 4 4'],
  ['2016-01-01', 'Fri 001 00 00 53 2015 15 5 5'],
  ['2016-01-07', 'Thu 007 01 01 01 2016 16 4 4'],
  ['2016-12-31', 'Sat 366 52 52 52 2016 16 6 6'],
  ['2017-01-01', 'Sun 001 01 00 52 2016 16 7 0'],
  ['2017-01-07', 'Sat 007 01 01 01 2017 17 6 6'],
  ['2017-12-31', 'Sun 365 53 52 52 2017 17 7 0'],
  ['2018-01-01', 'Mon 001 00 01 01 2018 18 1 1'],
  ['2018-01-07', 'Sun 007 01 01 01 2018 18 7 0'],
  ['2018-12-31', 'Mon 365 52 53 01 2019 19 1 1'],
  ['2019-01-01', 'Tue 001 00 00 01 2019 19 2 2'],
  ['2019-01-07', 'Mon 007 01 01 02 2019 19 1 1'],
  ['2019-12-31', 'Tue 365 52 52 01 2020 20 2 2'],
  ['2020-01-01', 'Wed 001 00 00 01 2020 20 3 3'],
  ['2020-01-07', 'Tue 007 01 01 02 2020 20 2 2'],
  ['2020-12-31', 'Thu 366 52 52 53 2020 20 4 4'],
  ['2021-01-01', 'Fri 001 00 00 53 2020 20 5 5'],
  ['2021-01-07', 'Thu 007 01 01 01 2021 21 4 4'],
  ['2021-12-31', 'Fri 365 52 52 52 2021 21 5 5'],
  ['2022-01-01', 'Sat 001 00 00 52 2021 21 6 6'],
  ['2022-01-07', 'Fri 007 01 01 01 2022 22 5 5'],
  ['2022-12-31', 'Sat 365 52 52 52 2022 22 6 6'],
  ['2023-01-01', 'Sun 001 01 00 52 2022 22 7 0'],
  ['2023-01-07', 'Sat 007 01 01 01 2023 23 6 6'],
  ['2023-12-31', 'Sun 365 53 52 52 2023 23 7 0'],
];

describe('strftime codes', () => {
  it.each(EVERY_DATE)('%j formats every test date as Python does', (code, expected) => {
    expect(DATES.map((date) => format(date, code))).toEqual(expected);
  });

  it.each(WEEKS)('%s has the week numbers Python gives it', (date, expected) => {
    expect(format(date, '%a %j %U %W %V %G %g %u %w')).toBe(expected);
  });

  it.each(FLAGS)('%j formats as Python does (glibc flags, widths and modifiers)', (code, first, second) => {
    expect(format(DATES[1], code)).toBe(first);
    expect(format(DATES[9], code)).toBe(second);
  });
});

describe('output size', () => {
  it('pads a width as long as Python buffer holds it', () => {
    expect(format('2021-01-01', '%1000d')).toBe(`${'0'.repeat(998)}01`);
    expect(format('2021-01-01', '%2047d')).toHaveLength(2047);
    expect(format('2021-01-01', '%Y%Y%Y%1500d')).toHaveLength(1512);
  });

  it("gives '' when the result does not fit Python's buffer of 256 characters per format character", () => {
    expect(format('2021-01-01', '%2048d')).toBe('');
    expect(format('2021-01-01', 'x%5000d')).toBe('');
  });

  it('counts characters, not UTF-8 bytes or UTF-16 units, as wcsftime does', () => {
    expect(format('2021-01-01', '中%2046d')).toHaveLength(2047);
    expect(format('2021-01-01', '中%2047d')).toBe('');
    expect(format('2021-01-01', '😀%2046d')).toHaveLength(2048);
    expect(format('2021-01-01', '😀%2047d')).toBe('');
  });

  it('fails with a LimitError when the result passes the output limit first', () => {
    const small = stateWith(100);
    expect(format('2021-01-01', '%99d', small)).toHaveLength(99);
    let error: unknown;
    try {
      format('2021-01-01', '%101d', small);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TemplateRuntimeError);
    expect((error as TemplateRuntimeError).kind).toBe('LimitError');
  });
});
