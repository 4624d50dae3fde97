// Expected values were produced by CPython 3.11 with Jinja2 3.1.2's Undefined and MarkupSafe's Markup.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '../src/index';
import {
  add,
  contains,
  containsText,
  eq,
  floordiv,
  ge,
  gt,
  le,
  lt,
  mod,
  mul,
  ne,
  neg,
  pos,
  pow,
  sub,
  truediv,
  truthy,
} from '../src/runtime/operators';
import { Markup, tuple, Undefined } from '../src/runtime/values';
import { f, outcome, runtimeState } from './helpers/runtime-show';

const state = runtimeState();
const BINARY = {
  '+': (a: unknown, b: unknown) => add(state, a, b),
  '-': (a: unknown, b: unknown) => sub(state, a, b),
  '*': (a: unknown, b: unknown) => mul(state, a, b),
  '/': (a: unknown, b: unknown) => truediv(state, a, b),
  '//': (a: unknown, b: unknown) => floordiv(state, a, b),
  '%': (a: unknown, b: unknown) => mod(state, a, b),
  '**': (a: unknown, b: unknown) => pow(state, a, b),
  '==': eq,
  '!=': ne,
  '<': lt,
  '<=': le,
  '>': gt,
  '>=': ge,
  in: (a: unknown, b: unknown) => contains(b, a),
} as const;

