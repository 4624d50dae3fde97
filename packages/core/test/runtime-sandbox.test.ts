import { describe, expect, it } from 'vitest';
import { LimitError, SecurityError, TemplateRuntimeError } from '../src/errors';
import { callValue, getattr, getitem } from '../src/runtime/access';
import { formatValue, percentFormat, str, strFormat } from '../src/runtime/format';
import { add, mul, pow } from '../src/runtime/operators';
import { UnsafeUndefined, undefinedError, undefinedMessage } from '../src/runtime/undefined';
import { Markup, Namespace, NO_OBJECT, PyCallable, Undefined } from '../src/runtime/values';
import { runtimeState } from './helpers/runtime-show';

const state = runtimeState();

function thrown(run: () => unknown): TemplateRuntimeError {
  try {
    run();
  } catch (e) {
    if (e instanceof TemplateRuntimeError) return e;
    throw e;
  }
  throw new Error('expected an error');
}

describe('the sandbox never reaches JavaScript internals', () => {
  it.each(['constructor', '__proto__', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'])(
    'a plain object does not expose the inherited `%s`',
    (name) => {
      const value = getattr({ a: 1 }, name);
      expect(value).toBeInstanceOf(Undefined);
      expect(typeof value).not.toBe('function');
    },
  );

  it.each(['constructor', 'prototype', '__proto__'])(
    '`%s` reads as Undefined on any value that does not hold it as data',
    (name) => {
      for (const obj of [
        'text',
        [1],
        5,
        { a: 1 },
        new Map(),
        new Namespace(),
        new PyCallable('f', () => null),
      ]) {
        const value = getattr(obj, name);
        expect(value).toBeInstanceOf(Undefined);
        expect(getitem(obj, name)).toBeInstanceOf(Undefined);
      }
    },
  );

  it('a Python dunder attribute the value has is refused; one it lacks is an ordinary key', () => {
    expect(getattr({ a: 1 }, '__class__')).toBeInstanceOf(UnsafeUndefined);
    expect(getattr({ __custom__: 1 }, '__custom__')).toBe(1);
  });

  it('a JS function stored in data is refused, by attribute and by item', () => {
    const data = { fn: () => 'secret', list: [() => 1] };
    expect(getattr(data, 'fn')).toBeInstanceOf(UnsafeUndefined);
    expect(getitem(data, 'fn')).toBeInstanceOf(UnsafeUndefined);
    expect(getitem(data.list, 0)).toBeInstanceOf(UnsafeUndefined);
  });

  it('using a refused attribute raises SecurityError with Jinja2 message', () => {
    const error = thrown(() => getattr(getattr('abc', '__class__'), 'mro'));
    expect(error).toBeInstanceOf(SecurityError);
    expect(error.message).toBe("access to attribute '__class__' of 'str' object is unsafe.");
  });

  it('a JSON key named __proto__ is an own data key, read as Python would read the item', () => {
    const data = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
    expect(getitem(data, '__proto__')).toEqual({ polluted: true });
    expect(getattr({}, 'polluted')).toBeInstanceOf(Undefined);
  });

  it('a prototype-less object is a dict', () => {
    const data = Object.assign(Object.create(null) as Record<string, unknown>, { name: 'x' });
    expect(getattr(data, 'name')).toBe('x');
    expect(str(data)).toBe("{'name': 'x'}");
  });

  it('a JS undefined value in data reads as a missing key', () => {
    const value = getattr({ a: undefined }, 'a');
    expect(value).toBeInstanceOf(Undefined);
    expect(undefinedMessage(value as Undefined)).toBe("'dict object' has no attribute 'a'");
    expect(str({ a: undefined, b: 1 })).toBe("{'b': 1}");
  });

  it('class instances expose only their own data fields', () => {
    class Point {
      x = 1;
      norm(): number {
        return this.x;
      }
    }
    expect(getattr(new Point(), 'x')).toBe(1);
    expect(getattr(new Point(), 'norm')).toBeInstanceOf(Undefined);
  });

  it('setdefault and update store __proto__ as a plain key, never as the prototype', () => {
    const d: Record<string, unknown> = {};
    callValue(state, getattr(d, 'update'), [], { __proto__: 'x' } as Record<string, unknown>);
    callValue(state, getattr(d, 'setdefault'), ['__proto__', { evil: true }], {});
    expect(Object.getPrototypeOf(d)).toBe(Object.prototype);
    expect(getattr(d, 'evil')).toBeInstanceOf(Undefined);
  });

  it('mutating methods refuse frozen data with a template error, not a JS one', () => {
    const frozen = Object.freeze([1, 2]);
    const error = thrown(() => callValue(state, getattr(frozen, 'append'), [3], {}));
    expect(error.kind).toBe('TypeError');
    expect(frozen).toEqual([1, 2]);
  });
});

describe('Undefined messages read as Jinja2 writes them', () => {
  it.each([
    [new Undefined('x'), 'UndefinedError', "'x' is undefined"],
    [new Undefined('y', { a: 1 }), 'UndefinedError', "'dict object' has no attribute 'y'"],
    [new Undefined('y', null), 'UndefinedError', "'None' has no attribute 'y'"],
    [
      new Undefined('b', new Namespace()),
      'UndefinedError',
      "'jinja2.utils.Namespace object' has no attribute 'b'",
    ],
    [new Undefined("it's", 'abc'), 'UndefinedError', `'str object' has no attribute "it's"`],
    [new Undefined(undefined, NO_OBJECT), 'UndefinedError', 'None is undefined'],
    [
      new Undefined(undefined, NO_OBJECT, 'No first item, sequence was empty.'),
      'UndefinedError',
      'No first item, sequence was empty.',
    ],
  ] as const)('%o raises %s: %s', (u, kind, message) => {
    const error = undefinedError(u);
    expect(error.kind).toBe(kind);
    expect(error.message).toBe(message);
  });

  it('a missing list element names the list and the index without quotes', () => {
    const u = getitem([1, 2], 5) as Undefined;
    expect(undefinedError(u).message).toBe('list object has no element 5');
  });
});

describe('calling values', () => {
  it('a PyCallable runs with the state, positional and keyword arguments', () => {
    const fn = new PyCallable(
      'f',
      (_state, args, kwargs) => `${args.length}:${Object.keys(kwargs).join(',')}`,
    );
    expect(callValue(state, fn, [1, 2], { a: 1 })).toBe('2:a');
  });

  it('calling an Undefined raises UndefinedError', () => {
    expect(thrown(() => callValue(state, new Undefined('f'), [], {})).message).toBe("'f' is undefined");
  });

  it.each([
    [5, "'int' object is not callable"],
    ['s', "'str' object is not callable"],
    [null, "'NoneType' object is not callable"],
    [{ a: 1 }, "'dict' object is not callable"],
    [() => 1, "'function' object is not callable"],
  ])('calling %o raises TypeError %s', (value, message) => {
    const error = thrown(() => callValue(state, value, [], {}));
    expect(error.kind).toBe('TypeError');
    expect(error.message).toBe(message);
  });
});

describe('renders stay within their limits', () => {
  const small = runtimeState({ maxOutputSize: 1000 });

  it('string repetition past the output limit fails before building the string', () => {
    expect(thrown(() => mul(small, 'ab', 501))).toBeInstanceOf(LimitError);
    expect((mul(small, 'ab', 500) as string).length).toBe(1000);
  });

  it('list repetition past the output limit fails', () => {
    expect(thrown(() => mul(small, [1, 2], 10 ** 9))).toBeInstanceOf(LimitError);
  });

  it('a repetition count past 2**53 fails on the limit, not on memory; one past ssize_t as Python does', () => {
    expect(thrown(() => mul(state, 'a', 2n ** 60n))).toBeInstanceOf(LimitError);
    const past = thrown(() => mul(state, 'a', 2n ** 80n));
    expect(past).toBeInstanceOf(TemplateRuntimeError);
    expect((past as TemplateRuntimeError).kind).toBe('OverflowError');
  });

  it('list concatenation past the output limit fails', () => {
    expect(thrown(() => add(small, new Array(600).fill(0), new Array(600).fill(0)))).toBeInstanceOf(
      LimitError,
    );
  });

  it('string concatenation past the output limit fails', () => {
    expect(thrown(() => add(small, 'a'.repeat(600), 'b'.repeat(600)))).toBeInstanceOf(LimitError);
  });

  it('an int power with an absurd result size fails fast', () => {
    expect(thrown(() => pow(state, 3, 10 ** 9))).toBeInstanceOf(LimitError);
    expect(String(pow(state, 2, 1000)).length).toBe(302);
  });

  it('a huge format width fails instead of allocating', () => {
    expect(thrown(() => formatValue('x', '999999999'))).toBeInstanceOf(LimitError);
    expect(thrown(() => percentFormat('%999999999d', 1))).toBeInstanceOf(LimitError);
  });

  it("a huge format width or precision fails as Python does when Python's checks of the value's type fail first", () => {
    for (const [v, spec, kind] of [
      [7, '.302312', 'ValueError'],
      [7, '999999c', 'LimitError'],
      [-1, '999999c', 'OverflowError'],
      ['a', '999999d', 'ValueError'],
      ['a', '+999999', 'ValueError'],
      [1.5, '999999x', 'ValueError'],
      [1.5, '.999999f', 'LimitError'],
      ['a', '.999999', 'LimitError'],
      [true, '.999999', 'ValueError'],
    ] as const) {
      const error = thrown(() => formatValue(v, spec));
      expect(error instanceof LimitError ? 'LimitError' : error.kind, `${spec} of ${v}`).toBe(kind);
    }
  });

  it('str.format output counts against the output limit', () => {
    expect(thrown(() => strFormat(small, '{0}{0}{0}', ['x'.repeat(400)], {}))).toBeInstanceOf(LimitError);
  });

  it('printing an int of more than 4300 digits is a ValueError, as in CPython 3.11', () => {
    const error = thrown(() => str(10n ** 4300n));
    expect(error.kind).toBe('ValueError');
    expect(str(10n ** 4299n)).toHaveLength(4300);
  });
});

describe('markup', () => {
  it('markup plus text escapes the text', () => {
    expect(add(state, new Markup('<b>'), '<i>')).toEqual(new Markup('<b>&lt;i&gt;'));
  });

  it('markup escapes quotes the way MarkupSafe does', () => {
    expect(add(state, new Markup(''), `'"&`)).toEqual(new Markup('&#39;&#34;&amp;'));
  });
});
