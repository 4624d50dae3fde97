// Expected values were produced by CPython 3.11 with Jinja2 3.1.2 (SandboxedEnvironment) from the same inputs.
import { describe, expect, it } from 'vitest';
import { compile } from '../src/index';
import { formatValue, percentFormat, repr, str, strFormat } from '../src/runtime/format';
import { Markup, Namespace, tuple, Undefined } from '../src/runtime/values';
import { f, runtimeState, textOutcome } from './helpers/runtime-show';

const state = runtimeState();

const VALUES: Record<string, unknown> = {
  '0': 0,
  '-7': -7,
  '123456789': 123456789,
  '9007199254740991': 9007199254740991,
  '9007199254740992n': 9007199254740992n,
  '18446744073709551616n': 18446744073709551616n,
  '-1180591620717411303424n': -1180591620717411303424n,
  '100000000000000000000n': 100000000000000000000n,
  true: true,
  false: false,
  null: null,
  'f(2.0)': f(2.0),
  'f(-0.0)': f(-0.0),
  'f(0.0)': f(0.0),
  '0.1': 0.1,
  '0.3333333333333333': 0.3333333333333333,
  'f(1e+16)': f(1e16),
  'f(1000000000000000.0)': f(1000000000000000.0),
  'f(1.2345678901234568e+17)': f(1.2345678901234568e17),
  '0.0001': 0.0001,
  '1e-05': 1e-5,
  '0.00012345': 0.00012345,
  '1.5e-07': 1.5e-7,
  'f(1e+22)': f(1e22),
  'f(1.7976931348623157e+308)': f(1.7976931348623157e308),
  '5e-324': 5e-324,
  'Number.POSITIVE_INFINITY': Number.POSITIVE_INFINITY,
  'Number.NEGATIVE_INFINITY': Number.NEGATIVE_INFINITY,
  'Number.NaN': Number.NaN,
  '2.5': 2.5,
  '-1234.5678': -1234.5678,
  'f(100.0)': f(100.0),
  'f(1e+100)': f(1e100),
  '""': '',
  '"a\'b"': "a'b",
  'new Markup("<b>")': new Markup('<b>'),
  'new Undefined("x")': new Undefined('x'),
  '[1, "a", null, f(2.0)]': [1, 'a', null, f(2.0)],
  'tuple([1])': tuple([1]),
  'tuple([])': tuple([]),
  'tuple([1, 2])': tuple([1, 2]),
  '{ "a": 1, "b": [true] }': { a: 1, b: [true] },
  'new Map<unknown, unknown>([[1, "x"], [2.5, "y"]])': new Map<unknown, unknown>([
    [1, 'x'],
    [2.5, 'y'],
  ]),
  '[[], {  }, tuple([])]': [[], {}, tuple([])],
  '{ "k": tuple([1, "v"]) }': { k: tuple([1, 'v']) },
  '"abc"': 'abc',
  '"it\'s"': "it's",
  '"say \\"hi\\""': 'say "hi"',
  '"a\\"b\'c"': 'a"b\'c',
  '"\'"': "'",
  '"\\""': '"',
  '"a\\\\b"': 'a\\b',
  '"l1\\nl2"': 'l1\nl2',
  '"t\\tr\\r"': 't\tr\r',
  '"\\u0000\\u001f\\u007f"': '\u0000\u001f\u007f',
  '"caf\\u00e9"': 'caf\u00e9',
  '"\\u00a0nbsp"': '\u00a0nbsp',
  '"\\u200b"': '\u200b',
  '"\\ud83d\\ude00"': '\ud83d\ude00',
  '"\\ud800"': '\ud800',
  '"\\u2028"': '\u2028',
  '"\\u0085"': '\u0085',
  'new Markup("a\'b")': new Markup("a'b"),
  '["x", new Markup("y")]': ['x', new Markup('y')],
  'tuple(["only"])': tuple(['only']),
  '{ "a": "b" }': { a: 'b' },
  'new Map<unknown, unknown>([[null, 1], [true, 2]])': new Map<unknown, unknown>([
    [null, 1],
    [true, 2],
  ]),
};