describe('int arithmetic is exact, and bools are ints', () => {
  it.each([
    [1, '+', 2, '3'],
    [1, '-', 5, '-4'],
    [6, '*', 7, '42'],
    [true, '+', 1, '2'],
    [true, '+', true, '2'],
    [false, '*', 5, '0'],
    [true, '-', 0.5, '0.5'],
    [0, '*', 5, '0'],
    [0, '*', -5, '0'],
    [9007199254740991, '+', 2, '9007199254740993'],
    [9007199254740993n, '+', 2, '9007199254740995'],
    [12345678901, '*', 98765432109, '1219326311336229232209'],
    [1152921504606846976n, '-', 1152921504606846976n, '0'],
    [-9223372036854775808n, '-', 1, '-9223372036854775809'],
    [18446744073709551616n, '+', f(1.0), '1.8446744073709552e+19'],
  ] as [unknown, keyof typeof BINARY, unknown, string][])('%s %s %s', (a, op, b, expected) => {
    expect(outcome(() => BINARY[op](a, b))).toBe(expected);
  });
});
describe('`/` always gives a float, correctly rounded also for big ints', () => {
  it.each([
    [10, '/', 5, '2.0'],
    [10, '/', 4, '2.5'],
    [-7, '/', 2, '-3.5'],
    [1, '/', 3, '0.3333333333333333'],
    [true, '/', 2, '0.5'],
    [18446744073709551616n, '/', 2, '9.223372036854776e+18'],
    [1180591620717411303425n, '/', 3, '3.935305402391371e+20'],
    [1000000000000000000000000000000n, '/', 7, '1.4285714285714285e+29'],
    [-1000000000000000000000000000000n, '/', 7, '-1.4285714285714285e+29'],
    [7, '/', 1000000000000000000000000000000n, '7e-30'],
    [1.5, '/', 0.5, '3.0'],
    [f(0.0), '/', -1, '-0.0'],
    [
      13582985290493858492773514283592667786034938469317445497485196697278130927542418487205392083207560592298578262953847383475038725543234929971155548342800628721885763499406390331782864144164680730766837160526223176512798435772129956553355286032203080380775759732320198985094884004069116123084147875437183658467465148948790552744165376n,
      '/',
      10715086071862673209484250490600018105614048117055336074437503883703510511249361224931983788156958581275946729175531468251871452856923140435984577574698574803934567774824230985421074605062371141877954182153046474983581941267398767559165543946077062914571196477686542167660429831652624386837205668069376n,
      '1.2676506002282294e+30',
    ],
    [
      114813069527425452423283320117768198402231770208869520047764273682576626139237031385665948631650626991844596463898746277344711896086305533142593135616665318539129989145312280000688779148240044871428926990063486244781615463646388363947317026040466353970904996558162398808944629605623311649536164221970332681344168908984458505602379484807914058900934776500429002716706625830522008132236281291761267883317206598995396418127021779858404042159853183251540889433902091920554957783589672039160081957216630582755380425583726015528348786419432054508915275783882625175435528800822842770817965453762184851149029376n,
      '/',
      3,
      '!OverflowError: integer division result too large for a float',
    ],
  ] as [unknown, keyof typeof BINARY, unknown, string][])('%s %s %s', (a, op, b, expected) => {
    expect(outcome(() => BINARY[op](a, b))).toBe(expected);
  });
});
describe('`//` floors toward minus infinity, for ints and floats', () => {
  it.each([
    [7, '//', 2, '3'],
    [-7, '//', 2, '-4'],
    [7, '//', -2, '-4'],
    [-7, '//', -2, '3'],
    [7.5, '//', 2, '3.0'],
    [-7.5, '//', 2, '-4.0'],
    [7.5, '//', -2, '-4.0'],
    [1, '//', 0.3, '3.0'],
    [-0.5, '//', 1, '-1.0'],
    [0.5, '//', -1, '-1.0'],
    [1180591620717411303424n, '//', 3, '393530540239137101141'],
    [-1180591620717411303424n, '//', 3, '-393530540239137101142'],
    [1180591620717411303424n, '//', -34359738368, '-34359738368'],
    [f(5.0), '//', Number.POSITIVE_INFINITY, '0.0'],
    [f(-5.0), '//', Number.POSITIVE_INFINITY, '-1.0'],
    [Number.POSITIVE_INFINITY, '//', 5, 'nan'],
    [true, '//', 2, '0'],
    [9007199254740991, '//', 2, '4503599627370495'],
  ] as [unknown, keyof typeof BINARY, unknown, string][])('%s %s %s', (a, op, b, expected) => {
    expect(outcome(() => BINARY[op](a, b))).toBe(expected);
  });
});
describe('`%` takes the sign of the divisor, for ints and floats', () => {
  it.each([
    [7, '%', 3, '1'],
    [-7, '%', 3, '2'],
    [7, '%', -3, '-2'],
    [-7, '%', -3, '-1'],
    [7.5, '%', 2, '1.5'],
    [-7.5, '%', 2, '0.5'],
    [7.5, '%', -2, '-0.5'],
    [5.5, '%', 1, '0.5'],
    [f(6.0), '%', 3, '0.0'],
    [f(-6.0), '%', 3, '0.0'],
    [f(6.0), '%', -3, '-0.0'],
    [1180591620717411303424n, '%', 1000007, '866026'],
    [-1180591620717411303424n, '%', 1000007, '133981'],
    [f(5.0), '%', Number.POSITIVE_INFINITY, '5.0'],
    [f(-5.0), '%', Number.POSITIVE_INFINITY, 'inf'],
    [0.1, '%', 0.01, '3.469446951953614e-18'],
    [true, '%', 2, '1'],
  ] as [unknown, keyof typeof BINARY, unknown, string][])('%s %s %s', (a, op, b, expected) => {
    expect(outcome(() => BINARY[op](a, b))).toBe(expected);
  });
});
describe('`%` on a string formats, on markup it escapes the arguments', () => {
  it.each([
    ['%s!', '%', 'x', "'x!'"],
    ['%d-%d', '%', tuple([1, 2]), "'1-2'"],
    [new Markup('<b>%s</b>'), '%', '<i>', "Markup('<b>&lt;i&gt;</b>')"],
    [new Markup('%s'), '%', new Markup('<i>'), "Markup('<i>')"],
    ['%s', '%', new Undefined('u'), "''"],
    ['%s', '%', [1], "'[1]'"],
  ] as [unknown, keyof typeof BINARY, unknown, string][])('%s %s %s', (a, op, b, expected) => {
    expect(outcome(() => BINARY[op](a, b))).toBe(expected);
  });
});
describe('`**` keeps ints exact, goes to float for negative exponents, and raises as Python does', () => {
  it.each([
    [2, '**', 10, '1024'],
    [2, '**', 100, '1267650600228229401496703205376'],
    [-2, '**', 3, '-8'],
    [-2, '**', 63, '-9223372036854775808'],
    [3, '**', 40, '12157665459056928801'],
    [2, '**', -1, '0.5'],
    [-2, '**', -2, '0.25'],
    [1.5, '**', 2, '2.25'],
    // The double nearest the exact power, where JavaScript's `**` is an ulp off (as Python prints them).
    [1.1493, '**', 4, '1.74475168657244'],
    [0.7694, '**', 17, '0.011603448886166436'],
    [1.6999, '**', 19, '23880.537849150514'],
    [2.5, '**', -3, '0.064'],
    [2, '**', 0.5, '1.4142135623730951'],
    [0, '**', 0, '1'],
    [f(0.0), '**', 0, '1.0'],
    [1, '**', 1000000, '1'],
    [-1, '**', 1000001, '-1'],
    [0, '**', -1, '!ZeroDivisionError: 0.0 cannot be raised to a negative power'],
    [f(0.0), '**', -1, '!ZeroDivisionError: 0.0 cannot be raised to a negative power'],
    [f(10.0), '**', 400, "!OverflowError: (34, 'Numerical result out of range')"],
    [2, '**', f(10000.0), "!OverflowError: (34, 'Numerical result out of range')"],
    [f(1.0), '**', Number.NaN, '1.0'],
    [Number.NaN, '**', 0, '1.0'],
    [f(-1.0), '**', Number.POSITIVE_INFINITY, '1.0'],
    [0.5, '**', Number.POSITIVE_INFINITY, '0.0'],
    [f(2.0), '**', Number.NEGATIVE_INFINITY, '0.0'],
    [true, '**', 2, '1'],
    [2, '**', true, '2'],
    [10, '**', -400, '0.0'],
  ] as [unknown, keyof typeof BINARY, unknown, string][])('%s %s %s', (a, op, b, expected) => {
    expect(outcome(() => BINARY[op](a, b))).toBe(expected);
  });
});
describe("division by zero raises ZeroDivisionError with Python's message for each operator", () => {
  it.each([
    [1, '/', 0, '!ZeroDivisionError: division by zero'],
    [f(1.0), '/', 0, '!ZeroDivisionError: float division by zero'],
    [1, '/', f(0.0), '!ZeroDivisionError: float division by zero'],
    [1, '//', 0, '!ZeroDivisionError: integer division or modulo by zero'],
    [f(1.0), '//', 0, '!ZeroDivisionError: float floor division by zero'],
    [1, '%', 0, '!ZeroDivisionError: integer modulo by zero'],
    [f(1.0), '%', 0, '!ZeroDivisionError: float modulo'],
    [1, '%', false, '!ZeroDivisionError: integer modulo by zero'],
    [true, '/', false, '!ZeroDivisionError: division by zero'],
    [1180591620717411303424n, '//', 0, '!ZeroDivisionError: integer division or modulo by zero'],
  ] as [unknown, keyof typeof BINARY, unknown, string][])('%s %s %s', (a, op, b, expected) => {
    expect(outcome(() => BINARY[op](a, b))).toBe(expected);
  });
});
describe('`+` concatenates str, list and tuple, and refuses mixed types', () => {
  it.each([
    ['a', '+', 'b', "'ab'"],
    [[1], '+', [2, 3], '[1, 2, 3]'],
    [tuple([1]), '+', tuple([2]), '(1, 2)'],
    [[], '+', [], '[]'],
    ['a', '+', 1, '!TypeError: can only concatenate str (not "int") to str'],
    [1, '+', 'a', "!TypeError: unsupported operand type(s) for +: 'int' and 'str'"],
    [[1], '+', tuple([2]), '!TypeError: can only concatenate list (not "tuple") to list'],
    [tuple([1]), '+', [2], '!TypeError: can only concatenate tuple (not "list") to tuple'],
    [{}, '+', {}, "!TypeError: unsupported operand type(s) for +: 'dict' and 'dict'"],
    [null, '+', 1, "!TypeError: unsupported operand type(s) for +: 'NoneType' and 'int'"],
    ['a', '+', null, '!TypeError: can only concatenate str (not "NoneType") to str'],
    [new Markup('<b>'), '+', '<i>', "Markup('<b>&lt;i&gt;')"],
    ['<i>', '+', new Markup('<b>'), "Markup('&lt;i&gt;<b>')"],
    [new Markup('a'), '+', new Markup('<b>'), "Markup('a<b>')"],
    [new Markup('a'), '+', 1, "!TypeError: unsupported operand type(s) for +: 'Markup' and 'int'"],
  ] as [unknown, keyof typeof BINARY, unknown, string][])('%s %s %s', (a, op, b, expected) => {
    expect(outcome(() => BINARY[op](a, b))).toBe(expected);
  });
});
describe('`*` repeats str, list and tuple by an int, on either side', () => {
  it.each([
    ['ab', '*', 3, "'ababab'"],
    [3, '*', 'ab', "'ababab'"],
    [[1, 2], '*', 2, '[1, 2, 1, 2]'],
    [tuple([1]), '*', 3, '(1, 1, 1)'],
    ['ab', '*', 0, "''"],
    ['ab', '*', -1, "''"],
    ['ab', '*', true, "'ab'"],
    [[0], '*', false, '[]'],
    [new Markup('<>'), '*', 2, "Markup('<><>')"],
    ['ab', '*', f(2.0), "!TypeError: can't multiply sequence by non-int of type 'float'"],
    ['ab', '*', 'c', "!TypeError: can't multiply sequence by non-int of type 'str'"],
    [[1], '*', 1.5, "!TypeError: can't multiply sequence by non-int of type 'float'"],
    [null, '*', 2, "!TypeError: unsupported operand type(s) for *: 'NoneType' and 'int'"],
    [{}, '*', 2, "!TypeError: unsupported operand type(s) for *: 'dict' and 'int'"],
  ] as [unknown, keyof typeof BINARY, unknown, string][])('%s %s %s', (a, op, b, expected) => {
    expect(outcome(() => BINARY[op](a, b))).toBe(expected);
  });
});
describe("`-`, `/`, `//`, `**` refuse non-numbers with Python's message", () => {
  it.each([
    ['a', '-', 'b', "!TypeError: unsupported operand type(s) for -: 'str' and 'str'"],
    [[1], '-', [1], "!TypeError: unsupported operand type(s) for -: 'list' and 'list'"],
    ['a', '/', 2, "!TypeError: unsupported operand type(s) for /: 'str' and 'int'"],
    [null, '//', 1, "!TypeError: unsupported operand type(s) for //: 'NoneType' and 'int'"],
    ['2', '**', 2, "!TypeError: unsupported operand type(s) for ** or pow(): 'str' and 'int'"],
    [[1], '%', 2, "!TypeError: unsupported operand type(s) for %: 'list' and 'int'"],
  ] as [unknown, keyof typeof BINARY, unknown, string][])('%s %s %s', (a, op, b, expected) => {
    expect(outcome(() => BINARY[op](a, b))).toBe(expected);
  });
});
describe('arithmetic with an Undefined operand raises UndefinedError', () => {
  it.each([
    [new Undefined('u'), '+', 1, "!UndefinedError: 'u' is undefined"],
    [1, '+', new Undefined('u'), "!UndefinedError: 'u' is undefined"],
    ['a', '+', new Undefined('u'), "!UndefinedError: 'u' is undefined"],
    [[1], '+', new Undefined('u'), "!UndefinedError: 'u' is undefined"],
    [new Undefined('u'), '-', 1, "!UndefinedError: 'u' is undefined"],
    [new Undefined('u'), '*', 2, "!UndefinedError: 'u' is undefined"],
    ['a', '*', new Undefined('u'), "!UndefinedError: 'u' is undefined"],
    [1, '/', new Undefined('u'), "!UndefinedError: 'u' is undefined"],
    [new Undefined('u'), '//', 1, "!UndefinedError: 'u' is undefined"],
    [new Undefined('u'), '%', 2, "!UndefinedError: 'u' is undefined"],
    [new Undefined('u'), '**', 2, "!UndefinedError: 'u' is undefined"],
  ] as [unknown, keyof typeof BINARY, unknown, string][])('%s %s %s', (a, op, b, expected) => {
    expect(outcome(() => BINARY[op](a, b))).toBe(expected);
  });
});
describe('`==` compares numbers across int, float and bool, and containers by content', () => {
  it.each([
    [1, '==', f(1.0), 'True'],
    [1, '==', true, 'True'],
    [0, '==', false, 'True'],
    [9007199254740993n, '==', f(9007199254740992.0), 'False'],
    [9007199254740992n, '==', f(9007199254740992.0), 'True'],
    [0.30000000000000004, '==', 0.3, 'False'],
    [Number.NaN, '==', Number.NaN, 'False'],
    ['a', '==', 'a', 'True'],
    ['1', '==', 1, 'False'],
    [null, '==', null, 'True'],
    [null, '==', 0, 'False'],
    [[1, 2], '==', [1, 2], 'True'],
    [[1, 2], '==', tuple([1, 2]), 'False'],
    [tuple([1, [2]]), '==', tuple([f(1.0), [f(2.0)]]), 'True'],
    [{ a: 1 }, '==', { a: f(1.0) }, 'True'],
    [{ a: 1 }, '==', { a: 1, b: 2 }, 'False'],
    [new Map<unknown, unknown>([[1, 'a']]), '==', new Map<unknown, unknown>([[f(1.0), 'a']]), 'True'],
    [{ a: [1] }, '==', { a: [2] }, 'False'],
    [new Markup('a'), '==', 'a', 'True'],
    [new Undefined('u'), '==', new Undefined('v'), 'True'],
    [new Undefined('u'), '==', null, 'False'],
    [new Undefined('u'), '!=', new Undefined('u'), 'False'],
    [[1], '!=', [1], 'False'],
    [1, '!=', '1', 'True'],
  ] as [unknown, keyof typeof BINARY, unknown, string][])('%s %s %s', (a, op, b, expected) => {
    expect(outcome(() => BINARY[op](a, b))).toBe(expected);
  });
});
describe('ordering compares numbers exactly, strings by code point, sequences lexicographically', () => {
  it.each([
    [1, '<', 2, 'True'],
    [2.5, '>', 2, 'True'],
    [true, '<', 2, 'True'],
    [18446744073709551616n, '>', f(1.8e19), 'True'],
    [18446744073709551616n, '<', f(1.9e19), 'True'],
    [-18446744073709551616n, '<', f(-1.8e19), 'True'],
    [9007199254740993n, '>', f(9007199254740992.0), 'True'],
    [Number.NaN, '<', 1, 'False'],
    [Number.NaN, '>=', Number.NaN, 'False'],
    [
      Number.POSITIVE_INFINITY,
      '>',
      10715086071862673209484250490600018105614048117055336074437503883703510511249361224931983788156958581275946729175531468251871452856923140435984577574698574803934567774824230985421074605062371141877954182153046474983581941267398767559165543946077062914571196477686542167660429831652624386837205668069376n,
      'True',
    ],
    ['a', '<', 'b', 'True'],
    ['B', '<', 'a', 'True'],
    ['ab', '<', 'abc', 'True'],
    ['\uffff', '<', '\ud83d\ude00', 'True'],
    [[1, 2], '<', [1, 3], 'True'],
    [[1, 2], '<', [1, 2, 0], 'True'],
    [[1, 2], '<=', [1, 2], 'True'],
    [tuple([2]), '>', tuple([1, 9]), 'True'],
    [[1, 'a'], '<', [2, 0], 'True'],
    [[], '<', [0], 'True'],
    ['a', '<=', new Markup('a'), 'True'],
    [[1, Number.NaN], '<', [1, 2], 'False'],
  ] as [unknown, keyof typeof BINARY, unknown, string][])('%s %s %s', (a, op, b, expected) => {
    expect(outcome(() => BINARY[op](a, b))).toBe(expected);
  });
});
describe('ordering different types raises TypeError, and Undefined raises UndefinedError', () => {
  it.each([
    [1, '<', 'a', "!TypeError: '<' not supported between instances of 'int' and 'str'"],
    ['a', '>', 1, "!TypeError: '>' not supported between instances of 'str' and 'int'"],
    [null, '<', 1, "!TypeError: '<' not supported between instances of 'NoneType' and 'int'"],
    [[1], '<', tuple([1]), "!TypeError: '<' not supported between instances of 'list' and 'tuple'"],
    [{}, '<', {}, "!TypeError: '<' not supported between instances of 'dict' and 'dict'"],
    [[1, 'a'], '<', [1, 2], "!TypeError: '<' not supported between instances of 'str' and 'int'"],
    [1, '<', new Undefined('u'), "!UndefinedError: 'u' is undefined"],
    [new Undefined('u'), '>=', 1, "!UndefinedError: 'u' is undefined"],
    [new Undefined('u'), '<', new Undefined('u'), "!UndefinedError: 'u' is undefined"],
  ] as [unknown, keyof typeof BINARY, unknown, string][])('%s %s %s', (a, op, b, expected) => {
    expect(outcome(() => BINARY[op](a, b))).toBe(expected);
  });
});
describe('`in` finds substrings, list members by equality, and dict keys', () => {
  it.each([
    ['b', 'in', 'abc', 'True'],
    ['', 'in', 'abc', 'True'],
    ['x', 'in', 'abc', 'False'],
    [1, 'in', [f(1.0), 2], 'True'],
    [true, 'in', [1], 'True'],
    [[1], 'in', [[1], 2], 'True'],
    [3, 'in', tuple([1, 2]), 'False'],
    ['a', 'in', { a: 1 }, 'True'],
    ['b', 'in', { a: 1 }, 'False'],
    [1, 'in', { '1': 1 }, 'False'],
    [f(1.0), 'in', new Map<unknown, unknown>([[1, 'x']]), 'True'],
    [new Undefined('u'), 'in', [1], 'False'],
    [1, 'in', new Undefined('u'), 'False'],
    [new Markup('a'), 'in', 'abc', 'True'],
    ['a', 'in', new Markup('abc'), 'True'],
  ] as [unknown, keyof typeof BINARY, unknown, string][])('%s %s %s', (a, op, b, expected) => {
    expect(outcome(() => BINARY[op](a, b))).toBe(expected);
  });
});
describe('`in` raises TypeError for what Python cannot search', () => {
  it.each([
    [1, 'in', 'abc', "!TypeError: 'in <string>' requires string as left operand, not int"],
    [
      new Undefined('u'),
      'in',
      'abc',
      "!TypeError: 'in <string>' requires string as left operand, not Undefined",
    ],
    [null, 'in', 'abc', "!TypeError: 'in <string>' requires string as left operand, not NoneType"],
    [[1], 'in', { a: 1 }, "!TypeError: unhashable type: 'list'"],
    [{}, 'in', { a: 1 }, "!TypeError: unhashable type: 'dict'"],
    [1, 'in', 5, "!TypeError: argument of type 'int' is not iterable"],
    [1, 'in', null, "!TypeError: argument of type 'NoneType' is not iterable"],
  ] as [unknown, keyof typeof BINARY, unknown, string][])('%s %s %s', (a, op, b, expected) => {
    expect(outcome(() => BINARY[op](a, b))).toBe(expected);
  });
});
describe('unary minus negates numbers (bools become ints) and refuses the rest', () => {
  it.each([
    [5, '-5'],
    [-5, '5'],
    [0, '0'],
    [2.5, '-2.5'],
    [f(0.0), '-0.0'],
    [f(-0.0), '0.0'],
    [true, '-1'],
    [false, '0'],
    [9007199254740992n, '-9007199254740992'],
    [-9007199254740992n, '9007199254740992'],
    [1180591620717411303424n, '-1180591620717411303424'],
    [Number.POSITIVE_INFINITY, '-inf'],
    ['a', "!TypeError: bad operand type for unary -: 'str'"],
    [null, "!TypeError: bad operand type for unary -: 'NoneType'"],
    [[1], "!TypeError: bad operand type for unary -: 'list'"],
    [new Undefined('u'), "!UndefinedError: 'u' is undefined"],
  ] as [unknown, string][])('neg(%s)', (value, expected) => {
    expect(outcome(() => neg(value))).toBe(expected);
  });
});
describe('unary plus keeps numbers (bools become ints) and refuses the rest', () => {
  it.each([
    [5, '5'],
    [-2.5, '-2.5'],
    [true, '1'],
    [1180591620717411303424n, '1180591620717411303424'],
    ['a', "!TypeError: bad operand type for unary +: 'str'"],
    [null, "!TypeError: bad operand type for unary +: 'NoneType'"],
    [new Undefined('u'), "!UndefinedError: 'u' is undefined"],
  ] as [unknown, string][])('pos(%s)', (value, expected) => {
    expect(outcome(() => pos(value))).toBe(expected);
  });
});
describe('truthiness: zero, empty, None and Undefined are false; NaN is true', () => {
  it.each([
    [0, 'False'],
    [1, 'True'],
    [-1, 'True'],
    [f(0.0), 'False'],
    [f(-0.0), 'False'],
    [0.5, 'True'],
    [Number.NaN, 'True'],
    [1180591620717411303424n, 'True'],
    ['', 'False'],
    ['0', 'True'],
    [' ', 'True'],
    [[], 'False'],
    [[0], 'True'],
    [tuple([]), 'False'],
    [tuple([0]), 'True'],
    [{}, 'False'],
    [{ a: null }, 'True'],
    [null, 'False'],
    [true, 'True'],
    [false, 'False'],
    [new Undefined('u'), 'False'],
    [new Markup(''), 'False'],
    [new Markup('x'), 'True'],
  ] as [unknown, string][])('truthy(%s)', (value, expected) => {
    expect(outcome(() => truthy(value))).toBe(expected);
  });
});

