/**
 * A template that can change no list or dict shares the lists and dicts its literals fold to between renders
 * (src/compiler/unchanging.ts). Each way a template could change one must keep the copies: rendered twice, a
 * template that changes its literal prints the same text both times, as Jinja2 does.
 */
import { describe, expect, it } from 'vitest';
import { changesNothing } from '../src/compiler/unchanging';
import { compile, type FilterSpec } from '../src/index';
import { parse } from '../src/parser/parser';

/** The engine's own filters and tests: all but one named `mine`, as a user would register. */
const builtin = (_kind: 'filter' | 'test', name: string) => name !== 'mine';
const unchanging = (source: string) => changesNothing(parse(source), builtin);

describe('a template that changes nothing', () => {
  it.each([
    "{% set L = {'en': {'hi': 'Hello'}, 'de': {'hi': 'Hallo'}} %}{{ L.get(lang, L['en']).hi }}",
    "{% for m in ['Jan', 'Feb']|map('upper') %}{{ m|lower }}{% endfor %}",
    '{% set ns = namespace(n=0) %}{% for x in [1, 2] %}{% set ns.n = ns.n + x %}{% endfor %}{{ ns.n }}',
    '{% macro m(x) %}{{ x|length }}{% endmacro %}{{ m([1, 2]) }}{{ range(3)|list }}',
    "{{ items|selectattr('stock', 'gt', 2)|map(attribute='sku')|join(', ') }}",
    "{% for x in [3, 1] %}{{ loop.cycle('a', 'b') }}{{ loop.changed(x) }}{% endfor %}{{ 'a b'.split() }}",
  ])('%s', (source) => {
    expect(unchanging(source)).toBe(true);
  });
});

describe('a template that may change a list or dict, or lets other code reach one', () => {
  it.each([
    ['a changing method called', '{% set l = [1] %}{% set _ = l.append(2) %}{{ l }}'],
    ['a changing method read, called later', '{% set l = [1] %}{% set f = l.append %}{{ f(2) }}{{ l }}'],
    ['a dict updated', "{% set d = {'a': 1} %}{% set _ = d.update({'b': 2}) %}{{ d }}"],
    ['a method by the attr filter', "{% set l = [1] %}{{ (l|attr('append'))(2) }}{{ l }}"],
    ['a filter the user registered', '{% set l = [1] %}{{ l|mine }}{{ l }}'],
    ['a registered filter by name', "{{ [[1]]|map('mine')|list }}"],
    ['the attr filter by name', "{{ [[1]]|map('attr', 'pop')|list }}"],
    ['a callable from the data', '{% set l = [1] %}{{ fn(l) }}{{ l }}'],
    ['a callable a name was set to', '{% set g = x %}{{ g([1]) }}'],
    ['a method not of the engine types', "{{ api.lookup({'a': 1}) }}"],
    ['identity by sameas', '{% set a = [1] %}{% set b = [1] %}{{ a is sameas b }}'],
    ['a caller passed by keyword', '{% macro m() %}{{ caller([1]) }}{% endmacro %}{{ m(caller=fn) }}'],
  ])('%s', (_, source) => {
    expect(unchanging(source)).toBe(false);
  });

  it('prints the same text at every render when it changes its literal', () => {
    const template = compile(
      "{% set l = [1] %}{% set d = {'a': [1]} %}{% set _ = l.append(2) %}{% set _ = d.a.append(3) %}{{ l }} {{ d }}",
      {
        cache: false,
      },
    );
    for (let i = 0; i < 3; i++) expect(template.render({})).toBe("[1, 2] {'a': [1, 3]}");
  });

  it('keeps its literals apart from what a registered filter changes', () => {
    const push: FilterSpec = {
      params: [],
      fn: (_state, value) => {
        (value as unknown[]).push(0);
        return (value as unknown[]).length;
      },
    };
    const template = compile('{{ [1, 2]|push }}', { cache: false, filters: { push } });
    for (let i = 0; i < 3; i++) expect(template.render({})).toBe('3');
  });

  it('shares nothing a render could tell from a copy', () => {
    const template = compile("{% set L = {'en': {'months': ['Jan', 'Feb']}} %}{{ L.en.months|join('/') }}", {
      cache: false,
    });
    for (let i = 0; i < 3; i++) expect(template.render({})).toBe('Jan/Feb');
  });
});
