/**
 * Scoping rules of the compiler, as Jinja2 3.1 applies them: which `set` is seen where. Every expected value is
 * what `SandboxedEnvironment(extensions=['jinja2.ext.loopcontrols'])` renders for the same template and data.
 */
import { describe, expect, it } from 'vitest';
import { setBeforeUse } from '../src/compiler/scope';
import type { For } from '../src/parser/ast';
import { parse } from '../src/parser/parser';
import { outcome, type TemplateCase, templateError } from './helpers/template-outcome';

const cases: TemplateCase[] = [
  {
    rule: 'a `set` inside a loop body does not change the variable outside the loop',
    template: "{% set x = 'outer' %}{% for i in [1, 2] %}{% set x = i %}{{ x }}{% endfor %}|{{ x }}",
    expected: '12|outer',
  },
  {
    rule: 'a `set` inside a loop body is not visible after the loop when nothing outside assigned it',
    template: '{% for i in [1, 2] %}{% set inner = i %}{% endfor %}[{{ inner }}]',
    expected: '[]',
  },
  {
    rule: 'a read before a `set` in a loop body falls back to the outer value on every iteration',
    template: "{% set x = 'o' %}{% for i in [1, 2, 3] %}{{ x }}{% set x = i %}{{ x }},{% endfor %}{{ x }}",
    expected: 'o1,o2,o3,o',
  },
  {
    rule: 'a read before a `set` in a loop body falls back to the render variable on every iteration',
    template: '{% for i in [1, 2, 3] %}{{ x }}{% set x = i %}{{ x }},{% endfor %}{{ x }}',
    data: { x: 'v' },
    expected: 'v1,v2,v3,v',
  },
  {
    rule: 'a read before a `set` in a loop body is undefined on every iteration when nothing outside has it',
    template: '{% for i in [1, 2, 3] %}[{{ x }}]{% set x = i %}{% endfor %}',
    expected: '[][][]',
  },
  {
    rule: 'a `set` in an `if` branch inside a loop lasts only for that iteration',
    template:
      "{% set x = 'top' %}{% for i in [1, 2] %}{% if i == 1 %}{% set x = 'one' %}{% endif %}[{{ x }}]{% endfor %}",
    expected: '[one][top]',
  },
  {
    rule: 'a `set` from the previous iteration is forgotten before the next one',
    template: '{% for i in [1, 2] %}{% if i == 2 %}[{{ y }}]{% endif %}{% set y = i %}{% endfor %}',
    data: { y: 'data' },
    expected: '[data]',
  },
  {
    rule: "a loop's target does not leak: after the loop the name reads the render variable",
    template: '{% for x in [1] %}{% endfor %}{{ x }}',
    data: { x: 'ctx' },
    expected: 'ctx',
  },
  {
    rule: "a loop's target shadows an outer `set` only inside the loop",
    template: "{% set x = 'o' %}{% for x in [1, 2] %}{{ x }}{% endfor %}{{ x }}",
    expected: '12o',
  },
  {
    rule: 'nested loops each keep their own `set`',
    template:
      '{% for i in [1, 2] %}{% for j in [1, 2] %}{% set k = i * j %}{{ k }}{% endfor %}{{ k }};{% endfor %}{{ k }}',
    data: { k: 'K' },
    expected: '12K;24K;K',
  },
  {
    rule: "an outer loop's variables are readable in a nested loop",
    template:
      "{% for i in [1, 2] %}{% set label = 'L' ~ i %}{% for j in 'ab' %}{{ label }}{{ j }} {% endfor %}{% endfor %}",
    expected: 'L1a L1b L2a L2b ',
  },
  {
    rule: 'a loop target reassigned in the body keeps the new value for the rest of that iteration only',
    template: '{% for x in [1, 2, 3] %}{{ x }}{% set x = 9 %}{{ x }} {% endfor %}',
    expected: '19 29 39 ',
  },
  {
    rule: 'a `set` inside a top-level `if` assigns the template variable',
    template: '{% if true %}{% set x = 5 %}{% endif %}{{ x }}',
    expected: '5',
  },
  {
    rule: 'a `set` inside a top-level `if` that does not run leaves the render variable visible',
    template: '{% if false %}{% set x = 5 %}{% endif %}{{ x }}',
    data: { x: 'data' },
    expected: 'data',
  },
  {
    rule: 'a top-level read before the `set` reads the render variable, after it the assigned value',
    template: '{{ x }}{% set x = 3 %}{{ x }}',
    data: { x: 1 },
    expected: '13',
  },
  {
    rule: '`set` can read the variable it reassigns',
    template: '{% set x = 1 %}{% set x = x + 1 %}{{ x }}',
    expected: '2',
  },
  {
    rule: 'a macro reads outer variables when it is called, not when it is defined',
    template: '{% macro m() %}{{ x }}{% endmacro %}{% set x = 1 %}{{ m() }}{% set x = 2 %}{{ m() }}',
    expected: '12',
  },
  {
    rule: 'a macro reads render variables',
    template: '{% macro m() %}{{ y }}{% endmacro %}{{ m() }}',
    data: { y: 'ctx' },
    expected: 'ctx',
  },
  {
    rule: 'a `set` inside a macro does not change the outer variable',
    template: '{% set x = 1 %}{% macro m() %}{% set x = 2 %}{{ x }}{% endmacro %}{{ m() }}{{ x }}',
    expected: '21',
  },
  {
    rule: 'inside a macro a read before its own `set` sees the outer value',
    template: '{% set x = 1 %}{% macro m() %}{{ x }}{% set x = 2 %}{{ x }}{% endmacro %}{{ m() }}',
    expected: '12',
  },
  {
    rule: 'a macro parameter assigned in a loop inside the macro keeps its value after the loop',
    template:
      '{% macro m(a) %}{% for i in [1] %}{{ a }}{% set a = 9 %}{{ a }}{% endfor %}{{ a }}{% endmacro %}{{ m(1) }}',
    expected: '191',
  },
  {
    rule: "a macro defined in a loop body sees that iteration's loop variable",
    template: '{% for i in [1, 2] %}{% macro m() %}{{ i }}{% endmacro %}{{ m() }}{% endfor %}',
    expected: '12',
  },
  {
    rule: 'a macro defined in a loop body is not visible after the loop',
    template: '{% for i in [1] %}{% macro m() %}{{ i }}{% endmacro %}{% endfor %}[{{ m }}]',
    expected: '[]',
  },
  {
    rule: 'a nested macro is local to the macro that defines it',
    template:
      '{% macro outer() %}{% macro inner() %}i{% endmacro %}{{ inner() }}o{% endmacro %}{{ outer() }}[{{ inner }}]',
    expected: 'io[]',
  },
  {
    rule: 'a `{% set %}` block body is its own scope',
    template: '{% set x = 1 %}{% set b %}{% set x = 2 %}{{ x }}{% endset %}{{ b }}{{ x }}',
    expected: '21',
  },
  {
    rule: 'a `{% set %}` block captures its output as a string',
    template:
      '{% set b %}{% for i in [1, 2] %}{{ i }}{% endfor %}{% endset %}{{ b }}{{ b|length }}{{ b is string }}',
    expected: '122True',
  },
  {
    rule: 'a `{% set %}` block applies its filter to the captured text',
    template: "{% set b | upper | replace('B', '-') %}abc{% endset %}{{ b }}",
    expected: 'A-C',
  },
  {
    rule: 'a `{% filter %}` body is its own scope',
    template: "{% set x = 1 %}{% filter upper %}{% set x = 'in' %}{{ x }}{% endfilter %}{{ x }}",
    expected: 'IN1',
  },
  {
    rule: 'a `{% with %}` body is its own scope',
    template: '{% set x = 1 %}{% with %}{% set x = 2 %}{{ x }}{% endwith %}{{ x }}',
    expected: '21',
  },
  {
    rule: '`{% with %}` targets exist only inside the block',
    template: '{% with a = 1, b = 2 %}{{ a + b }}{% endwith %}[{{ a }}]',
    expected: '3[]',
  },
  {
    rule: 'a nested `{% with %}` value is computed from the outer binding',
    template: '{% with a = 1 %}{% with a = a + 1 %}{{ a }}{% endwith %}{{ a }}{% endwith %}',
    expected: '21',
  },
  {
    rule: '`{% with %}` values see earlier template variables',
    template: '{% set n = 4 %}{% with d = n * 2 %}{{ d }}{% endwith %}',
    expected: '8',
  },
  {
    rule: "a `set` in a loop's `else` body does not leak",
    template: '{% set x = 1 %}{% for i in [] %}{% else %}{% set x = 2 %}{{ x }}{% endfor %}{{ x }}',
    expected: '21',
  },
  {
    rule: 'a namespace attribute assigned in a loop is kept after the loop',
    template:
      '{% set ns = namespace(total=0) %}{% for i in [1, 2, 3] %}{% set ns.total = ns.total + i %}{% endfor %}{{ ns.total }}',
    expected: '6',
  },
  {
    rule: 'a namespace attribute assigned in an `if` inside a loop is kept',
    template:
      '{% set ns = namespace(found=false) %}{% for i in [1, 2, 3] %}{% if i == 2 %}{% set ns.found = i %}{% endif %}{% endfor %}{{ ns.found }}',
    expected: '2',
  },
  {
    rule: 'a namespace collects a list across iterations',
    template:
      '{% set ns = namespace() %}{% for i in [1, 2] %}{% set ns.items = (ns.items or []) + [i] %}{% endfor %}{{ ns.items }}',
    expected: '[1, 2]',
  },
  {
    rule: 'a namespace is built from a dict and keywords',
    template: "{% set ns = namespace({'a': 1}, b=2) %}{{ ns.a }}{{ ns.b }}[{{ ns.c }}]",
    expected: '12[]',
  },
  {
    // A JS object lists keys like '1' first; Python keeps the order of the call (checked against Jinja2 3.1.2).
    rule: 'a namespace keeps its keywords in the order of the call, names that are numbers among them',
    template:
      "{% set ns = namespace(b=1, **{'2': 'x', '1': 'y'}) %}{{ ns }}|{% set ns.a = 3 %}{{ ns }}|{{ namespace(**{'7': 1}) }}|{{ namespace(a=1, c=2) }}",
    expected:
      "<Namespace {'b': 1, '2': 'x', '1': 'y'}>|<Namespace {'b': 1, '2': 'x', '1': 'y', 'a': 3}>|<Namespace {'7': 1}>|<Namespace {'a': 1, 'c': 2}>",
  },
  {
    rule: 'assigning an attribute of something that is not a namespace is an error',
    template: '{% set ns = 3 %}{% set ns.a = 1 %}',
    expected: '!TemplateRuntimeError: cannot assign attribute on non-namespace object',
  },
  {
    rule: 'tuple unpacking assigns each name',
    template: '{% set a, (b, c) = [1, [2, 3]] %}{{ a }}{{ b }}{{ c }}',
    expected: '123',
  },
  {
    rule: 'tuple unpacking of a string splits it into characters',
    template: "{% set a, b = 'xy' %}{{ b }}{{ a }}",
    expected: 'yx',
  },
  {
    rule: 'unpacking too few values is a ValueError',
    template: '{% set a, b = [1] %}',
    expected: '!ValueError: not enough values to unpack (expected 2, got 1)',
  },
  {
    rule: 'unpacking too many values is a ValueError',
    template: '{% set a, b = [1, 2, 3] %}',
    expected: '!ValueError: too many values to unpack (expected 2)',
  },
  {
    rule: 'unpacking a number is a TypeError',
    template: '{% set a, b = 5 %}',
    expected: '!TypeError: cannot unpack non-iterable int object',
  },
  {
    rule: 'unpacking None is a TypeError',
    template: '{% set a, b = none %}',
    expected: '!TypeError: cannot unpack non-iterable NoneType object',
  },
  {
    rule: 'unpacking a loop item with too few values is a ValueError',
    template: '{% for a, b in [[1, 2], [3]] %}{{ a }}{% endfor %}',
    expected: '!ValueError: not enough values to unpack (expected 2, got 1)',
  },
  {
    rule: 'unpacking a loop item that is a number is a TypeError',
    template: '{% for a, b in [1, 2] %}{% endfor %}',
    expected: '!TypeError: cannot unpack non-iterable int object',
  },
  {
    rule: 'loop targets unpack dict items',
    template: "{% for k, v in {'a': 1, 'b': 2}.items() %}{{ k }}={{ v }};{% endfor %}",
    expected: 'a=1;b=2;',
  },
  // Bodies that assign nothing run in the frame around them (`Scope.runInOuterFrame`): what they read is found
  // as before, one frame fewer out.
  {
    rule: 'a `set` block that only prints reads the loop, its item and a nested loop',
    template:
      '{% for i in [1, 2] %}{% set line %}{{ loop.index }}:{{ i }}{% for j in [3] %}/{{ loop.index }}{{ i }}{{ j }}{% endfor %}{% endset %}[{{ line }}]{% endfor %}',
    expected: '[1:1/113][2:2/123]',
  },
  {
    rule: 'a loop inside a `set` block that only prints keeps its own `set`s',
    template:
      "{% set x = 'o' %}{% set blk %}{{ x }}{% for i in [1] %}{{ x }}{% set x = i %}{{ x }}{% endfor %}{{ x }}{% endset %}{{ blk }}|{{ x }}",
    expected: 'oo1o|o',
  },
  {
    rule: 'a loop inside a `set` block reads the render variable before its own `set`',
    template:
      '{% set blk %}{{ x }}{% for i in [1, 2] %}{% set x = i %}{{ x }}{% endfor %}{% endset %}{{ blk }}{% set x = 5 %}',
    data: { x: 'v' },
    expected: '12',
  },
  {
    rule: 'a `filter` block and a loop `else` that assign nothing, around a `set` block',
    template:
      '{% for i in [1, 2] %}{% filter upper %}{% set blk %}a{{ i }}{% endset %}{{ blk }}{% endfilter %}{% else %}none{% endfor %}{% for i in [] %}{% else %}{{ i }}empty{% endfor %}',
    expected: 'A1A2empty',
  },
  {
    rule: 'a `set` block in a macro reads its parameter and its caller',
    template:
      '{% macro m(a) %}{% set blk %}{{ a }}{{ caller() }}{% endset %}<{{ blk }}>{% endmacro %}{% call m(1) %}{% set inner %}c{% endset %}{{ inner }}{% endcall %}',
    expected: '<1c>',
  },
];