describe('`str` prints ints in full, bools and None by name', () => {
  it.each([
    ['0', '0'],
    ['-7', '-7'],
    ['123456789', '123456789'],
    ['9007199254740991', '9007199254740991'],
    ['9007199254740992n', '9007199254740992'],
    ['18446744073709551616n', '18446744073709551616'],
    ['-1180591620717411303424n', '-1180591620717411303424'],
    ['100000000000000000000n', '100000000000000000000'],
    ['true', 'True'],
    ['false', 'False'],
    ['null', 'None'],
  ] as const)('%s', (source, expected) => {
    expect(textOutcome(() => str(VALUES[source]))).toBe(expected);
  });
});
describe('an int JS holds as a number past the safe range is its exact digits, as its bigint is', () => {
  // The double 2 ** 60 is the int 1152921504606846976; String() gives the shortest text that reads back as it.
  const printed =
    "{{ y }}|{{ y|string }}|{{ '%d' % y }}|{{ '%5d' % y }}|{{ '%s' % y }}|{{ '{}'.format(y) }}|{{ '{:d}'.format(y) }}|{{ [y] }}";
  it.each([
    [2 ** 60, '1152921504606846976'],
    [-(2 ** 64), '-18446744073709551616'],
    [2 ** 53 + 2, '9007199254740994'],
  ])('%s prints as %s by every way of printing it', (y, d) => {
    expect(compile(printed).render({ y })).toBe(`${d}|${d}|${d}|${d}|${d}|${d}|${d}|[${d}]`);
  });

  it('equals, keys and dedupes as the same int made in the template', () => {
    const source = '{{ y == 2 ** 60 }}|{{ {y: 1}[2 ** 60] }}|{{ [y, 2 ** 60]|unique|list|length }}|{{ -y }}';
    expect(compile(source).render({ y: 2 ** 60 })).toBe('True|1|1|-1152921504606846976');
  });
});

describe("`str` prints floats as Python's repr: shortest digits, `.0` on integral values, exponent past 1e16 and below 1e-4", () => {
  it.each([
    ['f(2.0)', '2.0'],
    ['f(-0.0)', '-0.0'],
    ['f(0.0)', '0.0'],
    ['0.1', '0.1'],
    ['0.3333333333333333', '0.3333333333333333'],
    ['f(1e+16)', '1e+16'],
    ['f(1000000000000000.0)', '1000000000000000.0'],
    ['f(1.2345678901234568e+17)', '1.2345678901234568e+17'],
    ['0.0001', '0.0001'],
    ['1e-05', '1e-05'],
    ['0.00012345', '0.00012345'],
    ['1.5e-07', '1.5e-07'],
    ['f(1e+22)', '1e+22'],
    ['f(1.7976931348623157e+308)', '1.7976931348623157e+308'],
    ['5e-324', '5e-324'],
    ['Number.POSITIVE_INFINITY', 'inf'],
    ['Number.NEGATIVE_INFINITY', '-inf'],
    ['Number.NaN', 'nan'],
    ['2.5', '2.5'],
    ['-1234.5678', '-1234.5678'],
    ['f(100.0)', '100.0'],
    ['f(1e+100)', '1e+100'],
  ] as const)('%s', (source, expected) => {
    expect(textOutcome(() => str(VALUES[source]))).toBe(expected);
  });
});
describe('`str` of strings and markup is the text itself; of Undefined it is empty', () => {
  it.each([
    ['""', ''],
    ['"a\'b"', "a'b"],
    ['new Markup("<b>")', '<b>'],
    ['new Undefined("x")', ''],
  ] as const)('%s', (source, expected) => {
    expect(textOutcome(() => str(VALUES[source]))).toBe(expected);
  });
});
describe('`str` of containers is their repr', () => {
  it.each([
    ['[1, "a", null, f(2.0)]', "[1, 'a', None, 2.0]"],
    ['tuple([1])', '(1,)'],
    ['tuple([])', '()'],
    ['tuple([1, 2])', '(1, 2)'],
    ['{ "a": 1, "b": [true] }', "{'a': 1, 'b': [True]}"],
    ['new Map<unknown, unknown>([[1, "x"], [2.5, "y"]])', "{1: 'x', 2.5: 'y'}"],
    ['[[], {  }, tuple([])]', '[[], {}, ()]'],
    ['{ "k": tuple([1, "v"]) }', "{'k': (1, 'v')}"],
  ] as const)('%s', (source, expected) => {
    expect(textOutcome(() => str(VALUES[source]))).toBe(expected);
  });
});
describe('`repr` of a string picks single quotes unless only they appear in it', () => {
  it.each([
    ['"abc"', "'abc'"],
    ['"it\'s"', '"it\'s"'],
    ['"say \\"hi\\""', '\'say "hi"\''],
    ['"a\\"b\'c"', "'a\"b\\'c'"],
    ['""', "''"],
    ['"\'"', '"\'"'],
    ['"\\""', "'\"'"],
  ] as const)('%s', (source, expected) => {
    expect(textOutcome(() => repr(VALUES[source]))).toBe(expected);
  });
});
describe('`repr` of a string escapes backslashes, line breaks, tabs and non-printable characters', () => {
  it.each([
    ['"a\\\\b"', "'a\\\\b'"],
    ['"l1\\nl2"', "'l1\\nl2'"],
    ['"t\\tr\\r"', "'t\\tr\\r'"],
    ['"\\u0000\\u001f\\u007f"', "'\\x00\\x1f\\x7f'"],
    ['"caf\\u00e9"', "'café'"],
    ['"\\u00a0nbsp"', "'\\xa0nbsp'"],
    ['"\\u200b"', "'\\u200b'"],
    ['"\\ud83d\\ude00"', "'😀'"],
    ['"\\ud800"', "'\\ud800'"],
    ['"\\u2028"', "'\\u2028'"],
    ['"\\u0085"', "'\\x85'"],
  ] as const)('%s', (source, expected) => {
    expect(textOutcome(() => repr(VALUES[source]))).toBe(expected);
  });
});
describe('`repr` marks markup, Undefined and containers as Python does', () => {
  it.each([
    ['new Markup("a\'b")', 'Markup("a\'b")'],
    ['new Undefined("x")', 'Undefined'],
    ['["x", new Markup("y")]', "['x', Markup('y')]"],
    ['tuple(["only"])', "('only',)"],
    ['{ "a": "b" }', "{'a': 'b'}"],
    ['new Map<unknown, unknown>([[null, 1], [true, 2]])', '{None: 1, True: 2}'],
  ] as const)('%s', (source, expected) => {
    expect(textOutcome(() => repr(VALUES[source]))).toBe(expected);
  });
});

