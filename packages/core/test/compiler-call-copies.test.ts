/**
 * Filters and tests are called through copies of the call closures (src/compiler/call-copies.ts), the next copy
 * for each new filter of a template: every copy must call what it is given, with its argument, and locate errors
 * at its own call.
 */
import { describe, expect, it } from 'vitest';
import {
  CALLS_OF_INPUT,
  CALLS_WITH_CONSTANT,
  CALLS_WITH_TWO_CONSTANTS,
  TEXT_METHOD_CALLS,
} from '../src/compiler/call-copies';
import { compile } from '../src/index';

describe('the copies of the filter and test calls', () => {
  it('are functions of their own with the same text, as many in each table', () => {
    const tables: ReadonlyArray<readonly unknown[]> = [
      CALLS_OF_INPUT,
      CALLS_WITH_CONSTANT,
      CALLS_WITH_TWO_CONSTANTS,
      TEXT_METHOD_CALLS,
    ];
    for (const table of tables) {
      expect(new Set(table).size).toBe(table.length);
      const text = String(table[0]);
      for (const copy of table) expect(String(copy)).toBe(text);
    }
    expect(CALLS_WITH_CONSTANT.length).toBe(CALLS_OF_INPUT.length);
    expect(CALLS_WITH_TWO_CONSTANTS.length).toBe(CALLS_OF_INPUT.length);
    expect(TEXT_METHOD_CALLS.length).toBe(CALLS_OF_INPUT.length);
  });

  it('call each filter of a template with more filters than copies, the same filter through one copy', () => {
    // Twelve filters without arguments and twelve with one constant: the copies are handed out in turn, twice over.
    const plain = ['title', 'upper', 'lower', 'capitalize', 'trim', 'length', 'first', 'last', 'e', 'string'];
    const withOne = ['default', 'center', 'truncate', 'indent', 'round', 'join', 'batch', 'slice', 'replace'];
    const source = [
      ...plain.map((name) => `{{ s|${name} }}`),
      ...plain.map((name) => `{{ s|${name} }}`),
      '{{ missing|default("none") }}',
      '{{ s|center(12) }}',
      '{{ s|truncate(9) }}',
      '{{ s|indent(2) }}',
      '{{ x|round(1) }}',
      '{{ s|join("-") }}',
      '{{ s|batch(4)|list|length }}',
      '{{ s|slice(2)|list|length }}',
      '{{ s|replace(" ", "_") }}',
      '{{ 3 is divisibleby 3 }}{{ s is string }}{{ x is number }}',
    ].join('|');
    const template = compile(source, { cache: false });
    const once = [
      'A<B Cd Ef',
      'A<B CD EF',
      'a<b cd ef',
      'A<b cd ef',
      'a<B cd ef',
      '9',
      'a',
      'f',
      'a&lt;B cd ef',
      'a<B cd ef',
    ];
    const expected = [
      ...once,
      ...once,
      'none',
      ' a<B cd ef  ',
      'a<B cd ef',
      'a<B cd ef',
      '2.5',
      'a-<-B- -c-d- -e-f',
      '3',
      '2',
      'a<B_cd_ef',
      'TrueTrueTrue',
    ].join('|');
    for (let i = 0; i < 3; i++) expect(template.render({ s: 'a<B cd ef', x: 2.46 })).toBe(expected);
    expect(withOne.length).toBe(9);
  });

  it('call filters with two constant arguments through copies of their own, each with its arguments', () => {
    // Ten such filters, more than there are copies: the first two copies serve two filters each.
    const calls = [
      "s|replace('b', 'x')",
      "missing|default('none', true)",
      "e|default('empty', true)",
      's|truncate(6, true)',
      's|truncate(7, false)',
      "x|round(1, 'floor')",
      "x|round(0, 'ceil')",
      's|indent(2, true)',
      "s|replace(' ', '')",
      's|wordwrap(4, true)|length',
    ];
    const template = compile(calls.map((c) => `{{ ${c} }}`).join('|'), { cache: false });
    // Jinja2's text for the same template and data.
    const expected =
      'a<x cd ef gh ij kl|none|empty|a<b...|a<b...|2.4|3.0|  a<b cd ef gh ij kl|a<bcdefghijkl|18';
    const data = { s: 'a<b cd ef gh ij kl', e: '', x: 2.46 };
    for (let i = 0; i < 3; i++) expect(template.render(data)).toBe(expected);
    expect(() => template.render({ ...data, x: 'x' })).toThrow(/must be real number/);
  });

  it('locate an error at the filter that failed, whichever copy it went through', () => {
    const source = [
      '{{ s|upper }}',
      '{{ s|lower }}',
      '{{ s|title }}',
      '{{ n|int }}',
      '{{ n|round(2) }}',
    ].join('\n');
    const template = compile(source, { cache: false });
    expect(template.render({ s: 'Ab', n: 2 })).toBe('AB\nab\nAb\n2\n2');
    expect(() => template.render({ s: 'Ab', n: 'x' })).toThrow(/__round__/);
    try {
      template.render({ s: 'Ab', n: 'x' });
    } catch (error) {
      expect((error as { line: number }).line).toBe(5);
    }
    // The same filters on the first line fail there.
    expect(() => compile('{{ n|round(2) }}', { cache: false }).render({ n: 'x' })).toThrow(/__round__/);
  });

  it('call each string method of a template through its copy, and any other receiver as before', () => {
    const calls = [
      's.strip()',
      's.upper()',
      's.lower()',
      "s.replace('b', 'x')",
      "s.startswith(' a')",
      "s.endswith('c ')",
      's.split()',
      "s.count('b')",
      "s.find('c')",
      's.title()',
      's.capitalize()',
      "s.center(9, '*')",
      // Receivers that are not strings: a dict, a list, the loop, a joiner, and Undefined.
      "d.get('k')",
      "d.get('missing', 'none')",
      'l.index(3)',
      '[1, 2].index(2)',
      'j()',
      'n.upper()',
    ];
    const template = compile(
      `{% set j = joiner('+') %}{% for _ in [1] %}${calls.map((c) => `{{ ${c} }}`).join('|')}|{{ loop.cycle('a', 'b') }}{% endfor %}`,
      { cache: false },
    );
    // Jinja2's text for the calls (the last one's receiver is undefined and fails).
    const expected =
      "a b c| A B C | a b c | a x c |True|True|['a', 'b', 'c']|1|5| A B C | a b c |* a b c *|v|none|1|1||";
    for (let i = 0; i < 3; i++) {
      expect(() => template.render({ s: ' a b c ', d: { k: 'v' }, l: [1, 3] })).toThrow(/'n' is undefined/);
    }
    const without = compile(
      `{% set j = joiner('+') %}{% for _ in [1] %}${calls
        .slice(0, -1)
        .map((c) => `{{ ${c} }}`)
        .join('|')}|{{ loop.cycle('a', 'b') }}{% endfor %}`,
      { cache: false },
    );
    for (let i = 0; i < 3; i++) {
      expect(without.render({ s: ' a b c ', d: { k: 'v' }, l: [1, 3] })).toBe(`${expected}a`);
    }
  });
});
