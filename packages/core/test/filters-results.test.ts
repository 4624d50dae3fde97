import { describe, expect, it } from 'vitest';
import { TemplateRuntimeError } from '../src/errors';
import { callSpec } from '../src/filters/call';
import { getattr } from '../src/runtime/access';
import { repr, str } from '../src/runtime/format';
import { truthy } from '../src/runtime/operators';
import { undefinedError } from '../src/runtime/undefined';
import { isTuple, iteratorKind, Markup, Namespace, Undefined } from '../src/runtime/values';
import { jinjaFilters, jinjaTests, makeState } from './helpers/state';

const state = makeState();

function run(
  name: string,
  value: unknown,
  args: unknown[] = [],
  kwargs: Record<string, unknown> = {},
): unknown {
  const spec = jinjaFilters.get(name);
  if (!spec) throw new Error(`no filter ${name}`);
  return callSpec(state, name, spec, value, args, kwargs);
}

function test(name: string, value: unknown, args: unknown[] = []): boolean {
  const spec = jinjaTests.get(name);
  if (!spec) throw new Error(`no test ${name}`);
  return callSpec(state, name, spec, value, args, {});
}

function errorOf(fn: () => unknown): TemplateRuntimeError {
  try {
    fn();
  } catch (e) {
    if (e instanceof TemplateRuntimeError) return e;
    throw e;
  }
  throw new Error('expected an error');
}

const people = [
  { name: 'Ann', city: 'NY' },
  { name: 'Bob', city: 'ny' },
  { name: 'Cid', city: 'LA' },
];

describe('groupby results', () => {
  const groups = run('groupby', people, ['city']) as unknown[][];

  it('a group reads its key as `.grouper` and its items as `.list`', () => {
    expect(getattr(groups[1], 'grouper')).toBe('NY');
    expect(getattr(groups[1], 'list')).toEqual([people[0], people[1]]);
  });

  it('a group is a tuple that unpacks as (grouper, list)', () => {
    expect(isTuple(groups[0])).toBe(true);
    expect(groups[0][0]).toBe('LA');
  });

  it('a group prints as a plain tuple, as Jinja hides its namedtuple', () => {
    expect(repr(groups[0])).toBe("('LA', [{'name': 'Cid', 'city': 'LA'}])");
  });

  it('case-insensitive grouping names the group after its first item', () => {
    expect(groups.map((g) => g[0])).toEqual(['LA', 'NY']);
  });
});

describe('generator results', () => {
  it('`map` gives a generator, true even when empty, as in Python', () => {
    const mapped = run('map', ['a'], ['upper']);
    expect(iteratorKind(mapped)?.type).toBe('generator');
    expect(truthy(run('select', [0, ''], []))).toBe(true);
  });

  it('a generator has no length', () => {
    expect(errorOf(() => run('length', run('select', [1, 2], ['odd']))).message).toBe(
      "object of type 'generator' has no len()",
    );
  });

  it('`list` turns a generator into a plain list', () => {
    const listed = run('list', run('map', ['a', 'b'], ['upper']));
    expect(iteratorKind(listed)).toBeUndefined();
    expect(listed).toEqual(['A', 'B']);
  });

  it('`last` of a reversed list fails, as a reverse iterator is not reversible', () => {
    expect(errorOf(() => run('last', run('reverse', [1, 2]))).message).toBe(
      "'list_reverseiterator' object is not reversible",
    );
  });

  it('`reverse` of a generator gives a plain reversed list', () => {
    expect(run('reverse', run('map', [1, 2], ['string']))).toEqual(['2', '1']);
  });

  it('`first` of a generator gives its first item', () => {
    expect(run('first', run('select', [2, 3, 5], ['odd']))).toBe(3);
  });

  it('`tojson` refuses a generator, as json.dumps does', () => {
    expect(errorOf(() => run('tojson', run('map', [1], ['string']))).message).toBe(
      'Object of type generator is not JSON serializable',
    );
  });
});

