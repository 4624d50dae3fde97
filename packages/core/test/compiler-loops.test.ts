/**
 * Loops as Jinja2 3.1 runs them: the `loop` variable, `break`/`continue`, `else`, the loop filter, recursive
 * loops, and the loop helpers (`cycler`, `joiner`, `range`, `dict`). Expected values are Jinja2's renders with
 * `SandboxedEnvironment(extensions=['jinja2.ext.loopcontrols'])`; the `{% cycle %}` tag is the service's own.
 */
import { describe, expect, it } from 'vitest';
import { outcome, type TemplateCase, templateError } from './helpers/template-outcome';

const cases: TemplateCase[] = [
  {
    rule: 'index, index0, revindex, revindex0, first, last, length, depth and depth0 describe each iteration',
    template:
      "{% for x in 'abc' %}{{ loop.index }}{{ loop.index0 }}{{ loop.revindex }}{{ loop.revindex0 }}{{ loop.first }}{{ loop.last }}{{ loop.length }}{{ loop.depth }}{{ loop.depth0 }}|{% endfor %}",
    expected: '1032TrueFalse310|2121FalseFalse310|3210FalseTrue310|',
  },
  {
    rule: 'a one-item loop is both first and last',
    template: '{% for x in [7] %}{{ loop.first }} {{ loop.last }} {{ loop.revindex }}{% endfor %}',
    expected: 'True True 1',
  },
  {
    rule: 'previtem and nextitem are the neighbours, empty at the ends',
    template: '{% for x in [1, 2, 3] %}{{ loop.previtem }}-{{ loop.nextitem }}|{% endfor %}',
    expected: '-2|1-3|2-|',
  },
  {
    rule: 'previtem is undefined on the first iteration and nextitem on the last',
    template:
      '{% for x in [1, 2, 3] %}{{ loop.previtem is defined }}{{ loop.nextitem is defined }}|{% endfor %}',
    expected: 'FalseTrue|TrueTrue|TrueFalse|',
  },
  {
    rule: 'using previtem on the first iteration says there is no previous item',
    template: '{% for x in [1] %}{{ loop.previtem + 1 }}{% endfor %}',
    expected: '!UndefinedError: there is no previous item',
  },
  {
    rule: 'using nextitem on the last iteration says there is no next item',
    template: '{% for x in [1] %}{{ loop.nextitem.name }}{% endfor %}',
    expected: '!UndefinedError: there is no next item',
  },
  {
    rule: 'an unknown loop attribute is undefined and prints as nothing',
    template: '{% for x in [1] %}[{{ loop.foo }}]{% endfor %}',
    expected: '[]',
  },
  {
    rule: 'using an unknown loop attribute names the LoopContext',
    template: '{% for x in [1] %}{{ loop.foo.bar }}{% endfor %}',
    expected: "!UndefinedError: 'jinja2.runtime.LoopContext object' has no attribute 'foo'",
  },
  {
    rule: 'loop.changed is true on the first call and when the value differs from the last call',
    template: '{% for x in [1, 1, 2, 2, 1] %}{% if loop.changed(x) %}{{ x }}{% endif %}{% endfor %}',
    expected: '121',
  },
  {
    rule: 'loop.changed compares all its arguments',
    template: '{% for x in [1, 1, 2] %}{{ loop.changed(x, 1) }}{% endfor %}',
    expected: 'TrueFalseTrue',
  },
  {
    rule: 'loop.changed compares by value: an equal int and float, equal lists, are no change',
    template:
      '{% for x in [1, 1.0, 2, 2.0] %}{{ loop.changed(x) }}{% endfor %}|{% for x in [[1], [1], [2]] %}{{ loop.changed(x) }}{% endfor %}',
    expected: 'TrueFalseTrueFalse|TrueFalseTrue',
  },
  {
    rule: 'loop.changed and loop.cycle refuse keyword arguments',
    template: "{% for x in [1] %}{{ loop.cycle('a', x=1) }}{% endfor %}",
    expected: "!TypeError: LoopContext.cycle() got an unexpected keyword argument 'x'",
  },
  {
    rule: 'a variable named loop that is not a loop has no cycle method',
    template: "{% set loop = 'ab' %}{{ loop.cycle(1) }}",
    expected: "!UndefinedError: 'str object' has no attribute 'cycle'",
  },
  {
    rule: "a method's object is evaluated once: a cycler steps once per call of a str method on its item",
    template:
      "{% set c = cycler('a', 'b') %}{{ c.next().upper() }}{{ c.next() }}{{ c.next().center(3, '*') }}",
    expected: 'Ab*a*',
  },
  {
    rule: 'a str method given too many arguments fails as Python says',
    template: "{{ 'ab'.upper(1) }}",
    expected: '!TypeError: str.upper() takes no arguments (1 given)',
  },
  {
    rule: 'loop.cycle steps through its arguments by position',
    template: "{% for x in [1, 2, 3, 4, 5] %}{{ loop.cycle('a', 'b', 'c') }}{% endfor %}",
    expected: 'abcab',
  },
  {
    rule: 'loop.cycle without arguments is a TypeError',
    template: '{% for x in [1, 2] %}{{ loop.cycle() }}{% endfor %}',
    expected: '!TypeError: no items for cycling given',
  },
  {
    rule: 'in nested loops `loop` is the innermost loop',
    template:
      "{% for x in [1, 2] %}{% for y in 'ab' %}{{ loop.index }}{{ y }}{% endfor %}{{ loop.index }} {% endfor %}",
    expected: '1a2b1 1a2b2 ',
  },
  {
    rule: 'an outer loop stays reachable through a variable',
    template:
      '{% for a in [1, 2] %}{% set outer = loop %}{% for b in [1, 2] %}{{ outer.index }}{{ loop.index }} {% endfor %}{% endfor %}',
    expected: '11 12 21 22 ',
  },
  { rule: '`loop` outside a loop is undefined', template: '[{{ loop }}]', expected: '[]' },
  {
    rule: 'break leaves the loop',
    template: '{% for x in [1, 2, 3, 4] %}{% if x == 3 %}{% break %}{% endif %}{{ x }}{% endfor %}',
    expected: '12',
  },
  {
    rule: 'continue skips the rest of the body',
    template: '{% for x in [1, 2, 3, 4] %}{% if x is even %}{% continue %}{% endif %}{{ x }}{% endfor %}',
    expected: '13',
  },
  {
    rule: 'break in an inner loop leaves only the inner loop',
    template:
      '{% for x in [1, 2] %}{% for y in [1, 2] %}{% if y == 2 %}{% break %}{% endif %}{{ x }}{{ y }}{% endfor %};{% endfor %}',
    expected: '11;21;',
  },
  {
    rule: 'continue inside a `with` block continues the enclosing loop',
    template:
      '{% for x in [1, 2] %}{% with %}{% if x == 1 %}{% continue %}{% endif %}{% endwith %}{{ x }}{% endfor %}',
    expected: '2',
  },
  {
    rule: 'break and continue in nested loops with else',
    template:
      '{% for i in [1, 2, 3] %}{% for j in [1, 2, 3] %}{% if j == 2 %}{% continue %}{% endif %}{{ i }}{{ j }}{% else %}E{% endfor %}{% if i == 2 %}{% break %}{% endif %};{% endfor %}',
    expected: '1113;2123',
  },
  {
    rule: 'else runs when the sequence is empty',
    template: '{% for x in [] %}a{% else %}empty{% endfor %}',
    expected: 'empty',
  },
  {
    rule: 'else runs when the sequence is undefined',
    template: '{% for x in missing %}a{% else %}empty{% endfor %}',
    expected: 'empty',
  },
  {
    rule: 'else does not run after a loop whose iterations completed',
    template: '{% for x in [1, 2] %}{{ x }}{% else %}empty{% endfor %}',
    expected: '12',
  },
  {
    rule: 'else runs when the first iteration breaks',
    template: '{% for x in [1, 2] %}{% break %}{% else %}else{% endfor %}',
    expected: 'else',
  },
  {
    rule: 'else does not run when an earlier iteration completed before the break',
    template: '{% for x in [1, 2] %}{{ x }}{% if x == 2 %}{% break %}{% endif %}{% else %}else{% endfor %}',
    expected: '12',
  },
  {
    rule: 'else runs when every iteration continues',
    template: '{% for x in [1, 2] %}{% continue %}{% else %}else{% endfor %}',
    expected: 'else',
  },
  {
    rule: 'else runs when iterations only continue or break',
    template:
      '{% for x in [1, 2] %}{% if x == 1 %}{% continue %}{% endif %}{% break %}{% else %}else{% endfor %}',
    expected: 'else',
  },
  {
    rule: 'else does not run when one iteration completed and a later one continued',
    template: '{% for x in [1, 2] %}{% if x == 2 %}{% continue %}{% endif %}{% else %}else{% endfor %}',
    expected: '',
  },
  {
    rule: 'a last-iteration break does not trigger else',
    template:
      '{% for x in [1, 2, 3] %}{{ x }}{% if loop.last %}{% break %}{% endif %}{% else %}E{% endfor %}',
    expected: '123',
  },
  {
    rule: 'the loop filter keeps matching items',
    template: '{% for x in [1, 2, 3] if x > 1 %}{{ x }}{% else %}E{% endfor %}',
    expected: '23',
  },
  {
    rule: 'else runs when the loop filter keeps nothing',
    template: '{% for x in [1, 2, 3] if x > 5 %}{{ x }}{% else %}none{% endfor %}',
    expected: 'none',
  },
  {
    rule: 'loop.index and loop.length count the filtered items',
    template:
      "{% for x in [1, 2, 3, 4, 5] if x is odd %}{{ loop.index }}/{{ loop.length }}:{{ x }}{{ '' if loop.last else ',' }}{% endfor %}",
    expected: '1/3:1,2/3:3,3/3:5',
  },
  {
    rule: 'revindex and previtem follow the filtered items',
    template: '{% for x in [1, 2, 3, 4] if x is even %}{{ loop.revindex }}{{ loop.previtem }} {% endfor %}',
    expected: '2 12 ',
  },
  {
    rule: 'the loop filter unpacks like the loop',
    template: '{% for a, b in [[1, 2], [3, 4]] if a > 1 %}{{ a }}{{ b }}{{ loop.length }}{% endfor %}',
    expected: '341',
  },
  {
    rule: '`loop` inside the loop filter is not the loop being filtered',
    template: '{% for x in [1, 2] if loop.index %}{{ loop.index }}{% endfor %}',
    expected: "!UndefinedError: 'loop' is undefined",
  },
  {
    rule: "`loop` inside an inner loop's filter is the outer loop",
    template: '{% for x in [1, 2] %}{% for y in [1, 2] if loop.index == 2 %}{{ y }}{% endfor %}{% endfor %}',
    expected: '12',
  },
  {
    rule: 'the loop filter does not see names the body assigns',
    template: '{% for x in [1, 2] if y is defined %}{{ x }}{% set y = 1 %}{% endfor %}',
    expected: '',
  },
  {
    rule: 'the loop filter runs before each iteration and sees namespace changes',
    template:
      '{% set ns = namespace(n=0) %}{% for x in [1, 2, 3] if ns.n < 2 %}{% set ns.n = ns.n + 1 %}{{ x }}{% endfor %}',
    expected: '12',
  },
  {
    rule: 'a recursive loop renders nested children with increasing depth',
    template:
      '{% for item in tree recursive %}{{ loop.depth }}{{ item.name }}{% if item.children %}({{ loop(item.children) }}){% endif %}{% endfor %}',
    data: { tree: [{ name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] }, { name: 'd' }] },
    expected: '1a(2b(3c))1d',
  },
  {
    rule: 'each level of a recursive loop has its own index and length',
    template:
      '{% for item in tree recursive %}{{ loop.depth0 }}{{ loop.index }}/{{ loop.length }}{% if item.children %}[{{ loop(item.children) }}]{% endif %}{% endfor %}',
    data: { tree: [{ children: [{}, {}] }, {}] },
    expected: '01/2[11/212/2]02/2',
  },
  {
    rule: 'calling loop() without the recursive marker is a TypeError',
    template: '{% for x in [1] %}{{ loop(x) }}{% endfor %}',
    expected: "!TypeError: The loop must have the 'recursive' marker to be called recursively.",
  },
  {
    rule: 'iterating a number is a TypeError',
    template: '{% for x in 5 %}{% endfor %}',
    expected: "!TypeError: 'int' object is not iterable",
  },
  {
    rule: 'iterating None is a TypeError',
    template: '{% for x in none %}{% endfor %}',
    expected: "!TypeError: 'NoneType' object is not iterable",
  },
  {
    rule: 'iterating a string goes through its characters',
    template: "{% for c in 'héllo' %}{{ c }}.{% endfor %}",
    expected: 'h.é.l.l.o.',
  },
  {
    rule: 'iterating a dict goes through its keys in order',
    template: "{% for k in {'b': 1, 'a': 2} %}{{ k }}{% endfor %}",
    expected: 'ba',
  },
  {
    rule: 'a filtered sequence is iterated in its new order',
    template: '{% for x in [3, 1, 2]|sort %}{{ loop.index }}{{ x }}{% endfor %}',
    expected: '112233',
  },
  {
    rule: 'cycler steps on next() and keeps its position after the loop',
    template:
      "{% set c = cycler('a', 'b') %}{% for x in [1, 2, 3] %}{{ c.next() }}{% endfor %}{{ c.current }}",
    expected: 'abab',
  },
  {
    rule: 'cycler.reset() starts over',
    template: "{% set c = cycler('a', 'b', 'c') %}{{ c.next() }}{{ c.next() }}{{ c.reset() }}{{ c.next() }}",
    expected: 'abNonea',
  },
  {
    rule: 'cycler without items is an error',
    template: '{{ cycler() }}',
    expected: '!RuntimeError: at least one item has to be provided',
  },
  {
    rule: 'using an unknown cycler attribute names the Cycler',
    template: '{% set c = cycler(1) %}{{ c.foo.bar }}',
    expected: "!UndefinedError: 'jinja2.utils.Cycler object' has no attribute 'foo'",
  },
  {
    rule: 'joiner returns nothing the first time and the separator after',
    template: "{% set j = joiner('|') %}{% for x in [1, 2, 3] %}{{ j() }}{{ x }}{% endfor %}",
    expected: '1|2|3',
  },
  {
    rule: "joiner's default separator is a comma and a space",
    template: '{% set j = joiner() %}{% for x in [1, 2, 3] %}{{ j() }}{{ x }}{% endfor %}',
    expected: '1, 2, 3',
  },
  {
    rule: "range counts like Python's",
    template: '{{ range(3)|list }}{{ range(1, 10, 3)|list }}{{ range(5, 0, -2)|list }}{{ range(0)|list }}',
    expected: '[0, 1, 2][1, 4, 7][5, 3, 1][]',
  },
  {
    rule: "range prints as Python's range",
    template: '{{ range(3) }} {{ range(1, 9, 2) }}',
    expected: 'range(0, 3) range(1, 9, 2)',
  },
  {
    rule: 'range with a zero step is a ValueError',
    template: '{{ range(1, 2, 0) }}',
    expected: '!ValueError: range() arg 3 must not be zero',
  },
  {
    rule: 'dict builds from keywords and pairs',
    template: "{{ dict(a=1, b=2) }}{{ dict([['x', 1]]) }}{{ dict({'k': 1}, j=2) }}",
    expected: "{'a': 1, 'b': 2}{'x': 1}{'k': 1, 'j': 2}",
  },
];