describe('the truth of a plain dict counts its own keys only', () => {
  const withNull = (entries: Record<string, unknown>) => Object.assign(Object.create(null), entries);
  it.each([
    [{ a: undefined }, false],
    [{ a: undefined, b: () => 1 }, false],
    [{ a: undefined, b: 0 }, true],
    [{ 1: undefined, 2: 'x' }, true],
    [withNull({}), false],
    [withNull({ a: undefined, b: null }), true],
  ] as [Record<string, unknown>, boolean][])('truthy(%o) is %s', (value, expected) => {
    expect(truthy(value)).toBe(expected);
  });
  it('is not fooled by the key that decided the dict before', () => {
    expect(truthy({ a: 1 })).toBe(true);
    expect(truthy({})).toBe(false);
    expect(truthy({ a: 1 })).toBe(true);
    expect(truthy({ a: undefined })).toBe(false);
    expect(truthy({ a: 1 })).toBe(true);
    expect(truthy({ a: () => 1, b: undefined })).toBe(false);
    expect(truthy({ toString: 1 })).toBe(true);
    expect(truthy({})).toBe(false);
    expect(truthy(JSON.parse('{"__proto__": 1}'))).toBe(true);
    expect(truthy({})).toBe(false);
  });
  it('is not fooled by a key added to Object.prototype', () => {
    const proto = Object.prototype as Record<string, unknown>;
    expect(truthy({ polluted: 1 })).toBe(true);
    proto.polluted = 'yes';
    try {
      expect(truthy({})).toBe(false);
      expect(truthy({ a: undefined })).toBe(false);
      expect(truthy({ polluted: 1 })).toBe(true);
      expect(truthy({})).toBe(false);
    } finally {
      delete proto.polluted;
    }
  });
});