describe('empty-sequence hints', () => {
  it('`first` of an empty list is an Undefined saying so when used', () => {
    const first = run('first', []);
    expect(first).toBeInstanceOf(Undefined);
    expect(str(first)).toBe('');
    expect(undefinedError(first as Undefined).message).toBe('No first item, sequence was empty.');
  });

  it('`last` of an empty list names the missing last item', () => {
    expect(undefinedError(run('last', []) as Undefined).message).toBe('No last item, sequence was empty.');
  });

  it('`min` and `max` of an empty list name the missing aggregate', () => {
    expect(undefinedError(run('min', []) as Undefined).message).toBe(
      'No aggregated item, sequence was empty.',
    );
    expect(undefinedError(run('max', []) as Undefined).message).toBe(
      'No aggregated item, sequence was empty.',
    );
  });
});

describe('markup results', () => {
  it('`escape` gives Markup, and escaping Markup again changes nothing', () => {
    const once = run('escape', '<b>');
    expect(once).toEqual(new Markup('&lt;b&gt;'));
    expect(run('escape', once)).toBe(once);
  });

  it('`forceescape` escapes Markup once more', () => {
    expect(run('forceescape', new Markup('&lt;'))).toEqual(new Markup('&amp;lt;'));
  });

  it('`upper` keeps Markup while `title` gives plain text, as markupsafe does', () => {
    expect(run('upper', new Markup('<i>a</i>'))).toEqual(new Markup('<I>A</I>'));
    expect(run('title', new Markup('<i>a</i>'))).toBe('<I>a</i>');
  });

  it('`format` on Markup escapes its arguments', () => {
    expect(run('format', new Markup('<p>%s</p>'), ['<x>'])).toEqual(new Markup('<p>&lt;x&gt;</p>'));
  });

  it('`tojson` gives Markup that is safe inside a script tag', () => {
    expect(run('tojson', { a: '</script>' })).toEqual(new Markup('{"a": "\\u003c/script\\u003e"}'));
  });

  it('the `escaped` test recognises Markup results', () => {
    expect(test('escaped', run('safe', 'x'))).toBe(true);
    expect(test('escaped', run('string', 'x'))).toBe(false);
  });
});

describe('attribute filters', () => {
  it('`attr` reads a namespace attribute', () => {
    expect(run('attr', new Namespace([['count', 3]]), ['count'])).toBe(3);
  });

  it('`attr` does not fall back to a dict item of the same name', () => {
    const value = run('attr', { city: 'NY' }, ['city']);
    expect(value).toBeInstanceOf(Undefined);
    expect(undefinedError(value as Undefined).message).toBe("'dict object' has no attribute 'city'");
  });

  it('`attr` reads a groupby tuple field', () => {
    const [group] = run('groupby', people, ['city']) as unknown[];
    expect(run('attr', group, ['grouper'])).toBe('LA');
  });

  it('`map(attribute=)` reaches into nested items by dotted path', () => {
    expect(run('list', run('map', [{ a: { b: [7, 8] } }], [], { attribute: 'a.b.1' }))).toEqual([8]);
  });

  it('`items` yields (key, value) tuples', () => {
    const pairs = [...(run('items', { a: 1 }) as unknown[][])];
    expect(isTuple(pairs[0])).toBe(true);
    expect([...pairs[0]]).toEqual(['a', 1]);
  });
});

describe('filters and tests called by name', () => {
  it('`select` with an unknown test fails as Jinja does', () => {
    const error = errorOf(() => run('select', [1], ['nope']));
    expect(error.kind).toBe('TemplateRuntimeError');
    expect(error.message).toBe("No test named 'nope'.");
  });

  it('`map` with an undefined filter name asks whether the name was meant to be quoted', () => {
    expect(errorOf(() => run('map', [1], [new Undefined('upper')])).message).toBe(
      "No filter named Undefined. ('upper' is undefined; did you forget to quote the callable name?)",
    );
  });

  it('the `filter` and `test` tests look names up in the registry', () => {
    expect(test('filter', 'groupby')).toBe(true);
    expect(test('filter', 'odd')).toBe(false);
    expect(test('test', 'odd')).toBe(true);
  });
});