describe('loops behave as in Jinja2', () => {
  for (const { rule, template, data, expected } of cases) {
    it(rule, () => {
      expect(outcome(template, data)).toBe(expected);
    });
  }
});

describe('the service `{% cycle %}` tag', () => {
  for (const [values, count] of [
    [['odd', 'even'], 5],
    [['a', 'b', 'c'], 7],
    [['only'], 3],
  ] as const) {
    it(`\`{% cycle %}\` over ${values.join(', ')} outputs what \`loop.cycle\` gives, ${count} times`, () => {
      const args = values.map((v) => `'${v}'`).join(', ');
      const tag = outcome(`{% for i in range(${count}) %}{% cycle(${args}) %},{% endfor %}`);
      const call = outcome(`{% for i in range(${count}) %}{{ loop.cycle(${args}) }},{% endfor %}`);
      expect(tag).toBe(call);
      expect(tag.split(',')[values.length % count]).toBe(values[0]);
    });
  }

  it('`{% cycle %}` follows the innermost loop', () => {
    expect(
      outcome("{% for x in [1, 2] %}{% for y in [1, 2, 3] %}{% cycle('a', 'b') %}{% endfor %}|{% endfor %}"),
    ).toBe('aba|aba|');
  });

  it('`{% cycle %}` takes any expressions', () => {
    expect(outcome('{% for x in [1, 2, 3] %}{% cycle(x * 10, first) %} {% endfor %}', { first: 'F' })).toBe(
      '10 F 30 ',
    );
  });

  it('`{% cycle %}` outside a loop is an error naming the tag and its place', () => {
    const error = templateError("line one\n  {% cycle('odd', 'even') %}");
    expect(error.message).toBe("'cycle' can only be used inside a for loop");
    expect([error.line, error.column]).toEqual([2, 6]);
  });

  it('`{% cycle %}` in a macro called from a loop does not see that loop', () => {
    expect(
      outcome("{% macro m() %}{% cycle('a', 'b') %}{% endmacro %}{% for x in [1] %}{{ m() }}{% endfor %}"),
    ).toBe("!TemplateRuntimeError: 'cycle' can only be used inside a for loop");
  });

  it('`{% cycle %}` without values is a TypeError', () => {
    expect(outcome('{% for x in [1] %}{% cycle() %}{% endfor %}')).toBe(
      '!TypeError: no items for cycling given',
    );
  });
});