describe('`containsText` finds known text as `contains` does', () => {
  it.each([
    [{ a: 1 }, 'a'],
    [{ a: undefined }, 'a'],
    [{ a: () => 1 }, 'a'],
    [{ b: 1 }, 'a'],
    [Object.create(null), 'a'],
    [new Map([['a', 1]]), 'a'],
    [['x', new Markup('a')], 'a'],
    [['x', 1], '1'],
    ['cab', 'a'],
    [new Markup('<a>'), '<'],
    [new Undefined('u'), 'a'],
    [5, 'a'],
  ] as [unknown, string][])('%o has %s as `in` says', (container, key) => {
    expect(outcome(() => containsText(container, key))).toBe(outcome(() => contains(container, key)));
  });
});

describe("`'key' in d` in a template reads a plain object's own key by the key's own read, as `contains` answers", () => {
  class Item {
    a = 1;
  }
  const containers: [string, unknown][] = [
    ['a plain object', { a: 1, constructor: 2, hasOwnProperty: 3, n: null }],
    ['an empty object', {}],
    ['an object with undefined and a function', { a: undefined, b: () => 1 }],
    ['an object without a prototype', Object.assign(Object.create(null), { a: 1 })],
    ['an object of a class', new Item()],
    ['a Map', new Map([['a', 1]])],
    ['a list', ['a', 'toString']],
    ['a text', 'a constructor'],
  ];
  const keys = ['a', 'b', 'n', 'toString', 'constructor', 'hasOwnProperty', '__proto__', 'valueOf', ''];
  it.each(containers.flatMap(([name, d]) => keys.map((key) => [name, key, d] as const)))(
    '%s: %j',
    (_name, key, d) => {
      const expected = outcome(() => (contains(d, key) ? 'True|False' : 'False|True'));
      const template = compile(`{{ ${JSON.stringify(key)} in d }}|{{ ${JSON.stringify(key)} not in d }}`);
      expect(outcome(() => template.render({ d }))).toBe(expected);
    },
  );
});