describe('variables are scoped as in Jinja2', () => {
  for (const { rule, template, data, expected } of cases) {
    it(rule, () => {
      expect(outcome(template, data)).toBe(expected);
    });
  }
});

describe('scopes hold across renders', () => {
  it('a `set` in one render does not leak into the next render of the same template', () => {
    const template = '{{ x }}{% set x = "assigned" %}';
    expect(outcome(template, { x: 'first' })).toBe('first');
    expect(outcome(template)).toBe('');
  });

  it('an unpacking error names the place of the `set`', () => {
    const error = templateError('ok\n  {% set a, b = [1] %}');
    expect([error.line, error.column]).toEqual([2, 6]);
  });
});

describe('the names a loop body sets before it uses them', () => {
  const firstSet = (body: string) =>
    [...setBeforeUse((parse(`{% for i in xs %}${body}{% endfor %}`).body[0] as For).body)].sort();

  it.each<[string, string, string[]]>([
    ['a set at the top', '{% set a = i %}{{ a }}', ['a']],
    [
      'a set block that does not read its name',
      '{% set a %}{{ i }}{% endset %}{% set b %}{{ b }}{% endset %}',
      ['a'],
    ],
    ['not a set that reads its name', '{% set a = a + 1 %}', []],
    ['not a set after a read', '{{ a }}{% set a = 1 %}', []],
    ['not a set inside an if', '{% if i %}{% set a = 1 %}{% endif %}{{ a }}', []],
    ['not a set after a nested read', '{% for j in xs %}{{ a }}{% endfor %}{% set a = 1 %}', []],
    ['not a set after a macro that reads it', '{% macro m() %}{{ a }}{% endmacro %}{% set a = 1 %}', []],
    ['not a name set after a macro of that name', '{% macro a() %}{% endmacro %}{% set a = 1 %}', []],
    ['not a set after an attribute set', '{% set a.x = 1 %}{% set a = namespace() %}', []],
    ['not an unpacking', '{% set a, b = [1, 2] %}', []],
  ])('%s', (_, body, expected) => {
    expect(firstSet(body)).toEqual(expected);
  });
});
