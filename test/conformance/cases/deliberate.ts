import { type Case, rows } from '../case';

/**
 * One case (at least) for each difference from Jinja2 the engine makes on purpose (deliberate-differences.ts
 * says why), so the list stays true: a difference that no longer happens, or happens otherwise, fails.
 */
export const cases: Case[] = rows([
  ['the random filter is left out', '{{ [1]|random }}'],
  ['the lipsum global is left out', '{{ lipsum() }}'],
  ['map fails when the filter runs, not when the generator is used', "{{ (1)|map('upper') }}"],
  ['sameas compares numbers by value', '{{ 1.5 is sameas 1.5 }}'],
  ['sameas compares strings by value', '{{ x is sameas y }}', { x: 'ab', y: 'ab' }],
  ['a named Unicode escape is a syntax error', "{{ '\\N{BULLET}' }}"],
  ['autoescape true is a syntax error', "{% autoescape true %}{{ '<' }}{% endautoescape %}"],
  ['a required block is a syntax error', '{% block x required %}{% endblock %}'],
  ['unpacking in with is a syntax error', '{% with a, b = 1, 2 %}{{ a }}{% endwith %}'],
  ['unpacking in a block set is a syntax error', '{% set a, b %}x{% endset %}'],
  ['a negative float to a fractional power is a ValueError', '{{ (-8) ** 0.5 }}'],
  ['a float to a fractional power may differ in its last digit', '{{ 2 ** -2.5 }}'],
  ['include is not available', "{% include 'x.html' %}"],
  ['extends is not available', "{% extends 'base.html' %}"],
  ['import is not available', "{% import 'forms.html' as forms %}"],
  ['from import is not available', "{% from 'forms.html' import input %}"],
  ['str.encode fails', "{{ 'ab'.encode() }}"],
  [
    'a filter block whose filter gives a number fails without the position',
    'a {{ 1 }} {% filter length %}abc{% endfilter %}',
  ],
  [
    'a filter block whose filter gives an Undefined fails without the position',
    '{% filter first %}{% endfilter %}',
  ],
  ['a call block of dict() fails without the position', 'a{% call dict() %}{% endcall %}'],
  [
    'a filter block in a macro fails when the macro returns, before a later error',
    "{% macro m() %}{% filter length %}{% endfilter %}{% endmacro %}{{ m() }}{{ 1 + 'a' }}",
  ],
  [
    'a filter block in a block set fails at the end of the set, before a later error',
    "{% set x %}{% filter length %}{% endfilter %}{% endset %}{{ 1 + 'a' }}",
  ],
  [
    'a call block of namespace() through another name fails without the position',
    '{% set n = namespace %}{% call n(a=1) %}x{% endcall %}',
  ],
  ['a format width over the limit is a LimitError', "{{ '{:100001}'.format(1)|length }}"],
  ['an int over the limit is a LimitError', '{{ 2 ** 1000001 > 0 }}'],
  ['a block that calls itself by self is a LimitError', '{% block b %}{{ self.b() }}{% endblock %}'],
  ['break outside a loop is a TemplateSyntaxError', '{% break %}'],
  ['continue outside a loop is a TemplateSyntaxError', '{% if true %}{% continue %}{% endif %}'],
  ['a keyword given twice is a TemplateSyntaxError', '{{ dict(a=1, a=2) }}'],
  [
    'a slice inside a tuple subscript is a TemplateSyntaxError that says why',
    '{{ xs[-2, :2:-1] }}',
    { xs: [] },
  ],
  [
    'a name read only by a set block filter',
    "{% set x | replace('a', y) %}abc{% endset %}{{ x }}",
    { y: 'b' },
  ],
  ['a macro calling itself without end is a LimitError', '{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}'],
  ['a macro parameter named twice is reported by its name', '{% macro m(a, a) %}{% endmacro %}'],
  [
    'a dict literal of string keys takes no int key by a method of a computed name',
    "{% set m = 'setdefault' %}{{ {'a': 1}[m](1) }}",
  ],
  ['a data dict takes no int key', '{{ d.update({1: 2}) }}', { d: { a: 1 } }],
  ['an unknown filter with a keyword in an if', '{% if x|nope(a=1) %}{% endif %}'],
  ['an unknown filter after an or decided by a large constant', "{{ 'x' * 2000 or y|nope }}"],
  ['an infinite literal folded into a sum is used as it is', '{{ 1e400 + x }}', { x: 1 }],
  ['a NaN folded into a list is used as it is', "{{ ['nan'|float] + x }}", { x: [2] }],
  ['a NaN set from a fold prints', "{% set n = 'nan'|float %}{{ n }}"],
  ['subtracting from dict keys', "{{ {'a': 1}.keys() - ['a'] }}"],
  ['subtracting dict items from a list', "{{ [1] - {'a': 1}.items() }}"],
  ['looping over loop', '{% for x in [1, 2, 3] %}{% for y in loop %}{{ y }}{% endfor %};{% endfor %}'],
  [
    'a NaN in a list does not match itself',
    '{% set x = n|float %}{{ x in [x] }} {{ [x] == [x] }} {{ [x].count(x) }}',
    { n: 'nan' },
  ],
]);