describe("`d.get('key')` reads a plain object's own key by the key's own read, as every other call answers", () => {
  class Item {
    a = 1;
    get(key: string) {
      return `own ${key}`;
    }
  }
  const receivers: [string, unknown][] = [
    ['a plain object', { a: 1, constructor: 2, get: 3, n: null, z: 0 }],
    ['an empty object', {}],
    ['an object with undefined and a function', { a: undefined, b: () => 1 }],
    ['an object without a prototype', Object.assign(Object.create(null), { a: 1 })],
    ['an object of a class', new Item()],
    ['a Map', new Map([['a', 1]])],
    ['a list', ['a']],
    ['a text', 'a'],
    ['none', null],
  ];
  const keys = ['a', 'b', 'n', 'z', 'toString', 'constructor', 'get', '__proto__'];
  it.each(receivers.flatMap(([name, d]) => keys.map((key) => [name, key, d] as const)))(
    '%s: %j',
    (_name, key, d) => {
      const k = JSON.stringify(key);
      // A call with `*` arguments takes the way of every call: the oracle.
      const expected = outcome(() =>
        compile(`{{ d.get(*[${k}]) }}|{{ d.get(*[${k}, 'dflt']) }}|{{ d.get(*[${k}, none]) }}`).render({ d }),
      );
      const template = compile(`{{ d.get(${k}) }}|{{ d.get(${k}, 'dflt') }}|{{ d.get(${k}, none) }}`);
      expect(outcome(() => template.render({ d }))).toBe(expected);
    },
  );

  it('the receiver is read once, the method found before the default is evaluated, errors located at the call', () => {
    // A Map goes the way of every call, a plain object the quick way: each read once.
    const items = [new Map([['a', 0]]), { a: 2 }, new Map([['a', 3]])];
    expect(
      compile("{{ items.pop().get('a') }} {{ items.pop().get('a') }} {{ items|length }}").render({ items }),
    ).toBe('3 2 1');
    expect(outcome(() => compile("{{ u.get('k', v.x) }}").render({}))).toBe(
      "!UndefinedError: 'u' is undefined",
    );
    expect(outcome(() => compile("{{ d.get('k', v.x) }}").render({ d: {} }))).toBe(
      "!UndefinedError: 'v' is undefined",
    );
    const place = (source: string) => {
      try {
        compile(source).render({ d: { k: 1 } });
      } catch (e) {
        return [(e as { line: number }).line, (e as { column: number }).column];
      }
    };
    expect(place("\n  {{ d.get('k', 1 // 0) }}")).toEqual(place("\n  {{ d.get(*['k', 1 // 0]) }}"));
    expect(place("\n  {{ d.get('k', 1 // 0) }}")).toEqual([2, 11]);
  });
});

