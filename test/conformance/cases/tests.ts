import { type Case, rows } from '../case';

/** Every built-in test, in the `is` form and through `select`. */
export const cases: Case[] = rows([
  ['defined', '{{ x is defined }} {{ missing is defined }}', { x: null }],
  [
    'members tested for being defined in a loop: present, None, missing, a dict method name, a constructor key',
    "{% for item in items %}{% if item.a is defined %}a{% endif %}{% if item['b'] is undefined %}!b{% endif %}" +
      '{% if not item.items is defined %}-{% endif %}{% if item.constructor is defined %}c{% endif %}' +
      '{{ item.a is defined and item.a is not none }}{{ item.missing is undefined }};{% endfor %}',
    { items: [{ a: 1, b: 2 }, { a: null }, {}, { constructor: 1, a: 0 }, 'text', [1], 5] },
  ],
  [
    'a member of an undefined variable tested for being defined is an error',
    '{% for x in [1] %}{% set y = missing %}{% if y.a is defined %}yes{% endif %}{% endfor %}',
  ],
  ['undefined', '{{ x is undefined }} {{ missing is undefined }}', { x: 0 }],
  ['is not defined', '{{ missing is not defined }}'],
  [
    'defined on a missing attribute',
    '{{ user.age is defined }} {{ user.name is defined }}',
    { user: { name: 'a' } },
  ],
  ['none', '{{ x is none }} {{ 0 is none }} {{ missing is none }}', { x: null }],
  ['boolean', '{{ true is boolean }} {{ 1 is boolean }} {{ none is boolean }}'],
  ['false test', '{{ false is false }} {{ 0 is false }}'],
  ['true test', '{{ true is true }} {{ 1 is true }}'],
  ['integer', '{{ 1 is integer }} {{ 1.0 is integer }} {{ true is integer }} {{ (2 ** 70) is integer }}'],
  ['float', '{{ 1.5 is float }} {{ 1 is float }} {{ (10 / 5) is float }}'],
  ['number', "{{ 1 is number }} {{ 1.5 is number }} {{ true is number }} {{ '1' is number }}"],
  ['string', "{{ 'a' is string }} {{ 1 is string }} {{ ('a'|e) is string }}"],
  ['mapping', '{{ {} is mapping }} {{ [] is mapping }} {{ d is mapping }}', { d: { a: 1 } }],
  [
    'sequence',
    "{{ [] is sequence }} {{ 'a' is sequence }} {{ {} is sequence }} {{ 1 is sequence }} {{ (1,) is sequence }}",
  ],
  [
    'iterable',
    "{{ [] is iterable }} {{ 'a' is iterable }} {{ {} is iterable }} {{ 1 is iterable }} {{ range(2) is iterable }}",
  ],
  [
    'callable',
    "{{ range is callable }} {{ 'a'.upper is callable }} {{ 'a' is callable }} {{ namespace is callable }}",
  ],
  ['callable macro', '{% macro m() %}{% endmacro %}{{ m is callable }}'],
  ['odd and even', '{{ 3 is odd }} {{ 3 is even }} {{ 0 is even }} {{ -3 is odd }}'],
  ['odd on a string is an error', "{{ 'a' is odd }}"],
  [
    'odd and even on every kind of number',
    '{{ [-4, -3, 0, 7, 2 ** 60 + 1, 2 ** 70, 2.0, 3.0, 2.5, -1.5, true, false, 9007199254740993]|map("string")|join(" ") }}: ' +
      '{% for n in [-4, -3, 0, 7, 2 ** 60 + 1, 2 ** 70, 2.0, 3.0, 2.5, -1.5, true, false, 9007199254740993] %}{{ n is odd }}/{{ n is even }} {% endfor %}',
  ],
  ['divisibleby', '{{ 9 is divisibleby 3 }} {{ 9 is divisibleby(4) }} {{ 0 is divisibleby 5 }}'],
  ['divisibleby zero is an error', '{{ 1 is divisibleby 0 }}'],
  ['lower', "{{ 'abc' is lower }} {{ 'aBc' is lower }} {{ '123' is lower }}"],
  ['upper', "{{ 'ABC' is upper }} {{ 'AbC' is upper }}"],
  ['lower on a number is false', '{{ 1 is lower }}'],
  ['sameas', '{{ none is sameas none }} {{ true is sameas true }} {{ x is sameas x }}', { x: [1] }],
  ['sameas on small ints', '{{ 1 is sameas 1 }}'],
  ['escaped', "{{ 'a' is escaped }} {{ ('a'|e) is escaped }} {{ ('a'|safe) is escaped }}"],
  ['in test', "{{ 1 is in [1, 2] }} {{ 'b' is in 'abc' }} {{ 3 is in [1] }}"],
  ['eq and equalto', "{{ 1 is eq 1 }} {{ 'a' is equalto 'b' }}"],
  ['ne', '{{ 1 is ne 2 }} {{ 1 is ne 1 }}'],
  ['gt and greaterthan', '{{ 2 is gt 1 }} {{ 1 is greaterthan 1 }}'],
  ['ge', '{{ 2 is ge 2 }} {{ 1 is ge 2 }}'],
  ['lt and lessthan', '{{ 1 is lt 2 }} {{ 2 is lessthan 1 }}'],
  ['le', '{{ 2 is le 2 }} {{ 3 is le 2 }}'],
  [
    'operator-named tests through select',
    "{{ [1, 2, 3]|select('==', 2)|list }} {{ [1, 2, 3]|select('!=', 2)|list }} {{ [1, 2, 3]|select('>=', 2)|list }} {{ [1, 2, 3]|select('<', 2)|list }} {{ [1, 2, 3]|select('<=', 2)|list }}",
  ],
  ['operator-named tests are not valid after is', '{{ 2 is == 2 }}'],
  ['filter test', "{{ 'upper' is filter }} {{ 'nope' is filter }}"],
  ['test test', "{{ 'odd' is test }} {{ 'nope' is test }}"],
  ['is not negates', '{{ 2 is not odd }} {{ none is not none }}'],
  ['test with a parenthesised argument', '{{ 10 is divisibleby(5) }}'],
  ['test with a keyword argument', '{{ 10 is divisibleby(num=5) }}'],
  ['test binds tighter than and', '{{ 1 is odd and 2 is even }}'],
  ['not with a test', '{{ not 1 is odd }}'],
  ['test of a filter result', "{{ 'abc'|length is odd }}"],
  ['test with a string argument without parentheses', "{{ 'a' is eq 'a' }}"],
  ['test result in arithmetic', '{{ (3 is odd) + 1 }}'],
  ['unknown test is an error', '{{ 1 is nope }}'],
  ['test comparing mixed types is an error', "{{ 1 is lt 'a' }}"],
  [
    'comparison tests compare as the operators do, in ifs and outputs',
    '{% for x in [1, 2.0, 2, 2.5, true, false, -0.0] %}{% if x is le 2 %}le{% elif x is gt 2.25 %}gt{% endif %} {% endfor %}' +
      "{% for x in [1, 2.0, 2, 'b', true, none, [1], (2,)] %}" +
      "{% if x is equalto 'b' %}b{% elif x is ne none %}ne{% else %}none{% endif %}:" +
      '{{ x is eq 2 }}/{{ x is ne 2.0 }}/{{ x is ne(1) }} {% endfor %}',
  ],
  ['comparison test of an undefined value', '{% if missing is lt 3 %}yes{% endif %}'],
  ['comparison test against an undefined value', '{{ 3 is greaterthan missing }}'],
  [
    'comparison test of lists and strings',
    "{{ [1, 2] is lt [1, 3] }} {{ 'abc' is ge 'abd' }} {{ (1,) is eq [1] }}",
  ],
  [
    'defined in an if with else',
    '{% if user is defined and user.name is defined %}{{ user.name }}{% else %}anon{% endif %}',
    { user: { name: 'Ada' } },
  ],
  [
    'select by each test',
    "{{ [1, 'a', none, 2.5, [1], {}]|select('number')|list }} {{ [1, 'a', none]|select('string')|list }} {{ [1, none]|select('none')|list }}",
  ],
  ['reject by undefined', '{{ [1, 2]|reject("undefined")|list }}'],
  // Binding in both paths: a test written after `is`, and one called by name from select, reject or
  // selectattr (the messages are checked in packages/core/test/filters-binding.test.ts).
  ['operator test with a keyword is an error', '{{ 1 is eq(b=1) }}'],
  ['operator test alias with a keyword is an error', '{{ 1 is equalto(b=1) }}'],
  ['operator test with a positional and a keyword is an error', '{{ 1 is lt(1, b=1) }}'],
  ['operator test with a keyword given by ** is an error', "{{ 1 is ne(**{'b': 1}) }}"],
  ['select by an operator test with a keyword is an error', "{{ [1]|select('eq', b=1)|list }}"],
  ['reject by an operator-named test with a keyword is an error', "{{ [1]|reject('==', b=1)|list }}"],
  [
    'selectattr by an operator test with a keyword is an error',
    "{{ [{'x': 1}]|selectattr('x', 'gt', b=0)|list }}",
  ],
  ['operator test without its argument is an error', '{{ 1 is eq }}'],
  ['select by an operator test without its argument is an error', "{{ [1]|select('ge')|list }}"],
  ['operator test with too many arguments is an error', '{{ 1 is eq(1, 2) }}'],
  ['select by an operator test with too many arguments is an error', "{{ [1]|select('ne', 1, 2)|list }}"],
  ['operator test with a positional argument given by *', '{{ 1 is eq(*[1]) }}'],
  ['test with an unknown keyword is an error', '{{ 1 is odd(x=1) }}'],
  ['select by a test with an unknown keyword is an error', "{{ [1]|select('divisibleby', 1, x=2)|list }}"],
  ['test with too many positional arguments is an error', '{{ 1 is divisibleby(1, 2) }}'],
  ['select by a test with too many positional arguments is an error', "{{ [1]|select('odd', 1)|list }}"],
  ['test missing its required argument is an error', '{{ 1 is in }}'],
  ['select by a test missing its required argument is an error', "{{ [1]|select('sameas')|list }}"],
  ['test with a duplicate argument is an error', '{{ 1 is divisibleby(1, num=1) }}'],
  [
    'reject by a test with a duplicate argument is an error',
    "{{ [1]|reject('divisibleby', 1, num=1)|list }}",
  ],
  ['test with a keyword naming its value parameter is an error', '{{ 1 is divisibleby(value=1) }}'],
  ['callable test with a keyword is an error', '{{ 1 is callable(x=1) }}'],
  ['select by a test bound by keyword', "{{ [1, 2]|select('divisibleby', num=1)|list }}"],
  ['reject by a test bound by keyword', "{{ [1, 2, 3]|reject('in', seq=[2])|list }}"],
  [
    'test bound by keyword, more',
    '{{ 1 is divisibleby(num=1) }} {{ 1 is in(seq=[1]) }} {{ 1 is sameas(other=1) }}',
  ],
  [
    'operator test that cannot bind is not an error when not run',
    '{% if false %}{{ 1 is eq(b=1) }}{% endif %}ok',
  ],
  ['select by an operator test with a keyword on an empty list', "{{ []|select('eq', b=1)|list }}"],
  [
    'loop is iterable and callable',
    '{% for a in [1, 2] %}{{ loop is iterable }}|{{ loop is callable }};{% endfor %}',
  ],
  [
    'a cycler is not callable, a joiner is',
    '{{ cycler(1) is callable }} {{ joiner() is callable }} {{ namespace() is iterable }}',
  ],
]);
