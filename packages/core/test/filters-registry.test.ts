import { describe, expect, it } from 'vitest';
import { LimitError, TemplateRuntimeError } from '../src/errors';
import { callSpec } from '../src/filters/call';
import { builtinFilters } from '../src/filters/index';
import { builtinTests } from '../src/tests/index';
import { runFilter } from './helpers/show';
import { makeState } from './helpers/state';

// jinja2.filters.FILTERS and jinja2.tests.TESTS of Jinja2 3.1.2 (`random` is left out on purpose: not deterministic).
const JINJA_FILTERS =
  'abs attr batch capitalize center count d default dictsort e escape filesizeformat first float forceescape format ' +
  'groupby indent int items join last length list lower map max min pprint reject rejectattr replace reverse round ' +
  'safe select selectattr slice sort string striptags sum title tojson trim truncate unique upper urlencode urlize ' +
  'wordcount wordwrap xmlattr';
const JINJA_TESTS =
  'boolean callable defined divisibleby eq equalto escaped even false filter float ge gt greaterthan in integer ' +
  'iterable le lower lt lessthan mapping ne none number odd sameas sequence string test true undefined upper ' +
  '== != < <= > >=';

describe('filter and test registries', () => {
  it('every Jinja2 3.1 built-in filter but random is registered', () => {
    const missing = JINJA_FILTERS.split(' ').filter((name) => !builtinFilters.has(name));
    expect(missing).toEqual([]);
  });

  it('random is not registered, as it cannot be deterministic', () => {
    expect(builtinFilters.has('random')).toBe(false);
  });

  it('the service filters are registered next to the built-ins', () => {
    expect(builtinFilters.has('dateFormatter')).toBe(true);
  });

  it('every Jinja2 3.1 built-in test is registered', () => {
    const missing = JINJA_TESTS.split(' ').filter((name) => !builtinTests.has(name));
    expect(missing).toEqual([]);
  });

  it('no test is registered that Jinja2 does not have', () => {
    const extra = [...builtinTests.keys()].filter((name) => !JINJA_TESTS.split(' ').includes(name));
    expect(extra).toEqual([]);
  });
});

describe('binding arguments by name', () => {
  const state = makeState();
  const truncate = builtinFilters.get('truncate');

  it('a keyword argument binds to the parameter of that name', () => {
    expect(runFilter(state, 'truncate', 'foo bar baz qux', [], { length: 9, leeway: 0 })).toBe("'foo...'");
  });

  it('an unknown keyword argument is a TypeError naming it', () => {
    expect(runFilter(state, 'upper', 'a', [], { nope: 1 })).toBe(
      "!TypeError: do_upper() got an unexpected keyword argument 'nope'",
    );
  });

  it('a parameter given twice is a TypeError', () => {
    expect(runFilter(state, 'center', 'a', [5], { width: 6 })).toBe(
      "!TypeError: do_center() got multiple values for argument 'width'",
    );
  });

  it('too many positional arguments is a TypeError counting the value too', () => {
    expect(runFilter(state, 'center', 'a', [5, 6])).toBe(
      '!TypeError: do_center() takes from 1 to 2 positional arguments but 3 were given',
    );
  });

  it('a missing required argument is a TypeError naming it', () => {
    expect(runFilter(state, 'replace', 'a', [])).toBe(
      "!TypeError: do_replace() missing 2 required positional arguments: 'old' and 'new'",
    );
  });

  it('a filter with *args and **kwargs receives the extra arguments', () => {
    expect(runFilter(state, 'format', '%s-%s', [1, 2])).toBe("'1-2'");
  });

  it('arguments not given arrive as undefined so the defaults apply', () => {
    if (!truncate) throw new Error('truncate is not registered');
    expect(callSpec(state, 'truncate', truncate, 'a'.repeat(300), [], {})).toBe(`${'a'.repeat(252)}...`);
  });
});

describe('filters stay within the output limit', () => {
  const state = makeState({ maxOutputSize: 1000 });
  const limited = (name: string, value: unknown, args: unknown[]) => () => {
    const spec = builtinFilters.get(name);
    if (!spec) throw new Error(`no filter ${name}`);
    return callSpec(state, name, spec, value, args, {});
  };

  it('`center` refuses a width past the limit', () => {
    expect(limited('center', 'a', [5000])).toThrow(LimitError);
  });

  it('`indent` refuses an indentation past the limit', () => {
    expect(limited('indent', 'a\nb', [5000])).toThrow(LimitError);
  });

  it('`replace` refuses a result past the limit', () => {
    expect(limited('replace', 'a'.repeat(100), ['a', 'b'.repeat(20)])).toThrow(LimitError);
  });

  it('`join` refuses a result past the limit', () => {
    expect(limited('join', Array(100).fill('abc'), ['-'.repeat(20)])).toThrow(LimitError);
  });

  it('`batch` refuses to pad past the limit', () => {
    expect(limited('batch', [1], [100000, 0])).toThrow(LimitError);
  });

  it('`wordwrap` refuses a result past the limit', () => {
    expect(limited('wordwrap', 'a b c d e f g h', [1, true, 'x'.repeat(500)])).toThrow(LimitError);
  });

  it('`center` within the limit still works', () => {
    expect(limited('center', 'a', [5])()).toBe('  a  ');
  });

  it('a LimitError names the limit it hit', () => {
    try {
      limited('center', 'a', [5000])();
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(TemplateRuntimeError);
      expect((e as LimitError).limit).toBe('maxOutputSize');
    }
  });
});
