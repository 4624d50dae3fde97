/**
 * Namespaces kept in slots (slot-namespaces.ts): which variables qualify, and that a template whose namespaces
 * live in slots prints what it prints with them as objects, for any mix of scopes, reassignments, reads of
 * attributes never set, macros, blocks and data of the same name, errors and their places included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slotNamespaces } from '../src/compiler/slot-namespaces';
import { parse } from '../src/parser/parser';
import { outcome } from './helpers/template-outcome';

/** The variables `template` keeps in slots, each with its attribute names sorted. */
function inSlots(template: string): Record<string, string[]> {
  return Object.fromEntries(
    [...slotNamespaces(parse(template))].map(([name, attrs]) => [name, [...attrs].sort()]),
  );
}

/**
 * `template` with a read of `ns` and `n2` as wholes that never runs: the variables then no longer qualify, so
 * their namespaces are objects, and the template prints what the general code prints. The read is in a macro,
 * whose reads change nothing of how the template's own scopes find their names (Jinja2's rules).
 */
function asObjects(template: string): string {
  return `${template}{% macro never_called() %}{{ ns }}{{ n2 }}{% endmacro %}`;
}

describe('which variables keep their namespaces in slots', () => {
  it('takes a variable only namespace() keyword calls assign and only attribute uses read', () => {
    expect(
      inSlots(
        '{% set ns = namespace(a=1, b=2) %}{% for x in xs %}{% set ns.c = x %}{% endfor %}{{ ns.a }}' +
          '{% set n2 = namespace() %}{% set n2.d %}x{% endset %}',
      ),
    ).toEqual({ ns: ['a', 'b', 'c'], n2: ['d'] });
  });

  it.each([
    ['read whole', '{% set ns = namespace(a=1) %}{{ ns }}'],
    ['passed to a filter', '{% set ns = namespace(a=1) %}{{ ns|string }}'],
    ['subscripted', "{% set ns = namespace(a=1) %}{{ ns['a'] }}"],
    ['also set to something else', '{% set ns = namespace(a=1) %}{% set ns = 2 %}{{ ns.a }}'],
    ['a loop target', '{% set ns = namespace(a=1) %}{% for ns in xs %}{% endfor %}{{ ns.a }}'],
    ['a macro parameter', '{% set ns = namespace(a=1) %}{% macro m(ns) %}{{ ns.a }}{% endmacro %}'],
    ['a macro name', '{% set ns = namespace(a=1) %}{% macro ns() %}{% endmacro %}'],
    ['made with a dict', "{% set ns = namespace({'a': 1}) %}{{ ns.a }}"],
    ['made with **', '{% set ns = namespace(**d) %}{{ ns.a }}'],
    ['set by a block', '{% set ns %}x{% endset %}{% set ns = namespace(a=1) %}{{ ns.a }}'],
    ['a with target', '{% set ns = namespace(a=1) %}{% with ns = 1 %}{% endwith %}'],
    ['named loop', '{% set loop = namespace(a=1) %}{{ loop.a }}'],
    [
      'read whole in a macro never called',
      asObjects('{% set ns = namespace(a=1) %}{% set n2 = namespace() %}'),
    ],
  ])('not one %s', (_, template) => {
    expect(inSlots(template)).toEqual({});
  });
});

/** Random statements on `ns` and `n2`: makes, attribute sets and reads, in loops, branches, macros and blocks. */
function statements(depth: number): fc.Arbitrary<string> {
  const name = fc.constantFrom('ns', 'ns', 'n2');
  const attr = fc.constantFrom('a', 'b', 'items', '_p');
  const value = fc.constantFrom('1', "'q'", 'x', '[x]', 'none', '(ns.a or 0) + 1', 'n2.b ~ "!"', 'xs|length');
  const keywords = fc
    .subarray(['a', 'b', 'items'])
    .chain((keys) => fc.tuple(...keys.map((key) => value.map((v) => `${key}=${key === 'items' ? '[]' : v}`))))
    .map((pairs) => pairs.join(', '));
  const make = fc.tuple(name, keywords).map(([n, k]) => `{% set ${n} = namespace(${k}) %}`);
  const leaf = fc.oneof(
    make,
    make,
    fc.tuple(name, attr, value).map(([n, a, v]) => `{% set ${n}.${a} = ${v} %}`),
    fc.tuple(name, attr).map(([n, a]) => `{% set ${n}.${a} %}<{{ ${n}.${a} }}>{% endset %}`),
    fc.tuple(name, attr).map(([n, a]) => `[{{ ${n}.${a} }}]`),
    fc.tuple(name, attr).map(([n, a]) => `{{ ${n}.${a} is defined }}`),
    name.map((n) => `{% if ${n}.a %}T{% endif %}{{ ${n}.items|default([])|join(',') }}`),
    name.map((n) => `{{ (${n}.a or 3) + 1 }}`),
  );
  if (depth === 0) return fc.array(leaf, { maxLength: 6 }).map((parts) => parts.join(''));
  const inner = statements(depth - 1);
  const nested = fc.oneof(
    inner.map((body) => `{% for x in xs %}${body}{% endfor %}`),
    fc.tuple(inner, inner).map(([a, b]) => `{% if xs|length > 1 %}${a}{% else %}${b}{% endif %}`),
    inner.map((body) => `{% macro m(x) %}${body}{% endmacro %}{{ m(2) }}{{ m(3) }}`),
    inner.map((body) => `{% set blk %}${body}{% endset %}({{ blk }})`),
    inner.map((body) => `{% with x = 7 %}${body}{% endwith %}`),
  );
  return fc.array(fc.oneof(leaf, nested), { maxLength: 4 }).map((parts) => parts.join(''));
}

describe('a namespace in slots', () => {
  it('prints what the namespace object prints, for any template and data', () => {
    const data = fc.record({
      xs: fc.constantFrom([], [1], [1, 2, 3]),
      ns: fc.constantFrom(undefined, 'text', { a: 9 }),
      namespace: fc.constantFrom(undefined, undefined, undefined, 'shadow'),
    });
    fc.assert(
      fc.property(statements(2), data, (template, values) => {
        const vars = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
        expect(outcome(template, vars)).toBe(outcome(asObjects(template), vars));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps no attribute of the namespace made before', () => {
    const template =
      "{% for x in [1, 2] %}{% set ns = namespace(a=x) %}{% if x == 1 %}{% set ns.b = 'one' %}{% endif %}" +
      '{{ ns.a }}:{{ ns.b is defined }} {% endfor %}' +
      "{% set ns = namespace(a=1) %}{% set ns.b = 2 %}{% set ns = namespace(c=3) %}{{ ns.a is defined }}{{ ns.b|default('-') }}";
    expect(outcome(template)).toBe('1:True 2:False False-');
    expect(outcome(asObjects(template))).toBe('1:True 2:False False-');
  });
});