describe('`in` over a list, natively or by a set of its items', () => {
  // Items of every kind `==` may match a text or a number with: Markup, bools, integral floats, big ints, NaN.
  const item = fc.oneof(
    fc.constantFrom<unknown>('a', 'b', 'A', '1', 1, 0, -0, 2, 1.5, true, false, null, Number.NaN, 2n),
    fc.constantFrom('a', 'b').map((s) => new Markup(s)),
    fc.constantFrom(1, 2).map((n) => f(n)),
    fc.string({ maxLength: 2 }),
    fc.integer({ min: -3, max: 3 }),
  );
  // Lists long enough for a set, of one kind or mixed.
  const list = fc.oneof(
    fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'é'), { minLength: 0, maxLength: 20 }),
    fc.array(fc.integer({ min: -3, max: 12 }), { minLength: 0, maxLength: 20 }),
    fc.array(item, { maxLength: 20 }),
  );

  it('finds what `==` finds, searched again and again in one render, while the list changes', () => {
    const template = compile(
      '{% for probe in probes %}{{ probe in items }}{% if loop.index is divisibleby(3) %}{% set _ = items.append(extra[loop.index0 // 3]) %}{% endif %}|{% endfor %}',
      { cache: false },
    );
    fc.assert(
      fc.property(
        list,
        fc.array(item, { minLength: 1, maxLength: 12 }),
        fc.array(item, { minLength: 4, maxLength: 4 }),
        (items, probes, extra) => {
          // What Python's `in` gives, by `==` item by item, with the same appends.
          const copy = [...items];
          const expected = probes.map((probe, i) => {
            const found = copy.some((x) => eq(x, probe)) ? 'True' : 'False';
            if ((i + 1) % 3 === 0) copy.push(extra[Math.floor(i / 3)]);
            return `${found}|`;
          });
          expect(template.render({ items: [...items], probes, extra })).toBe(expected.join(''));
        },
      ),
      { numRuns: 500 },
    );
  });
});
