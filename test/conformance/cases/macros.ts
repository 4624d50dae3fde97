import { type Case, rows } from '../case';

/** `macro`, `call` blocks, `filter` blocks and `with`. */
export const cases: Case[] = rows([
  ['macro with a parameter', '{% macro hi(name) %}Hi {{ name }}!{% endmacro %}{{ hi("Ada") }}'],
  ['macro definition renders nothing', '[{% macro m() %}body{% endmacro %}]'],
  [
    'macro with a default argument',
    '{% macro hi(name="you") %}Hi {{ name }}{% endmacro %}{{ hi() }} {{ hi("Bo") }}',
  ],
  [
    'macro with keyword arguments',
    '{% macro f(a, b=2, c=3) %}{{ a }}{{ b }}{{ c }}{% endmacro %}{{ f(1, c=9) }}',
  ],
  ['macro missing argument is undefined', '{% macro f(a, b) %}[{{ a }}][{{ b }}]{% endmacro %}{{ f(1) }}'],
  [
    'macro with too many positional arguments is an error',
    '{% macro f(a) %}{{ a }}{% endmacro %}{{ f(1, 2) }}',
  ],
  ['macro with an unknown keyword is an error', '{% macro f(a) %}{{ a }}{% endmacro %}{{ f(a=1, z=2) }}'],
  ['macro varargs', '{% macro f(a) %}{{ a }}{{ varargs }}{% endmacro %}{{ f(1, 2, 3) }}'],
  ['macro kwargs', '{% macro f(a) %}{{ a }}{{ kwargs }}{% endmacro %}{{ f(1, x=2) }}'],
  [
    'a default that reads its own parameter sees an undefined name',
    '{% macro m(a=a) %}{{ a.x }}{% endmacro %}{{ m() }}',
  ],
  [
    'a default that reads a later parameter not given sees an undefined name',
    '{% macro m(a=b, b=1) %}{{ a.x }}{% endmacro %}{{ m() }}',
  ],
  [
    'a default that reads a later parameter given, or an earlier default',
    '{% macro m(a=b, b=1) %}{{ a }}{% endmacro %}{{ m(b=3) }}|{{ m(1) }}{% macro k(a=1, b=a) %}{{ b }}{% endmacro %}|{{ k() }}',
  ],
  [
    'a default that reads an earlier parameter without a default, not given',
    '{% macro m(a, b=a) %}{{ b.x }}{% endmacro %}{{ m() }}',
  ],
  [
    'a call block default that reads a later parameter',
    '{% macro m(a=b, b=2) %}{{ a.x }}{{ caller() }}{% endmacro %}{% call m() %}c{% endcall %}',
  ],
  [
    'a macro parameter named varargs or kwargs is an ordinary parameter',
    '{% macro m(varargs) %}{{ varargs }}{% endmacro %}{% macro k(kwargs) %}{{ kwargs }}{% endmacro %}' +
      '{{ m(1) }} {{ k(2) }} [{{ m() }}] {{ m.catch_varargs }} {{ k.catch_kwargs }} {{ m.arguments }}',
  ],
  [
    'a macro with a parameter named varargs takes no extra positional arguments',
    '{% macro m(varargs) %}{{ varargs }}{% endmacro %}{{ m(1, 2) }}',
  ],
  [
    'a macro with a parameter named kwargs takes no extra keyword arguments',
    '{% macro m(kwargs) %}{{ kwargs }}{% endmacro %}{{ m(1, x=2) }}',
  ],
  [
    'a parameter named varargs leaves kwargs catching, and defaults for both names',
    '{% macro m(varargs) %}{{ varargs }}{{ kwargs }}{% endmacro %}{{ m(1, x=2) }} {{ m.catch_kwargs }}' +
      '{% macro d(kwargs=5, varargs=6) %}{{ varargs }}{{ kwargs }}{% endmacro %} {{ d() }} {{ d(kwargs=1) }}',
  ],
  ['a call block of range gets caller as a keyword it refuses', '{% call range(2) %}{% endcall %}'],
  [
    'a call block parameter named varargs',
    '{% macro m() %}{{ caller(1) }}{% endmacro %}{% call(varargs) m() %}{{ varargs }}{% endcall %}',
  ],
  ['macro sees template-level names', '{% set g = "global" %}{% macro f() %}{{ g }}{% endmacro %}{{ f() }}'],
  ['macro sees data names', '{% macro f() %}{{ name }}{% endmacro %}{{ f() }}', { name: 'data' }],
  [
    'macro set does not leak',
    '{% macro f() %}{% set inner = 1 %}{{ inner }}{% endmacro %}{{ f() }}[{{ inner }}]',
  ],
  ['macro result is markup-safe string text', '{% macro f() %}<b>{% endmacro %}{{ f() ~ "!" }}'],
  [
    'macro called in a loop',
    '{% macro item(x) %}<{{ x }}>{% endmacro %}{% for x in [1, 2] %}{{ item(x) }}{% endfor %}',
  ],
  [
    'macro calling another macro',
    '{% macro a() %}A{% endmacro %}{% macro b() %}[{{ a() }}]{% endmacro %}{{ b() }}',
  ],
  [
    'recursive macro',
    '{% macro fact(n) %}{% if n <= 1 %}1{% else %}{{ n * fact(n - 1)|int }}{% endif %}{% endmacro %}{{ fact(5) }}',
  ],
  ['macro with whitespace control', '{%- macro f(x) -%}\n  [{{ x }}]\n{%- endmacro -%}\n{{ f(1) }}'],
  [
    'macro attributes',
    '{% macro f(a, b) %}{{ caller is defined }}{% endmacro %}{{ f.name }} {{ f.arguments }} {{ f.catch_varargs }}',
  ],
  [
    'macro defined after use at top level is undefined',
    '{{ later is defined }}{% macro later() %}{% endmacro %}',
  ],
  ['macro output used as a filter input', '{% macro f() %}  padded  {% endmacro %}[{{ f()|trim }}]'],
  [
    'macro with a default referencing an earlier argument',
    '{% macro f(a, b=a * 2) %}{{ b }}{% endmacro %}{{ f(3) }}',
  ],
  [
    'call block passes caller',
    '{% macro box() %}[{{ caller() }}]{% endmacro %}{% call box() %}inside{% endcall %}',
  ],
  [
    'a call block with positional arguments, defaults that read caller, varargs and kwargs',
    '{% macro m(a, b=caller()) %}{{ a }}|{{ b }}|{{ caller() }}|{{ varargs }}|{{ kwargs }}{% endmacro %}' +
      '{% call m(1) %}body{% endcall %} {% call m(1, 2, 3) %}x{% endcall %}',
  ],
  [
    'a call block giving too many arguments, too few, and none to a macro of defaults',
    '{% macro m(a, b=2) %}{{ a }}{{ b }}{{ caller() }}{% endmacro %}{% call m() %}!{% endcall %}' +
      '{% call m(1) %}?{% endcall %}{% call m(1, 2, 3) %}x{% endcall %}',
  ],
  [
    'a call block with keyword arguments: one, three (caller the fourth keyword), one left over for kwargs, and in a loop',
    '{% macro m(a, b=2, c=3, d=4) %}{{ a }}{{ b }}{{ c }}{{ d }}<{{ caller() }}>{{ kwargs }}{% endmacro %}' +
      '{% call m(1, c=5) %}x{% endcall %}|{% call m(1, b=5, c=6, d=7) %}y{% endcall %}|{% call m(a=0, e=9) %}z{% endcall %}' +
      '{% for i in [1, 2] %}{% call m(i, d=i * 10) %}{{ i }}{% endcall %}{% endfor %}',
  ],
  [
    'a call block with keyword arguments to a macro without caller or kwargs, and caller given as a keyword',
    '{% macro m(a, b=2) %}{{ a }}{{ b }}{% endmacro %}{% macro k(x) %}{{ kwargs }}{% endmacro %}' +
      '{% call k(1, y=3) %}x{% endcall %}|{% call m(1, b=5) %}x{% endcall %}',
  ],
  [
    'a call block calls a macro taken from a variable, and data that is not callable',
    '{% macro m() %}<{{ caller() }}>{% endmacro %}{% set n = m %}{% call n() %}a{% endcall %}{% call d() %}b{% endcall %}',
    { d: 'text' },
  ],
  [
    'a call block whose macro nests calls past nothing, and a caller read as a value',
    '{% macro m() %}{{ caller }}{{ caller.name }}{{ caller.arguments }}{% endmacro %}{% call m() %}a{% endcall %}',
  ],
  [
    'call block with arguments to caller',
    '{% macro each(xs) %}{% for x in xs %}{{ caller(x) }}{% endfor %}{% endmacro %}{% call(x) each([1, 2]) %}<{{ x }}>{% endcall %}',
  ],
  [
    'caller called twice',
    '{% macro twice() %}{{ caller() }}{{ caller() }}{% endmacro %}{% call twice() %}ab{% endcall %}',
  ],
  [
    'call block sees outer names',
    '{% set who = "Ada" %}{% macro wrap() %}({{ caller() }}){% endmacro %}{% call wrap() %}{{ who }}{% endcall %}',
  ],
  [
    'macro without caller called with a call block is an error',
    '{% macro plain() %}x{% endmacro %}{% call plain() %}y{% endcall %}',
  ],
  ['filter block applies a filter', '{% filter upper %}hello {{ name }}{% endfilter %}', { name: 'ada' }],
  ['filter block with arguments', '{% filter replace("a", "o") %}banana{% endfilter %}'],
  ['filter block chained', '{% filter trim|title %}  hello world  {% endfilter %}'],
  [
    'filter block with a loop inside',
    '{% filter upper %}{% for x in "ab" %}{{ x }}{% endfor %}{% endfilter %}',
  ],
  ['filter block with an unknown filter is a syntax error', '{% filter nope %}x{% endfilter %}'],
  ['with block', '{% with x = 42 %}{{ x }}{% endwith %}'],
  ['with block with several targets', '{% with a = 1, b = "two" %}{{ a }}{{ b }}{% endwith %}'],
  ['nested with blocks', '{% with a = 1 %}{% with b = a + 1 %}{{ a }}{{ b }}{% endwith %}{% endwith %}'],
  ['with block without targets', '{% with %}plain{% endwith %}'],
  ['with block shadows and restores', '{% set x = "out" %}{% with x = "in" %}{{ x }}{% endwith %}{{ x }}'],
  ['macro without endmacro is a syntax error', '{% macro f() %}x'],
  ['macro with a non-name parameter is a syntax error', '{% macro f(1) %}{% endmacro %}'],
  ['macro caller attribute', '{% macro f() %}{{ f.caller }}{% endmacro %}{{ f.caller }}'],
  [
    'macro attributes by subscript',
    "{% macro f(a, b=1) %}{% endmacro %}{{ f['name'] }}|{{ f['arguments'] }}|{{ f['catch_kwargs'] }}",
  ],
  [
    'a macro parameter named caller takes the call block',
    '{% macro x(caller=none) %}[{% if caller %}{{ caller() }}{% endif %}]{% endmacro %}{{ x() }}{% call x() %}aha!{% endcall %}',
  ],
  [
    'a caller parameter after others, called every way',
    '{% macro x(a, caller=none) %}[{{ a }}{{ caller() if caller }}]{% endmacro %}{{ x(1) }}{{ x(1, none) }}{% call x(2) %}c{% endcall %}{{ x.caller }}',
  ],
  [
    'a caller parameter without a default is an assertion error',
    '{% macro x(caller) %}[{{ caller() }}]{% endmacro %}{{ x() }}',
  ],
  [
    'a caller parameter first without a default is an assertion error',
    '{% macro x(caller, a=1) %}{{ caller() }}{% endmacro %}',
  ],
  [
    'a call block parameter named caller needs a default',
    '{% macro x() %}{{ caller(1) }}{% endmacro %}{% call(caller) x() %}[{{ caller }}]{% endcall %}',
  ],
  [
    'a caller parameter the body never reads needs no default',
    '{% macro x(caller) %}[]{% endmacro %}{% call x() %}y{% endcall %}',
  ],
  [
    'a caller parameter the body assigns first needs no default',
    '{% macro x(caller) %}{% set caller = 3 %}{{ caller }}{% endmacro %}{{ x() }}',
  ],
  [
    'a macro that assigns caller before reading it takes no call block',
    '{% macro x() %}{% set caller = 3 %}{{ caller }}{% endmacro %}{% call x() %}y{% endcall %}',
  ],
  [
    'a nested macro parameter named caller hides the outer one',
    '{% macro x() %}{% macro y(caller) %}{% endmacro %}{{ caller() }}{% endmacro %}{% call x() %}y{% endcall %}',
  ],
  [
    'varargs read before a loop assigns it',
    '{% macro x() %}{{ varargs }}{% for varargs in [1] %}{{ varargs }}{% endfor %}{% endmacro %}{{ x(1, 2) }}',
  ],
  [
    'varargs only assigned takes no extra arguments',
    '{% macro x() %}{% for varargs in [1] %}{{ varargs }}{% endfor %}{% endmacro %}{{ x(1, 2) }}',
  ],
  [
    'kwargs only assigned takes no keywords',
    '{% macro x() %}{% set a, kwargs = 1, 2 %}{{ kwargs }}{% endmacro %}{{ x(b=1) }}',
  ],
  [
    'an unknown keyword fails before the defaults run',
    '{% macro m(a, b=x.y) %}{% endmacro %}{{ m(1, c=2) }}',
  ],
  [
    'too many arguments fail before the defaults run',
    '{% macro m(a, b=x.y) %}{% endmacro %}{{ m(1, c=2, *[3, 4]) }}',
  ],
  ['a default runs once the call is valid', '{% macro m(a, b=x.y) %}{{ b }}{% endmacro %}{{ m(a=1) }}'],
  [
    "a call block's caller comes after the call's keywords and before its ** ones",
    "{% macro m(a) %}{{ kwargs }}{% endmacro %}{% call m(1, z=2) %}b{% endcall %} {% call m(1, **{'z': 2}) %}b{% endcall %}" +
      " {% call m(1, y=1, **{'z': 2}) %}b{% endcall %}",
  ],
  [
    'a ** key that repeats a keyword of a call is a TypeError',
    "{% macro m(a) %}{{ kwargs }}{% endmacro %}{{ m(1, z=2, **{'z': 3}) }}",
  ],
  [
    'a ** caller in a call block is a TypeError',
    "{% macro m(a) %}{{ kwargs }}{% endmacro %}{% call m(1, **{'caller': 3}) %}b{% endcall %}",
  ],
  [
    'a ** key that repeats a keyword of a filter takes the later value',
    "{{ [1, 2]|join(d='-', **{'d': '+'}) }}",
  ],
]);