describe('loops over data', () => {
  it('a loop over a list of dicts from the render variables reads their keys', () => {
    const products = [
      { title: 'Lamp', price: 10 },
      { title: 'Desk', price: 99.5 },
    ];
    expect(
      outcome('{% for p in products %}{{ loop.index }}. {{ p.title }} ({{ p.price }}){% endfor %}', {
        products,
      }),
    ).toBe('1. Lamp (10)2. Desk (99.5)');
  });

  it('a loop variable that is not read makes no difference to the output of a long loop', () => {
    const items = Array.from({ length: 300 }, (_, i) => i);
    const plain = outcome('{% for i in items %}{{ i }},{% endfor %}', { items });
    const withLoop = outcome('{% for i in items %}{{ loop.index0 }},{% endfor %}', { items });
    expect(plain).toBe(withLoop);
    expect(plain.split(',')[299]).toBe('299');
  });

  it('an error inside a loop body names the line and column of the failing expression', () => {
    const error = templateError('ok\n{% for i in [1] %}\n   {{ i.a.b }}{% endfor %}');
    expect(error.message).toBe("'int object' has no attribute 'a'");
    expect([error.line, error.column]).toEqual([3, 10]);
  });

  it('an error in the sequence of a loop names the sequence', () => {
    const error = templateError('{% for x in\n  count %}{% endfor %}', { count: 3 });
    expect(error.message).toBe("'int' object is not iterable");
    expect([error.line, error.column]).toEqual([2, 3]);
  });
});