describe('`repr` of a namespace shows its attributes as Jinja2 does', () => {
  it('prints <Namespace {...}>', () => {
    expect(
      repr(
        new Namespace([
          ['a', 1],
          ['b', 'x'],
        ]),
      ),
    ).toBe("<Namespace {'a': 1, 'b': 'x'}>");
  });
});

describe('format specs align and fill text: `<`, `>`, `^` and any fill character, precision truncates', () => {
  it.each([
    ['ab', '>5', '   ab'],
    ['ab', '<5', 'ab   '],
    ['ab', '^5', ' ab  '],
    ['ab', '^6', '  ab  '],
    ['ab', '*^7', '**ab***'],
    ['ab', '5', 'ab   '],
    ['abcdef', '.3', 'abc'],
    ['abcdef', '>8.2', '      ab'],
    ['ab', '010', 'ab00000000'],
    ['\u00e9', '~>3', '~~é'],
    ['ab', 's', 'ab'],
    ['ab', '', 'ab'],
  ] as [unknown, string, string][])('format(%s, %s)', (value, spec, expected) => {
    expect(textOutcome(() => formatValue(value, spec))).toBe(expected);
  });
});
describe("format specs refuse number options on text with Python's messages", () => {
  it.each([
    ['ab', '+', '!ValueError: Sign not allowed in string format specifier'],
    ['ab', ' ', '!ValueError: Space not allowed in string format specifier'],
    ['ab', '#', '!ValueError: Alternate form (#) not allowed in string format specifier'],
    ['ab', '=5', "!ValueError: '=' alignment not allowed in string format specifier"],
    ['ab', ',', "!ValueError: Cannot specify ',' with 's'."],
    ['ab', 'd', "!ValueError: Unknown format code 'd' for object of type 'str'"],
    ['ab', 'z', '!ValueError: Negative zero coercion (z) not allowed in string format specifier'],
    ['ab', '.', '!ValueError: Format specifier missing precision'],
  ] as [unknown, string, string][])('format(%s, %s)', (value, spec, expected) => {
    expect(textOutcome(() => formatValue(value, spec))).toBe(expected);
  });
});
describe('format spec `,` and `_` group thousands, also inside zero padding', () => {
  it.each([
    [1234567, ',', '1,234,567'],
    [1234567, '_', '1_234_567'],
    [-1234567, ',', '-1,234,567'],
    [1234, '08,', '0,001,234'],
    [1234, '09,', '0,001,234'],
    [1234, '010,', '00,001,234'],
    [123, '07,', '000,123'],
    [1234567.891, ',.2f', '1,234,567.89'],
    [f(1234567.0), ',', '1,234,567.0'],
    [1234.5, '_.1f', '1_234.5'],
    [3735928559, '_x', 'dead_beef'],
    [255, '_b', '1111_1111'],
    [100000000000000000000n, ',', '100,000,000,000,000,000,000'],
    [1234, ',d', '1,234'],
  ] as [unknown, string, string][])('format(%s, %s)', (value, spec, expected) => {
    expect(textOutcome(() => formatValue(value, spec))).toBe(expected);
  });
});
describe('format specs give ints signs, bases and alternate prefixes', () => {
  it.each([
    [42, '+', '+42'],
    [42, ' ', ' 42'],
    [-42, '+', '-42'],
    [42, 'b', '101010'],
    [42, '#b', '0b101010'],
    [42, 'o', '52'],
    [42, '#o', '0o52'],
    [255, 'x', 'ff'],
    [255, '#X', '0XFF'],
    [255, '#010x', '0x000000ff'],
    [-255, '#x', '-0xff'],
    [42, '=+6', '+   42'],
    [-42, '06', '-00042'],
    [42, '*<6', '42****'],
    [42, '^7', '  42   '],
    [65, 'c', 'A'],
    [1180591620717411303424n, 'x', '400000000000000000'],
    [42, 'n', '42'],
    [42, 'd', '42'],
  ] as [unknown, string, string][])('format(%s, %s)', (value, spec, expected) => {
    expect(textOutcome(() => formatValue(value, spec))).toBe(expected);
  });
});
describe('format specs turn ints into floats for float types', () => {
  it.each([
    [42, 'f', '42.000000'],
    [42, '.2e', '4.20e+01'],
    [42, '%', '4200.000000%'],
    [42, 'g', '42'],
    [1180591620717411303424n, '.3e', '1.181e+21'],
    [3, '.1%', '300.0%'],
  ] as [unknown, string, string][])('format(%s, %s)', (value, spec, expected) => {
    expect(textOutcome(() => formatValue(value, spec))).toBe(expected);
  });
});
describe('format specs refuse what ints cannot take', () => {
  it.each([
    [42, '.2', '!ValueError: Precision not allowed in integer format specifier'],
    [42, 's', "!ValueError: Unknown format code 's' for object of type 'int'"],
    [42, '+c', "!ValueError: Sign not allowed with integer format specifier 'c'"],
    [42, '#c', "!ValueError: Alternate form (#) not allowed with integer format specifier 'c'"],
    [-1, 'c', '!OverflowError: %c arg not in range(0x110000)'],
    [42, 'z', '!ValueError: Negative zero coercion (z) not allowed in integer format specifier'],
    [42, 'abc', "!ValueError: Invalid format specifier 'abc' for object of type 'int'"],
    [42, ',_', "!ValueError: Cannot specify both ',' and '_'."],
    [42, '_,', "!ValueError: Cannot specify both ',' and '_'."],
    [42, ',,', "!ValueError: Cannot specify ',' with ','."],
    [42, ',n', "!ValueError: Cannot specify ',' with 'n'."],
    [42, ',c', "!ValueError: Cannot specify ',' with 'c'."],
    [
      10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000n,
      'f',
      '!OverflowError: int too large to convert to float',
    ],
  ] as [unknown, string, string][])('format(%s, %s)', (value, spec, expected) => {
    expect(textOutcome(() => formatValue(value, spec))).toBe(expected);
  });
});
describe("format specs for floats: fixed, exponent, general, percent, with Python's rounding (half to even on exact ties)", () => {
  it.each([
    [12.34567, '.2f', '12.35'],
    [2.5, '.0f', '2'],
    [3.5, '.0f', '4'],
    [0.125, '.2f', '0.12'],
    [0.375, '.2f', '0.38'],
    [1.005, '.2f', '1.00'],
    [-0.0001, '.2f', '-0.00'],
    [-0.0001, 'z.2f', '0.00'],
    [1234.5, '.2e', '1.23e+03'],
    [1234.5, 'E', '1.234500E+03'],
    [1.234e-5, 'g', '1.234e-05'],
    [f(123456789.0), 'g', '1.23457e+08'],
    [f(1e16), 'g', '1e+16'],
    [f(100.0), '.3g', '100'],
    [f(100.0), '#.3g', '100.'],
    [0.5, '%', '50.000000%'],
    [0.12345, '.1%', '12.3%'],
    [f(2.0), '', '2.0'],
    [f(2.0), '.3', '2.0'],
    [1234.5, '.2', '1.2e+03'],
    [f(10.0), '.2', '1e+01'],
    [1e-5, '.2', '1e-05'],
    [f(9007199254740992.0), 'f', '9007199254740992.000000'],
    [f(1e300), '.2e', '1.00e+300'],
    [5e-324, 'g', '4.94066e-324'],
    [0.1, '.20f', '0.10000000000000000555'],
    [f(1.0), '#.0f', '1.'],
    [1.5, '#.0e', '2.e+00'],
  ] as [unknown, string, string][])('format(%s, %s)', (value, spec, expected) => {
    expect(textOutcome(() => formatValue(value, spec))).toBe(expected);
  });
});
describe('format specs for infinities and NaN keep their words and padding', () => {
  it.each([
    [Number.POSITIVE_INFINITY, '', 'inf'],
    [Number.NEGATIVE_INFINITY, '+', '-inf'],
    [Number.NaN, 'f', 'nan'],
    [Number.POSITIVE_INFINITY, 'F', 'INF'],
    [Number.NaN, 'E', 'NAN'],
    [Number.POSITIVE_INFINITY, '010', '0000000inf'],
    [Number.POSITIVE_INFINITY, '^9', '   inf   '],
    [Number.NEGATIVE_INFINITY, '010,', '-000000inf'],
    [Number.NaN, '+', '+nan'],
  ] as [unknown, string, string][])('format(%s, %s)', (value, spec, expected) => {
    expect(textOutcome(() => formatValue(value, spec))).toBe(expected);
  });
});
describe('format specs align floats and bools like numbers; bools print as words only without a spec', () => {
  it.each([
    [2.5, '>8', '     2.5'],
    [2.5, '<8', '2.5     '],
    [-2.5, '=8', '-    2.5'],
    [-2.5, '08.2f', '-0002.50'],
    [2.5, '+.1f', '+2.5'],
    [true, '', 'True'],
    [true, '>5', '    1'],
    [true, 'd', '1'],
    [false, '.1f', '0.0'],
    [true, 's', "!ValueError: Unknown format code 's' for object of type 'bool'"],
  ] as [unknown, string, string][])('format(%s, %s)', (value, spec, expected) => {
    expect(textOutcome(() => formatValue(value, spec))).toBe(expected);
  });
});
describe('format specs refuse what floats cannot take', () => {
  it.each([
    [2.5, 'd', "!ValueError: Unknown format code 'd' for object of type 'float'"],
    [2.5, 'x', "!ValueError: Unknown format code 'x' for object of type 'float'"],
    [2.5, 'c', "!ValueError: Unknown format code 'c' for object of type 'float'"],
    [2.5, 's', "!ValueError: Unknown format code 's' for object of type 'float'"],
    [2.5, ',x', "!ValueError: Cannot specify ',' with 'x'."],
  ] as [unknown, string, string][])('format(%s, %s)', (value, spec, expected) => {
    expect(textOutcome(() => formatValue(value, spec))).toBe(expected);
  });
});
describe('format with a spec refuses values that have no format of their own', () => {
  it.each([
    [null, '', 'None'],
    [null, '>5', '!TypeError: unsupported format string passed to NoneType.__format__'],
    [[1], '', '[1]'],
    [[1], 's', '!TypeError: unsupported format string passed to list.__format__'],
    [{ a: 1 }, '>3', '!TypeError: unsupported format string passed to dict.__format__'],
    [new Undefined('u'), '', ''],
    [new Undefined('u'), '>3', '!TypeError: unsupported format string passed to Undefined.__format__'],
    [new Markup('<b>'), '>5', '  <b>'],
  ] as [unknown, string, string][])('format(%s, %s)', (value, spec, expected) => {
    expect(textOutcome(() => formatValue(value, spec))).toBe(expected);
  });
});
describe('`%` formats one value, or a tuple of values, by conversion', () => {
  it.each([
    ['%s', 5, '5'],
    ['%s and %s', tuple(['a', 'b']), 'a and b'],
    ['%r', 'x', "'x'"],
    ['%a', '\u00e9', "'\\xe9'"],
    ['%d', 42, '42'],
    ['%i', -3, '-3'],
    ['%u', 7, '7'],
    ['%d', 2.9, '2'],
    ['%d', -2.9, '-2'],
    ['%d', true, '1'],
    ['%x', 255, 'ff'],
    ['%X', 255, 'FF'],
    ['%o', 8, '10'],
    ['%o', -8, '-10'],
    ['%f', 1.5, '1.500000'],
    ['%F', Number.POSITIVE_INFINITY, 'INF'],
    ['%e', 12345.678, '1.234568e+04'],
    ['%E', 0.000123, '1.230000E-04'],
    ['%g', 1e-5, '1e-05'],
    ['%G', f(1e20), '1E+20'],
    ['%g', f(123456789.0), '1.23457e+08'],
    ['%c', 65, 'A'],
    ['%c', 'z', 'z'],
    ['%%', tuple([]), '%'],
    ['100%%', tuple([]), '100%'],
    ['%s', [1, 2], '[1, 2]'],
    ['%s', { a: 1 }, "{'a': 1}"],
    ['%s', null, 'None'],
    ['%s', new Undefined('u'), ''],
    ['%d', 1208925819614629174706176n, '1208925819614629174706176'],
    ['%x', 1208925819614629174706176n, '100000000000000000000'],
    ['%s', f(2.0), '2.0'],
    ['%f', 2, '2.000000'],
  ] as [string, unknown, string][])('%s %% args', (fmt, args, expected) => {
    expect(textOutcome(() => percentFormat(fmt, args))).toBe(expected);
  });
});
describe('`%` takes flags, width and precision, also from `*`', () => {
  it.each([
    ['%5d', 42, '   42'],
    ['%-5d|', 42, '42   |'],
    ['%05d', -42, '-0042'],
    ['%+d', 5, '+5'],
    ['% d', 5, ' 5'],
    ['%+05d', 5, '+0005'],
    ['%-05d|', 5, '5    |'],
    ['%#x', 255, '0xff'],
    ['%#X', 255, '0XFF'],
    ['%#o', 8, '0o10'],
    ['%#05x', 255, '0x0ff'],
    ['%#.4x', 255, '0x00ff'],
    ['%.3d', 7, '007'],
    ['%.3d', -7, '-007'],
    ['%8.3f', 12.34567, '  12.346'],
    ['%-8.2f|', 12.34567, '12.35   |'],
    ['%08.2f', -12.34567, '-0012.35'],
    ['%.0f', 2.5, '2'],
    ['%.0f', 3.5, '4'],
    ['%#.0f', f(3.0), '3.'],
    ['%.2e', f(0.0), '0.00e+00'],
    ['%#g', f(1.0), '1.00000'],
    ['%.3s', 'abcdef', 'abc'],
    ['%5s', 'ab', '   ab'],
    ['%-5s|', 'ab', 'ab   |'],
    ['%05s', 'ab', '   ab'],
    ['%5c', 'a', '    a'],
    ['%*d', tuple([5, 3]), '    3'],
    ['%-*d|', tuple([5, 3]), '3    |'],
    ['%*d|', tuple([-5, 3]), '3    |'],
    ['%.*f', tuple([2, 12.34567]), '12.35'],
    ['%*.*f', tuple([8, 2, 12.34567]), '   12.35'],
    ['%05f', Number.POSITIVE_INFINITY, '00inf'],
    ['%5.1f%%', 99.44, ' 99.4%'],
    ['%ld', 5, '5'],
    ['%hd', 5, '5'],
  ] as [string, unknown, string][])('%s %% args', (fmt, args, expected) => {
    expect(textOutcome(() => percentFormat(fmt, args))).toBe(expected);
  });
});
describe('`%` reads `%(name)s` from a dict', () => {
  it.each([
    ['%(a)s', { a: 1 }, '1'],
    ['%(a)s-%(b)05.1f', { a: 'x', b: 2.25 }, 'x-002.2'],
    ['%(a)s %(a)r', { a: 'q' }, "q 'q'"],
    ['no fields', { a: 1 }, 'no fields'],
    ['%(a)s %s', { a: 1 }, '!TypeError: not enough arguments for format string'],
    ['%(a(b))s', { 'a(b)': 2 }, '2'],
  ] as [string, unknown, string][])('%s %% args', (fmt, args, expected) => {
    expect(textOutcome(() => percentFormat(fmt, args))).toBe(expected);
  });
});
describe("`%` fails with Python's messages", () => {
  it.each([
    ['%d', 'a', '!TypeError: %d format: a real number is required, not str'],
    ['%i', 'a', '!TypeError: %i format: a real number is required, not str'],
    ['%x', 1.5, '!TypeError: %x format: an integer is required, not float'],
    ['%f', 'a', '!TypeError: must be real number, not str'],
    ['%c', 1.5, '!TypeError: %c requires int or char'],
    ['%c', 'ab', '!TypeError: %c requires int or char'],
    ['%c', -1, '!OverflowError: %c arg not in range(0x110000)'],
    ['%c', 1114112, '!OverflowError: %c arg not in range(0x110000)'],
    ['%y', 1, "!ValueError: unsupported format character 'y' (0x79) at index 1"],
    ['%', 1, '!ValueError: incomplete format'],
    ['abc %', 1, '!ValueError: incomplete format'],
    ['%5%', tuple([]), '!TypeError: not enough arguments for format string'],
    ['%(a', {}, '!ValueError: incomplete format key'],
    ['%(a)s', 1, '!TypeError: format requires a mapping'],
    ['%(b)s', { a: 1 }, "!KeyError: 'b'"],
    ['%s %s', 1, '!TypeError: not enough arguments for format string'],
    ['%s', tuple([1, 2]), '!TypeError: not all arguments converted during string formatting'],
    ['%s', tuple([]), '!TypeError: not enough arguments for format string'],
    ['%*d', tuple(['a', 1]), '!TypeError: * wants int'],
    ['%d', Number.POSITIVE_INFINITY, '!OverflowError: cannot convert float infinity to integer'],
    ['%d', Number.NaN, '!ValueError: cannot convert float NaN to integer'],
    ['hello', 5, '!TypeError: not all arguments converted during string formatting'],
    ['hello', [], 'hello'],
    ['hello', {}, 'hello'],
    ['%d', new Undefined('u'), "!UndefinedError: 'u' is undefined"],
    ['%f', new Undefined('u'), "!UndefinedError: 'u' is undefined"],
    ['%x', new Undefined('u'), '!TypeError: %x format: an integer is required, not Undefined'],
    ['%d', null, '!TypeError: %d format: a real number is required, not NoneType'],
    ['%s %é', 1, '!TypeError: not enough arguments for format string'],
  ] as [string, unknown, string][])('%s %% args', (fmt, args, expected) => {
    expect(textOutcome(() => percentFormat(fmt, args))).toBe(expected);
  });
});
describe('`str.format` fills positional, numbered and named fields', () => {
  it.each([
    ['{}', [1], {}, '1'],
    ['{} {}', ['a', 'b'], {}, 'a b'],
    ['{1} {0} {1}', ['a', 'b'], {}, 'b a b'],
    ['{name}!', [], { name: 'Ann' }, 'Ann!'],
    ['{0} {x}', [1], { x: 2 }, '1 2'],
    ['{{}} {{{0}}}', [7], {}, '{} {7}'],
    ['}}{{', [], {}, '}{'],
    ['a{{b}}c{0}d}}}}e{{{{', [1], {}, 'a{b}c1d}}e{{'],
    ['{0.real}{{x}}{0.imag}', [3], {}, '3{x}0'],
    ['{:,}', [1234567], {}, '1,234,567'],
    // `_` groups a float without a type in threes, as `,` does (fours are for b, o, x and X only).
    ['{:_}', [1234.5], {}, '1_234.5'],
    ['{:_}', [f(12345678.0)], {}, '12_345_678.0'],
    ['{:_b}', [1234567], {}, '1_0010_1101_0110_1000_0111'],
    ['{:015_}', [1234.5], {}, '0_000_001_234.5'],
    ['{:.2f}', [12.34567], {}, '12.35'],
    ['{:>10}|', ['right'], {}, '     right|'],
    ['{0:*^9}', ['mid'], {}, '***mid***'],
    ['{}', [null], {}, 'None'],
    ['{}', [f(2.0)], {}, '2.0'],
    ['{}', [[1, 'a']], {}, "[1, 'a']"],
    ['{}', [true], {}, 'True'],
    ['{}', [new Undefined('u')], {}, ''],
    ['{}', [new Markup('<i>')], {}, '<i>'],
    ['{:d}', [true], {}, '1'],
  ] as [string, unknown[], Record<string, unknown>, string][])(
    '%s.format(...)',
    (fmt, args, kwargs, expected) => {
      expect(textOutcome(() => strFormat(state, fmt, args, kwargs))).toBe(expected);
    },
  );
});
describe('`str.format` converts with `!r`, `!s`, `!a` before formatting', () => {
  it.each([
    ['{!r}', ['a'], {}, "'a'"],
    ['{!s}', ['a'], {}, 'a'],
    ['{!a}', ['\u00e9'], {}, "'\\xe9'"],
    ['{!r:>6}', ['a'], {}, "   'a'"],
    ['{0!r}', [[1]], {}, '[1]'],
  ] as [string, unknown[], Record<string, unknown>, string][])(
    '%s.format(...)',
    (fmt, args, kwargs, expected) => {
      expect(textOutcome(() => strFormat(state, fmt, args, kwargs))).toBe(expected);
    },
  );
});
describe('`str.format` nests fields inside a spec, one level deep', () => {
  it.each([
    ['{:{}}', [1, 5], {}, '    1'],
    ['{:{w}.{p}f}', [12.34567], { w: 8, p: 2 }, '   12.35'],
    ['{0:{1}{2}}', ['x', '^', 5], {}, '  x  '],
    ['{:{:{}}}', [1, 2, 3], {}, '!ValueError: Max string recursion exceeded'],
  ] as [string, unknown[], Record<string, unknown>, string][])(
    '%s.format(...)',
    (fmt, args, kwargs, expected) => {
      expect(textOutcome(() => strFormat(state, fmt, args, kwargs))).toBe(expected);
    },
  );
});
describe('`str.format` looks fields up through the sandbox: attributes, items, unsafe names read as empty', () => {
  it.each([
    ['{0[a]}', [{ a: 1 }], {}, '1'],
    ['{0.a}', [{ a: 1 }], {}, '1'],
    ['{0[a][b]}', [{ a: { b: 2 } }], {}, '2'],
    ['{0[1]}', [[10, 20]], {}, '20'],
    ['{0[1]}', ['abc'], {}, 'b'],
    ['{0[-1]}', [[10, 20]], {}, ''],
    ['{0.x}', [{ a: 1 }], {}, ''],
    ['{0.__class__}', [{}], {}, ''],
    ['{d[k]}', [], { d: { k: 'v' } }, 'v'],
    ['{0.0}', [[1]], {}, ''],
    ['{0[5]}', [[1]], {}, ''],
  ] as [string, unknown[], Record<string, unknown>, string][])(
    '%s.format(...)',
    (fmt, args, kwargs, expected) => {
      expect(textOutcome(() => strFormat(state, fmt, args, kwargs))).toBe(expected);
    },
  );
});
describe("`str.format` fails with Python's messages", () => {
  it.each([
    [
      '{}{0}',
      [1],
      {},
      '!ValueError: cannot switch from manual field specification to automatic field numbering',
    ],
    [
      '{0}{}',
      [1],
      {},
      '!ValueError: cannot switch from manual field specification to automatic field numbering',
    ],
    ['{1}', [1], {}, '!IndexError: tuple index out of range'],
    ['{x}', [1], {}, "!KeyError: 'x'"],
    ['{!x}', [1], {}, '!ValueError: Unknown conversion specifier x'],
    ['{0[0]x}', [[1]], {}, "!ValueError: Only '.' or '[' may follow ']' in format field specifier"],
    ['{0.}', [{}], {}, '!ValueError: Empty attribute in format string'],
    ['{0[}', [{}], {}, "!ValueError: expected '}' before end of string"],
    ['}', [], {}, "!ValueError: Single '}' encountered in format string"],
    ['{', [], {}, "!ValueError: Single '{' encountered in format string"],
    ['{0', [], {}, "!ValueError: expected '}' before end of string"],
    ['{:}}', [1], {}, "!ValueError: Single '}' encountered in format string"],
    ['{0!}', [1], {}, "!ValueError: unmatched '{' in format spec"],
    ['{0!rr}', [1], {}, "!ValueError: expected ':' after conversion specifier"],
    ['{a{b}', [1], {}, "!ValueError: unexpected '{' in field name"],
    ['{0.x:>3}', [{}], {}, '!TypeError: unsupported format string passed to Undefined.__format__'],
    ['{:d}', ['a'], {}, "!ValueError: Unknown format code 'd' for object of type 'str'"],
    ['{ }', [1], {}, "!KeyError: ' '"],
  ] as [string, unknown[], Record<string, unknown>, string][])(
    '%s.format(...)',
    (fmt, args, kwargs, expected) => {
      expect(textOutcome(() => strFormat(state, fmt, args, kwargs))).toBe(expected);
    },
  );
});
