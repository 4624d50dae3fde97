/**
 * Chains of `map`, `select`, `reject`, `selectattr` and `rejectattr` with literal arguments run as one loop over
 * the items (compiler/item-stages.ts): they give what the same filters give one at a time (their arguments given
 * by variables, which the compiler cannot fold), each error is located at the filter that raised it, and a
 * template that replaces one of the filters gets its own.
 */
import { describe, expect, it } from 'vitest';
import { compile, type FilterSpec, TemplateError } from '../src/index';
import { pyIterator, tuple, Undefined } from '../src/runtime/values';
import { outcome, thrownBy } from './helpers/template-outcome';

const values: ReadonlyArray<[string, unknown]> = [
  ['a list of ints', [3, 0, -2, 5]],
  ['a list of dicts', [{ a: 1 }, { a: 0 }, { b: 2 }, { a: 'x' }]],
  ['a tuple', tuple([1, 2, 3])],
  ['text', 'a😀b'],
  ['a dict', { a: 1, b: 2 }],
  ['a Map', new Map([['k', 1]])],
  ['a generator', pyIterator([4, 5], 'generator')],
  ['Undefined', new Undefined('x')],
  ['an int', 7],
  ['None', null],
];

/** Chains written with literal arguments, and the same with every argument in a variable. */
const chains: ReadonlyArray<[literal: string, variable: string]> = [
  ["x|map(attribute='a')", 'x|map(attribute=attr)'],
  ["x|selectattr('a')|map(attribute='a')", 'x|selectattr(attr)|map(attribute=attr)'],
  ["x|select('odd')|map('string')", 'x|select(odd)|map(string)'],
  ["x|reject('none')|map('string')|select", 'x|reject(isnone)|map(string)|select'],
  ["x|rejectattr('a', 'eq', 1)", 'x|rejectattr(attr, eq, 1)'],
  ["x|map('string')|reject('eq', '1')", 'x|map(string)|reject(eq, "1")'],
];

const consumers = [
  '{{ CHAIN|list }}',
  '{{ CHAIN|list|length }}',
  '{{ CHAIN|list|count }}',
  '{{ CHAIN|first }}',
  "{{ CHAIN|join(',') }}",
  '{% for v in CHAIN %}{{ v }}{{ loop.length }};{% endfor %}',
  '{% for v in CHAIN %}{{ v }};{% endfor %}',
  '{% for v in CHAIN %}{{ v }};{% if v is sameas 0 %}{% break %}{% endif %}{% endfor %}',
  '{{ CHAIN is iterable }} {{ (CHAIN|list) is sequence }}',
];
const names = { attr: 'a', odd: 'odd', string: 'string', isnone: 'none', eq: 'eq' };

describe('map and select chains run as one loop', () => {
  it.each(values)('give for %s what the filters give one at a time', (_what, x) => {
    for (const [literal, variable] of chains) {
      for (const consumer of consumers) {
        const fused = outcome(consumer.replaceAll('CHAIN', literal), { x, ...names });
        const apart = outcome(consumer.replaceAll('CHAIN', variable), { x, ...names });
        expect(fused, `${consumer} of ${literal}`).toBe(apart);
      }
    }
  });

  it('yield a generator, and a list after |list', () => {
    expect(outcome("{{ [1, 2]|select('odd') }}")).toMatch(/^<generator object select_or_reject at /);
    expect(outcome("{{ [1, 2]|select('odd')|map('string') }}")).toMatch(/^<generator object sync_do_map at /);
    expect(outcome("{{ [1, 2]|select('odd')|list }}")).toBe('[1]');
    expect(outcome("{% set l = [1, 2]|map('string')|list %}{% set _ = l.append('3') %}{{ l }}")).toBe(
      "['1', '2', '3']",
    );
  });

  it('give a loop each item as it reaches it, after the bodies before it', () => {
    expect(
      outcome(
        "{% set l = [1, 2, 3] %}{% for v in l|select('odd') %}{{ v }}{% if v == 1 %}{{ l.append(5) or '' }}{% endif %};{% endfor %}",
      ),
    ).toBe('1;3;5;');
    expect(
      outcome(
        "{% for v in [1, -2, 'x']|map('abs') %}{{ v }};{% if v == 2 %}{% break %}{% endif %}{% endfor %}",
      ),
    ).toBe('1;2;');
  });

  it('stop at the first item |first takes, as a generator does', () => {
    expect(outcome("{{ [1, 'x']|map('abs')|first }}")).toBe('1');
    expect(outcome("{{ [2, 4]|select('odd')|first is undefined }}")).toBe('True');
  });

  it('take each item through every step before the next, so the first error is Python’s', () => {
    expect(outcome("{{ [1, 'x']|map('abs')|select('divisibleby', 0)|list }}")).toBe(
      '!ZeroDivisionError: integer modulo by zero',
    );
  });

  it('locate an error at the filter that raised it', () => {
    // Fails when rendering `template` on [1, 'x'] fails elsewhere than at `failing`, written once in it.
    const expectLocated = (template: string, failing: string): void => {
      const error = thrownBy(() => compile(template).render({ x: [1, 'x'] }));
      expect(error).toBeInstanceOf(TemplateError);
      expect((error as TemplateError).column, template).toBe(template.indexOf(failing) + 1);
    };
    // The second step fails on the first item; the first step fails on the second; the second after a first.
    expectLocated("{{ x|map('abs')|select('divisibleby', 0)|list }}", 'select');
    expectLocated("{{ x|map('abs')|map('string')|list }}", "map('abs')");
    expectLocated("{{ x|map('string')|map('abs')|list|length }}", "map('abs')");
    const notIterable = thrownBy(() => compile('{{ 5\n  |select|list }}').render({}));
    expect(notIterable).toBeInstanceOf(TemplateError);
    expect((notIterable as TemplateError).line).toBe(2);
  });

  it('call a filter the template replaced', () => {
    const mine: FilterSpec = { params: [], varargs: true, kwargs: true, fn: () => ['mine'] };
    const first: FilterSpec = { params: [], fn: () => 'first' };
    expect(outcome("{{ [1]|select('odd')|map('string')|list }}", {}, { filters: { map: mine } })).toBe(
      "['mine']",
    );
    expect(outcome("{{ [1]|select('odd')|list }}", {}, { filters: { select: mine } })).toBe("['mine']");
    expect(outcome("{{ [1]|select('odd')|first }}", {}, { filters: { first } })).toBe('first');
  });
});
