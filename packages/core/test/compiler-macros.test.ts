/**
 * Macros and call blocks as Jinja2 3.1 binds them: defaults, `varargs`/`kwargs`, `caller`, macro attributes and
 * the argument errors. Expected values are Jinja2's renders of the same templates.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, LimitError } from '../src/index';
import { outcome, type TemplateCase, templateError } from './helpers/template-outcome';

const cases: TemplateCase[] = [
  {
    rule: 'a default can refer to earlier parameters',
    template:
      "{% macro m(a, b=a ~ '!', c=b ~ '?') %}{{ a }}{{ b }}{{ c }}{% endmacro %}{{ m(1) }}|{{ m(1, 2) }}|{{ m(1, c=3) }}",
    expected: '11!1!?|122?|11!3',
  },
  {
    rule: 'a default can refer to a later parameter given by keyword',
    template: '{% macro m(a=b, b=1) %}{{ a }}{{ b }}{% endmacro %}{{ m(b=5) }}|{{ m() }}',
    expected: '55|1',
  },
  {
    rule: 'a default is evaluated at each call, reading outer variables then',
    template: '{% macro m(a=x) %}{{ a }}{% endmacro %}{% set x = 1 %}{{ m() }}{% set x = 2 %}{{ m() }}',
    expected: '12',
  },
  {
    rule: 'a missing parameter without default prints as nothing',
    template: '{% macro m(a, b) %}[{{ a }}][{{ b }}]{% endmacro %}{{ m(1) }}',
    expected: '[1][]',
  },
  {
    rule: 'using a missing parameter says it was not provided',
    template: '{% macro m(a, b) %}{{ b + 1 }}{% endmacro %}{{ m(1) }}',
    expected: "!UndefinedError: parameter 'b' was not provided",
  },
  {
    rule: 'a parameter shadows an outer variable of the same name even when not given',
    template: "{% set x = 'outer' %}{% macro m(x) %}[{{ x }}]{% endmacro %}{{ m() }}",
    expected: '[]',
  },
  {
    rule: 'parameters can be given by keyword in any order',
    template: '{% macro m(a, b, c) %}{{ a }}{{ b }}{{ c }}{% endmacro %}{{ m(c=3, a=1, b=2) }}',
    expected: '123',
  },
  {
    rule: 'extra positional arguments go to varargs, extra keywords to kwargs',
    template: '{% macro m(a) %}{{ a }}{{ varargs }}{{ kwargs }}{% endmacro %}{{ m(1, 2, 3, x=4) }}',
    expected: "1(2, 3){'x': 4}",
  },
  {
    rule: 'varargs is an empty tuple when nothing extra is given',
    template: '{% macro m() %}{{ varargs }}{{ varargs|length }}{{ kwargs }}{% endmacro %}{{ m() }}',
    expected: '()0{}',
  },
  {
    rule: 'a keyword naming a parameter already given positionally goes to kwargs',
    template: '{% macro m(a) %}{{ a }}{{ kwargs }}{% endmacro %}{{ m(1, a=2) }}',
    expected: "1{'a': 2}",
  },
  {
    rule: '*args and **kwargs spread into a macro call',
    template: "{% macro m(a, b=2) %}{{ a }}{{ b }}{% endmacro %}{{ m(*[5, 6]) }}{{ m(**{'a': 7}) }}",
    expected: '5672',
  },
  {
    rule: 'too many positional arguments is a TypeError',
    template: '{% macro m(a) %}{{ a }}{% endmacro %}{{ m(1, 2) }}',
    expected: "!TypeError: macro 'm' takes not more than 1 argument(s)",
  },
  {
    rule: 'too many positional arguments counts every parameter',
    template: '{% macro m(a, b) %}{{ a }}{% endmacro %}{{ m(1, 2, 3, 4) }}',
    expected: "!TypeError: macro 'm' takes not more than 2 argument(s)",
  },
  {
    rule: 'an unknown keyword argument is a TypeError',
    template: '{% macro m(a) %}{{ a }}{% endmacro %}{{ m(b=2) }}',
    expected: "!TypeError: macro 'm' takes no keyword argument 'b'",
  },
  {
    rule: 'a keyword repeating a positional parameter is an unknown keyword',
    template: '{% macro m(a) %}{{ a }}{% endmacro %}{{ m(1, a=2) }}',
    expected: "!TypeError: macro 'm' takes no keyword argument 'a'",
  },
  {
    rule: 'an unknown keyword is reported before too many positional arguments',
    template: '{% macro m(a) %}{% endmacro %}{{ m(1, 2, b=3) }}',
    expected: "!TypeError: macro 'm' takes no keyword argument 'b'",
  },
  {
    rule: 'a macro calls itself recursively',
    template: '{% macro f(n) %}{% if n > 0 %}{{ n }}{{ f(n - 1) }}{% endif %}{% endmacro %}{{ f(5) }}',
    expected: '54321',
  },
  {
    rule: "a macro's output is a string usable with filters",
    template: "{% macro m(x) %} {{ x }} {% endmacro %}[{{ m('a')|trim|upper }}]{{ m('b') is string }}",
    expected: '[A]True',
  },
  {
    rule: 'a macro parameter reassigned inside the macro keeps the new value',
    template: '{% macro m(a) %}{% set a = a * 2 %}{{ a }}{% endmacro %}{{ m(2) }}',
    expected: '4',
  },
  {
    rule: 'a call block passes its body as caller',
    template: '{% macro m() %}<{{ caller() }}>{% endmacro %}{% call m() %}body{% endcall %}',
    expected: '<body>',
  },
  {
    rule: 'caller takes arguments',
    template:
      "{% macro list(items) %}{% for i in items %}{{ caller(i, loop.index) }}{% endfor %}{% endmacro %}{% call(item, n) list(['a', 'b']) %}{{ n }}={{ item }};{% endcall %}",
    expected: '1=a;2=b;',
  },
  {
    rule: 'caller parameters have defaults',
    template:
      "{% macro m() %}{{ caller(1) }}{% endmacro %}{% call(a, b='d') m() %}{{ a }}{{ b }}{% endcall %}",
    expected: '1d',
  },
  {
    rule: 'the caller body reads variables of the place it is written',
    template:
      "{% set who = 'outer' %}{% macro m() %}{% set who = 'macro' %}{{ caller() }}{% endmacro %}{% call m() %}{{ who }}{% endcall %}",
    expected: 'outer',
  },
  {
    rule: 'caller may be called several times',
    template: '{% macro twice() %}{{ caller() }}{{ caller() }}{% endmacro %}{% call twice() %}x{% endcall %}',
    expected: 'xx',
  },
  {
    rule: 'a call block to a macro that never calls caller is a TypeError',
    template: '{% macro m() %}x{% endmacro %}{% call m() %}body{% endcall %}',
    expected:
      "!TypeError: macro 'm' was invoked with two values for the special caller argument. This is most likely a bug.",
  },
  {
    rule: 'calling caller in a macro called without a call block says no caller is defined',
    template: '{% macro m() %}{{ caller() }}{% endmacro %}{{ m() }}',
    expected: '!UndefinedError: No caller defined',
  },
  {
    rule: 'a caller given as None counts as no caller',
    template: '{% macro m() %}{{ caller() }}{% endmacro %}{{ m(caller=none) }}',
    expected: '!UndefinedError: No caller defined',
  },
  {
    rule: 'a caller keyword to a macro that does not use caller is a TypeError',
    template: '{% macro m() %}{% endmacro %}{{ m(caller=1) }}',
    expected:
      "!TypeError: macro 'm' was invoked with two values for the special caller argument. This is most likely a bug.",
  },
  {
    rule: 'a caller keyword goes to kwargs when the macro takes kwargs but not caller',
    template: '{% macro m() %}{{ kwargs }}{% endmacro %}{{ m(caller=1) }}',
    expected: "{'caller': 1}",
  },
  {
    rule: 'a caller with too many arguments is a TypeError naming an anonymous macro',
    template: '{% macro m() %}{{ caller(1) }}{% endmacro %}{% call m() %}{% endcall %}',
    expected: '!TypeError: macro None takes not more than 0 argument(s)',
  },
  {
    rule: 'a call block to an undefined macro is an UndefinedError',
    template: '{% call m() %}x{% endcall %}',
    expected: "!UndefinedError: 'm' is undefined",
  },
  {
    rule: 'macro attributes describe the signature',
    template:
      '{% macro m(a, b=1) %}{% endmacro %}{{ m.name }}|{{ m.arguments }}|{{ m.catch_varargs }}|{{ m.catch_kwargs }}|{{ m.caller }}',
    expected: "m|('a', 'b')|False|False|False",
  },
  {
    rule: 'a macro that reads varargs, kwargs and caller says so in its attributes',
    template:
      '{% macro m() %}{{ varargs }}{{ kwargs }}{{ caller() }}{% endmacro %}{{ m.name }}|{{ m.arguments }}|{{ m.catch_varargs }}|{{ m.catch_kwargs }}|{{ m.caller }}',
    expected: 'm|()|True|True|True',
  },
  {
    rule: "a caller is an anonymous macro with the call block's arguments",
    template:
      '{% macro m() %}{{ caller.name }}|{{ caller.arguments }}|{{ caller.caller }}{% endmacro %}{% call(a) m() %}{% endcall %}',
    expected: "None|('a',)|False",
  },
  {
    rule: 'a macro works inside a filter block',
    template: "{% macro m(x) %}{{ x }}{% endmacro %}{% filter upper %}{{ m('a') }}{% endfilter %}",
    expected: 'A',
  },
  {
    rule: "a macro's loop reads the macro's parameters",
    template:
      "{% macro row(cells, sep) %}{% for c in cells %}{{ c }}{% if not loop.last %}{{ sep }}{% endif %}{% endfor %}{% endmacro %}{{ row([1, 2, 3], ' | ') }}",
    expected: '1 | 2 | 3',
  },
];

describe('macros and call blocks bind arguments as Jinja2 does', () => {
  for (const { rule, template, data, expected } of cases) {
    it(rule, () => {
      expect(outcome(template, data)).toBe(expected);
    });
  }
});

describe('macro calls', () => {
  it('a macro argument error names the place of the call', () => {
    const error = templateError('{% macro m(a) %}{% endmacro %}\n{{ m(1, 2) }}');
    expect(error.message).toBe("macro 'm' takes not more than 1 argument(s)");
    expect([error.line, error.column]).toEqual([2, 5]);
  });

  it('a macro keeps no state between calls or renders', () => {
    const template = compile(
      '{% macro m(x) %}{% set seen = (seen or "") ~ x %}{{ seen }}{% endmacro %}{{ m("a") }}{{ m("b") }}',
    );
    expect(template.render()).toBe('ab');
    expect(template.render({ seen: '>' })).toBe('>a>b');
  });

  it('deep but bounded macro recursion renders', () => {
    const template = compile(
      '{% macro f(n) %}{% if n > 0 %}{{ f(n - 1) }}{% endif %}.{% endmacro %}{{ f(60) }}',
    );
    expect(template.render()).toBe('.'.repeat(61));
  });

  it('unbounded macro recursion is a maxCallDepth LimitError, not a JS stack overflow', () => {
    const error = templateError('{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}');
    expect(error).toBeInstanceOf(LimitError);
    expect((error as LimitError).limit).toBe('maxCallDepth');
  });
});

describe('a macro called by name binds its arguments at the call site, as any call binds them', () => {
  const macros = [
    "{% macro m(a, b=a ~ '!', c=2) %}[{{ a }}|{{ b }}|{{ c }}]{% endmacro %}",
    '{% macro m(a, b=1) %}[{{ a }}|{{ b }}|{{ varargs }}|{{ kwargs|dictsort }}]{% endmacro %}',
    '{% macro m(a, b) %}[{{ a }}|{{ b }}|{{ kwargs }}]{% endmacro %}',
    "{% macro m() %}[{{ varargs|join(',') }}]{% endmacro %}",
    '{% macro m(caller=none, d=3) %}[{{ caller }}|{{ d }}|{{ kwargs|dictsort }}]{% endmacro %}',
  ];
  const call = fc.record({
    positional: fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 4 }),
    keywords: fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'z', 'caller', '1'), { maxLength: 3 }),
  });

  it('prints what the same call through a list item (called as any value is) prints, or fails alike', () => {
    fc.assert(
      fc.property(fc.constantFrom(...macros), call, (macro, { positional, keywords }) => {
        const args = [...positional.map(String), ...keywords.map((key, i) => `${key}=${10 + i}`)].join(', ');
        // A keyword that is not a name (`1=`) is a syntax error in both.
        const direct = outcome(`${macro}{% for i in range(2) %}{{ m(${args}) }}{% endfor %}`);
        const general = outcome(
          `${macro}{% set ms = [m] %}{% for i in range(2) %}{{ ms[0](${args}) }}{% endfor %}`,
        );
        expect(direct).toBe(general);
      }),
      { numRuns: 300 },
    );
  });

  it('binds each macro one call site meets in turn by its own plan, and calls anything else as usual', () => {
    // m5 takes the keywords the others take, at other places.
    const defined =
      macros.map((macro, i) => macro.replace('macro m(', `macro m${i}(`)).join('') +
      '{% macro m5(z=0, b=7, a=5) %}[{{ a }}|{{ b }}|{{ z }}]{% endmacro %}';
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'range'), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 2 }),
        fc.uniqueArray(fc.constantFrom('a', 'b', 'z', 'd'), { maxLength: 3 }),
        (callees, positional, keywords) => {
          const args = [...positional.map(String), ...keywords.map((key, i) => `${key}=${10 + i}`)].join(
            ', ',
          );
          const list = `[${callees.join(', ')}]`;
          const direct = outcome(`${defined}{% for m in ${list} %}{{ m(${args}) }}{% endfor %}`);
          const general = outcome(
            `${defined}{% set ms = ${list} %}{% for i in ms %}{{ ms[loop.index0](${args}) }}{% endfor %}`,
          );
          expect(direct).toBe(general);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("binds by each macro's own plan when one site meets more macros than it keeps plans for", () => {
    // Ten macros with their parameters at different places, met in turn twice by sites of each binding shape.
    const defined = Array.from({ length: 10 }, (_, i) =>
      i % 2 === 0
        ? `{% macro m${i}(a, b=${i}) %}${i}:{{ a }}:{{ b }};{% endmacro %}`
        : `{% macro m${i}(b=${i}, a=0) %}${i}:{{ a }}:{{ b }};{% endmacro %}`,
    ).join('');
    const list = `[${Array.from({ length: 10 }, (_, i) => `m${i}`).join(', ')}]`;
    const expected = (a: (i: number) => number | string, b: (i: number) => number | string) =>
      Array.from({ length: 10 }, (_, i) => `${i}:${a(i)}:${b(i)};`)
        .join('')
        .repeat(2);
    const run = (call: string) =>
      compile(`${defined}{% for m in ${list} + ${list} %}{{ ${call} }}{% endfor %}`).render({});
    expect(run('m(b=2, a=3)')).toBe(
      expected(
        () => 3,
        () => 2,
      ),
    );
    expect(run('m(5)')).toBe(
      expected(
        (i) => (i % 2 === 0 ? 5 : 0),
        (i) => (i % 2 === 0 ? i : 5),
      ),
    );
    expect(run('m()')).toBe(
      expected(
        (i) => (i % 2 === 0 ? '' : 0),
        (i) => i,
      ),
    );
  });

  it("binds a caller() that meets the bodies of several call blocks in turn by each body's parameters", () => {
    const template =
      '{% macro wrap(tag) %}<{{ tag }}>{{ caller(tag, 1) }}</{{ tag }}>{% endmacro %}{% for i in range(2) %}' +
      "{% call(t, n) wrap('a') %}A{{ t }}{{ n }}{% endcall %}{% call(n, t) wrap('b') %}" +
      "{% call(x, y=5) wrap('c') %}C{{ x }}{{ y }}{% endcall %}B{{ t }}{{ n }}{% endcall %}{% endfor %}";
    expect(compile(template).render({})).toBe('<a>Aa1</a><b><c>Cc1</c>B1b</b>'.repeat(2));
  });

  it('runs the defaults the call leaves, in the macro, after every argument is bound', () => {
    expect(
      outcome(
        "{% macro m(a, b=a ~ '!', c=b ~ '?') %}{{ a }}{{ b }}{{ c }}{% endmacro %}{{ m(1) }} {{ m(1, c=3) }} {{ m(b=2, a=1) }}",
      ),
    ).toBe('11!1!? 11!3 122?');
  });

  it('binds literal defaults with the arguments, but not past a default that runs and may read them unset', () => {
    // Each output as Jinja2 3.1 prints it.
    expect(
      outcome('{% macro m(a=b, b=1) %}[{{ a }}|{{ b }}]{% endmacro %}{{ m() }}{{ m(b=2) }}{{ m(5) }}'),
    ).toBe('[|1][2|2][5|1]');
    expect(
      outcome(
        "{% macro m(x, a=x ~ '!', b=1, c=b) %}[{{ a }}|{{ b }}|{{ c }}]{% endmacro %}{{ m(1) }}{{ m(1, c=3) }}{{ m(1, b=2) }}",
      ),
    ).toBe('[1!|1|1][1!|1|3][1!|2|2]');
    expect(
      outcome(
        "{% macro m(a=none, b=2.0, c=true, d='t') %}[{{ a }}|{{ b }}|{{ c }}|{{ d }}]{% endmacro %}{{ m() }}{{ m(d=1) }}",
      ),
    ).toBe('[None|2.0|True|t][None|2.0|True|1]');
  });

  it('sends keywords no parameter takes to kwargs, and extra positional arguments to varargs', () => {
    expect(
      outcome(
        "{% macro tag(name) %}<{{ name }}{% for k, v in kwargs.items() %} {{ k }}=\"{{ v }}\"{% endfor %}>{{ varargs|join(' ') }}</{{ name }}>{% endmacro %}{% for p in ps %}{{ tag('a', p, 'now', href='/p/' ~ p, name=p) }}{% endfor %}",
        { ps: ['x', 'y'] },
      ),
    ).toBe('<a href="/p/x" name="x">x now</a><a href="/p/y" name="y">y now</a>');
  });
});
