// Expected values were produced by Jinja2 3.1.2's SandboxedEnvironment.getattr / getitem on the same values.
import { describe, expect, it } from 'vitest';
import { getattr, getitem, slice } from '../src/runtime/access';
import { Markup, Namespace, PyCallable, tuple, Undefined } from '../src/runtime/values';
import { f, outcome } from './helpers/runtime-show';

/** Bound methods print with an address in Python; both sides show them as `method:<name>`. */
function shown(run: () => unknown): string {
  return outcome(() => {
    const v = run();
    return v instanceof PyCallable ? `method:${v.name}` : v;
  }).replace(/^'(method:\w+)'$/, '$1');
}

describe("`getattr` on a dict prefers Python's dict methods, then reads the key", () => {
  it.each([
    [
      { a: 1, items: 'key', _id: 5, nested: { b: [1, 2] } },
      '__proto__',
      "Undefined(UndefinedError): 'dict object' has no attribute '__proto__'",
    ],
    [new Map<unknown, unknown>([['__proto__', 'x']]), '__proto__', "'x'"],
    [{ constructor: 'c' }, 'constructor', "'c'"],
    [
      { a: 1, items: 'key', _id: 5, nested: { b: [1, 2] } },
      '__foo__',
      "Undefined(UndefinedError): 'dict object' has no attribute '__foo__'",
    ],
    [
      { a: 1, items: 'key', _id: 5, nested: { b: [1, 2] } },
      'constructor',
      "Undefined(UndefinedError): 'dict object' has no attribute 'constructor'",
    ],
    [{ a: 1, items: 'key', _id: 5, nested: { b: [1, 2] } }, 'a', '1'],
    [{ a: 1, items: 'key', _id: 5, nested: { b: [1, 2] } }, 'items', 'method:items'],
    [{ a: 1, items: 'key', _id: 5, nested: { b: [1, 2] } }, 'keys', 'method:keys'],
    [{ a: 1, items: 'key', _id: 5, nested: { b: [1, 2] } }, 'get', 'method:get'],
    [{ a: 1, items: 'key', _id: 5, nested: { b: [1, 2] } }, 'update', 'method:update'],
    [{ a: 1, items: 'key', _id: 5, nested: { b: [1, 2] } }, '_id', '5'],
    [{ a: 1, items: 'key', _id: 5, nested: { b: [1, 2] } }, 'nested', "{'b': [1, 2]}"],
    [
      { a: 1, items: 'key', _id: 5, nested: { b: [1, 2] } },
      'missing',
      "Undefined(UndefinedError): 'dict object' has no attribute 'missing'",
    ],
    [{}, 'x', "Undefined(UndefinedError): 'dict object' has no attribute 'x'"],
    [{ 'a b': 1 }, 'a b', '1'],
  ] as [unknown, string, string][])('getattr(%s, %s)', (obj, name, expected) => {
    expect(shown(() => getattr(obj, name))).toBe(expected);
  });
});
describe('`getattr` refuses dunder attributes with a SecurityError Undefined', () => {
  it.each([
    [
      { a: 1, items: 'key', _id: 5, nested: { b: [1, 2] } },
      '__class__',
      "Undefined(SecurityError): access to attribute '__class__' of 'dict' object is unsafe.",
    ],
    [
      { a: 1, items: 'key', _id: 5, nested: { b: [1, 2] } },
      '__len__',
      "Undefined(SecurityError): access to attribute '__len__' of 'dict' object is unsafe.",
    ],
    [
      'abc',
      '__class__',
      "Undefined(SecurityError): access to attribute '__class__' of 'str' object is unsafe.",
    ],
    [[1], '__len__', "Undefined(SecurityError): access to attribute '__len__' of 'list' object is unsafe."],
    [5, '__class__', "Undefined(SecurityError): access to attribute '__class__' of 'int' object is unsafe."],
    [5, '__add__', "Undefined(SecurityError): access to attribute '__add__' of 'int' object is unsafe."],
    [
      null,
      '__class__',
      "Undefined(SecurityError): access to attribute '__class__' of 'NoneType' object is unsafe.",
    ],
    [2.5, '__doc__', "Undefined(SecurityError): access to attribute '__doc__' of 'float' object is unsafe."],
    [
      new Namespace([
        ['a', 1],
        ['_x', 2],
      ]),
      '__class__',
      "Undefined(SecurityError): access to attribute '__class__' of 'Namespace' object is unsafe.",
    ],
    [5, '__len__', "Undefined(UndefinedError): 'int object' has no attribute '__len__'"],
    ['abc', '__foo__', "Undefined(UndefinedError): 'str object' has no attribute '__foo__'"],
  ] as [unknown, string, string][])('getattr(%s, %s)', (obj, name, expected) => {
    expect(shown(() => getattr(obj, name))).toBe(expected);
  });
});
describe('`getattr` gives bound methods of str, list, tuple, int and float', () => {
  it.each([
    ['abc', 'upper', 'method:upper'],
    ['abc', 'format', 'method:format'],
    ['abc', 'split', 'method:split'],
    [[1], 'append', 'method:append'],
    [[1], 'index', 'method:index'],
    [tuple([1]), 'count', 'method:count'],
    [5, 'bit_length', 'method:bit_length'],
    [true, 'bit_length', 'method:bit_length'],
    [2.5, 'is_integer', 'method:is_integer'],
    [f(2.0), 'hex', 'method:hex'],
  ] as [unknown, string, string][])('getattr(%s, %s)', (obj, name, expected) => {
    expect(shown(() => getattr(obj, name))).toBe(expected);
  });
});
describe('`getattr` reads the value attributes of numbers', () => {
  it.each([
    [5, 'real', '5'],
    [5, 'imag', '0'],
    [5, 'numerator', '5'],
    [5, 'denominator', '1'],
    [true, 'real', '1'],
    [2.5, 'real', '2.5'],
    [2.5, 'imag', '0.0'],
    [1180591620717411303424n, 'real', '1180591620717411303424'],
  ] as [unknown, string, string][])('getattr(%s, %s)', (obj, name, expected) => {
    expect(shown(() => getattr(obj, name))).toBe(expected);
  });
});
describe("`getattr` of a missing attribute is an Undefined naming the object's type", () => {
  it.each([
    ['abc', 'length', "Undefined(UndefinedError): 'str object' has no attribute 'length'"],
    [[1], 'length', "Undefined(UndefinedError): 'list object' has no attribute 'length'"],
    [tuple([1]), 'x', "Undefined(UndefinedError): 'tuple object' has no attribute 'x'"],
    [5, 'x', "Undefined(UndefinedError): 'int object' has no attribute 'x'"],
    [2.5, 'x', "Undefined(UndefinedError): 'float object' has no attribute 'x'"],
    [null, 'x', "Undefined(UndefinedError): 'None' has no attribute 'x'"],
    [true, 'x', "Undefined(UndefinedError): 'bool object' has no attribute 'x'"],
    [new Markup('m'), 'x', "Undefined(UndefinedError): 'markupsafe.Markup object' has no attribute 'x'"],
    ['abc', "it's", "Undefined(UndefinedError): 'str object' has no attribute \"it's\""],
  ] as [unknown, string, string][])('getattr(%s, %s)', (obj, name, expected) => {
    expect(shown(() => getattr(obj, name))).toBe(expected);
  });
});
describe('`getattr` reads namespace attributes and refuses underscore names that exist', () => {
  it.each([
    [
      new Namespace([
        ['a', 1],
        ['_x', 2],
      ]),
      'a',
      '1',
    ],
    [
      new Namespace([
        ['a', 1],
        ['_x', 2],
      ]),
      'b',
      "Undefined(UndefinedError): 'jinja2.utils.Namespace object' has no attribute 'b'",
    ],
    [
      new Namespace([
        ['a', 1],
        ['_x', 2],
      ]),
      '_x',
      "Undefined(SecurityError): access to attribute '_x' of 'Namespace' object is unsafe.",
    ],
    [
      new Namespace([
        ['a', 1],
        ['_x', 2],
      ]),
      '_y',
      "Undefined(UndefinedError): 'jinja2.utils.Namespace object' has no attribute '_y'",
    ],
    [
      new Namespace([
        ['a', 1],
        ['_x', 2],
      ]),
      '__init__',
      "Undefined(UndefinedError): 'jinja2.utils.Namespace object' has no attribute '__init__'",
    ],
    [new Namespace([['constructor', 5]]), 'constructor', '5'],
  ] as [unknown, string, string][])('getattr(%s, %s)', (obj, name, expected) => {
    expect(shown(() => getattr(obj, name))).toBe(expected);
  });
});
describe('`getattr` of an Undefined raises UndefinedError', () => {
  it.each([
    [new Undefined('u'), 'x', "!UndefinedError: 'u' is undefined"],
    [new Undefined('u'), 'upper', "!UndefinedError: 'u' is undefined"],
  ] as [unknown, string, string][])('getattr(%s, %s)', (obj, name, expected) => {
    expect(shown(() => getattr(obj, name))).toBe(expected);
  });
});
describe('`getitem` reads list and tuple elements, negative from the end', () => {
  it.each([
    [[10, 20, 30], 0, '10'],
    [[10, 20, 30], -1, '30'],
    [[10, 20, 30], -3, '10'],
    [tuple([10, 20]), 1, '20'],
    [[10, 20], true, '20'],
    [[10, 20], false, '10'],
  ] as [unknown, unknown, string][])('getitem(%s, %s)', (obj, key, expected) => {
    expect(shown(() => getitem(obj, key))).toBe(expected);
  });
});
describe('`getitem` of a missing or non-int index is an Undefined element', () => {
  it.each([
    [[10, 20], 2, 'Undefined(UndefinedError): list object has no element 2'],
    [[10, 20], -3, 'Undefined(UndefinedError): list object has no element -3'],
    [[10, 20], f(1.0), 'Undefined(UndefinedError): list object has no element 1.0'],
    [[10, 20], null, 'Undefined(UndefinedError): list object has no element None'],
    [
      [10, 20],
      1180591620717411303424n,
      'Undefined(UndefinedError): list object has no element 1180591620717411303424',
    ],
    [tuple([1]), 5, 'Undefined(UndefinedError): tuple object has no element 5'],
    [[1], [0], 'Undefined(UndefinedError): list object has no element [0]'],
  ] as [unknown, unknown, string][])('getitem(%s, %s)', (obj, key, expected) => {
    expect(shown(() => getitem(obj, key))).toBe(expected);
  });
});
describe('`getitem` with a string key on a list falls back to attributes', () => {
  it.each([
    [[1], 'x', "Undefined(UndefinedError): 'list object' has no attribute 'x'"],
    [[1], 'append', 'method:append'],
    [[1], '0', "Undefined(UndefinedError): 'list object' has no attribute '0'"],
    [
      [1],
      '__class__',
      "Undefined(SecurityError): access to attribute '__class__' of 'list' object is unsafe.",
    ],
  ] as [unknown, unknown, string][])('getitem(%s, %s)', (obj, key, expected) => {
    expect(shown(() => getitem(obj, key))).toBe(expected);
  });
});
describe('`getitem` indexes strings by code point', () => {
  it.each([
    ['abc', 1, "'b'"],
    ['abc', -1, "'c'"],
    ['abc', 3, 'Undefined(UndefinedError): str object has no element 3'],
    ['a\ud83d\ude00b', 1, "'😀'"],
    ['a\ud83d\ude00b', 2, "'b'"],
    ['a\ud83d\ude00b', -1, "'b'"],
    [new Markup('<b>'), 0, "Markup('<')"],
    ['abc', 'upper', 'method:upper'],
    ['abc', 'x', "Undefined(UndefinedError): 'str object' has no attribute 'x'"],
  ] as [unknown, unknown, string][])('getitem(%s, %s)', (obj, key, expected) => {
    expect(shown(() => getitem(obj, key))).toBe(expected);
  });
});
describe('`getitem` on a dict reads the key first, then the attribute', () => {
  it.each([
    [{ a: 1, items: 'key', _id: 5, nested: { b: [1, 2] } }, 'a', '1'],
    [{ a: 1, items: 'key', _id: 5, nested: { b: [1, 2] } }, 'items', "'key'"],
    [{ a: 1 }, 'items', 'method:items'],
    [
      { a: 1, items: 'key', _id: 5, nested: { b: [1, 2] } },
      'missing',
      "Undefined(UndefinedError): 'dict object' has no attribute 'missing'",
    ],
    [
      { a: 1, items: 'key', _id: 5, nested: { b: [1, 2] } },
      '__class__',
      "Undefined(SecurityError): access to attribute '__class__' of 'dict' object is unsafe.",
    ],
    [{ __class__: 'data' }, '__class__', "'data'"],
    [
      { a: 1, items: 'key', _id: 5, nested: { b: [1, 2] } },
      1,
      'Undefined(UndefinedError): dict object has no element 1',
    ],
    [
      { a: 1, items: 'key', _id: 5, nested: { b: [1, 2] } },
      null,
      'Undefined(UndefinedError): dict object has no element None',
    ],
    [
      new Map<unknown, unknown>([
        [1, 'one'],
        ['k', 'v'],
      ]),
      1,
      "'one'",
    ],
    [new Map<unknown, unknown>([[1, 'one']]), f(1.0), "'one'"],
    [new Map<unknown, unknown>([[1, 'one']]), true, "'one'"],
    [new Map<unknown, unknown>([[tuple([1, 2]), 'pair']]), tuple([1, 2]), "'pair'"],
    [new Map<unknown, unknown>([[null, 'n']]), null, "'n'"],
    [
      { a: 1, items: 'key', _id: 5, nested: { b: [1, 2] } },
      [1],
      'Undefined(UndefinedError): dict object has no element [1]',
    ],
  ] as [unknown, unknown, string][])('getitem(%s, %s)', (obj, key, expected) => {
    expect(shown(() => getitem(obj, key))).toBe(expected);
  });
});
describe('`getitem` on values without items gives Undefined, or the attribute for string keys', () => {
  it.each([
    [null, 0, 'Undefined(UndefinedError): None has no element 0'],
    [null, 'x', "Undefined(UndefinedError): 'None' has no attribute 'x'"],
    [5, 0, 'Undefined(UndefinedError): int object has no element 0'],
    [5, 'real', '5'],
    [
      new Namespace([
        ['a', 1],
        ['_x', 2],
      ]),
      'a',
      '1',
    ],
    [
      new Namespace([
        ['a', 1],
        ['_x', 2],
      ]),
      'zz',
      "Undefined(UndefinedError): 'jinja2.utils.Namespace object' has no attribute 'zz'",
    ],
    [
      new Namespace([
        ['a', 1],
        ['_x', 2],
      ]),
      0,
      'Undefined(UndefinedError): jinja2.utils.Namespace object has no element 0',
    ],
  ] as [unknown, unknown, string][])('getitem(%s, %s)', (obj, key, expected) => {
    expect(shown(() => getitem(obj, key))).toBe(expected);
  });
});
describe('`getitem` of an Undefined raises UndefinedError', () => {
  it.each([
    [new Undefined('u'), 0, "!UndefinedError: 'u' is undefined"],
    [new Undefined('u'), 'a', "!UndefinedError: 'u' is undefined"],
  ] as [unknown, unknown, string][])('getitem(%s, %s)', (obj, key, expected) => {
    expect(shown(() => getitem(obj, key))).toBe(expected);
  });
});
describe("slices of strings work by code point with Python's clamping", () => {
  it.each([
    ['abcdef', 1, 3, null, "'bc'"],
    ['abcdef', null, null, -1, "'fedcba'"],
    ['abcdef', null, null, 2, "'ace'"],
    ['abcdef', -2, null, null, "'ef'"],
    ['abcdef', null, -1, null, "'abcde'"],
    ['abcdef', 10, null, null, "''"],
    ['abcdef', 5, 1, -1, "'fedc'"],
    ['abcdef', -100, 100, null, "'abcdef'"],
    ['abcdef', 1, 5, -1, "''"],
    ['abcdef', null, null, -2, "'fdb'"],
    ['abcdef', 4, null, -3, "'eb'"],
    ['a\ud83d\ude00b\ud83d\ude01c', 1, 4, null, "'😀b😁'"],
    ['a\ud83d\ude00b\ud83d\ude01c', null, null, -1, "'c😁b😀a'"],
    [new Markup('<b>x'), 1, null, null, "Markup('b>x')"],
    ['abc', true, null, null, "'bc'"],
  ] as [unknown, unknown, unknown, unknown, string][])('slice(%s, %s, %s, %s)', (obj, a, b, c, expected) => {
    expect(shown(() => slice(obj, a, b, c))).toBe(expected);
  });
});
describe('slices of lists and tuples keep their type', () => {
  it.each([
    [[1, 2, 3, 4], 1, 3, null, '[2, 3]'],
    [[1, 2, 3, 4], null, null, -1, '[4, 3, 2, 1]'],
    [[1, 2, 3, 4], -2, null, null, '[3, 4]'],
    [tuple([1, 2, 3]), 1, null, null, '(2, 3)'],
    [tuple([1, 2, 3]), null, null, 2, '(1, 3)'],
    [[1, 2, 3], 3, 0, -1, '[3, 2]'],
    [[1, 2, 3], 1180591620717411303424n, null, null, '[]'],
    [[1, 2, 3], -1180591620717411303424n, null, null, '[1, 2, 3]'],
  ] as [unknown, unknown, unknown, unknown, string][])('slice(%s, %s, %s, %s)', (obj, a, b, c, expected) => {
    expect(shown(() => slice(obj, a, b, c))).toBe(expected);
  });
});
describe('slices with bounds that are not ints, or of values that cannot be sliced, raise TypeError as plain Python subscripts do', () => {
  it.each([
    [
      [1, 2, 3],
      f(1.0),
      null,
      null,
      '!TypeError: slice indices must be integers or None or have an __index__ method',
    ],
    [
      [1, 2, 3],
      'a',
      null,
      null,
      '!TypeError: slice indices must be integers or None or have an __index__ method',
    ],
    [
      [1, 2, 3],
      new Undefined('u'),
      null,
      null,
      '!TypeError: slice indices must be integers or None or have an __index__ method',
    ],
    [
      'abc',
      null,
      null,
      1.5,
      '!TypeError: slice indices must be integers or None or have an __index__ method',
    ],
    [{ a: 1 }, 1, null, null, "!TypeError: unhashable type: 'slice'"],
    [null, 1, null, null, "!TypeError: 'NoneType' object is not subscriptable"],
    [5, null, null, null, "!TypeError: 'int' object is not subscriptable"],
    [5, 'a', null, null, "!TypeError: 'int' object is not subscriptable"],
    [
      new Namespace([
        ['a', 1],
        ['_x', 2],
      ]),
      1,
      null,
      null,
      "!TypeError: 'Namespace' object is not subscriptable",
    ],
  ] as [unknown, unknown, unknown, unknown, string][])('slice(%s, %s, %s, %s)', (obj, a, b, c, expected) => {
    expect(shown(() => slice(obj, a, b, c))).toBe(expected);
  });
});
describe('a slice step of zero raises ValueError', () => {
  it.each([
    [[1, 2], null, null, 0, '!ValueError: slice step cannot be zero'],
    ['ab', null, null, 0, '!ValueError: slice step cannot be zero'],
  ] as [unknown, unknown, unknown, unknown, string][])('slice(%s, %s, %s, %s)', (obj, a, b, c, expected) => {
    expect(shown(() => slice(obj, a, b, c))).toBe(expected);
  });
});
describe('slicing an Undefined raises UndefinedError', () => {
  it.each([[new Undefined('u'), 1, null, null, "!UndefinedError: 'u' is undefined"]] as [
    unknown,
    unknown,
    unknown,
    unknown,
    string,
  ][])('slice(%s, %s, %s, %s)', (obj, a, b, c, expected) => {
    expect(shown(() => slice(obj, a, b, c))).toBe(expected);
  });
});
