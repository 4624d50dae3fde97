import { type Case, rows } from '../case';

/** `if` / `elif` / `else` blocks. */
export const cases: Case[] = rows([
  ['if true renders the body', '{% if x %}yes{% endif %}', { x: true }],
  ['if false renders nothing', '[{% if x %}yes{% endif %}]', { x: false }],
  ['else branch', '{% if x %}yes{% else %}no{% endif %}', { x: 0 }],
  ['elif branch', '{% if x == 1 %}one{% elif x == 2 %}two{% else %}many{% endif %}', { x: 2 }],
  ['first true elif wins', '{% if false %}a{% elif true %}b{% elif true %}c{% endif %}'],
  [
    'many elifs fall to else',
    '{% if x == 1 %}1{% elif x == 2 %}2{% elif x == 3 %}3{% else %}?{% endif %}',
    { x: 9 },
  ],
  ['elif without else renders nothing when false', '[{% if false %}a{% elif false %}b{% endif %}]'],
  ['nested if', '{% if a %}A{% if b %}B{% else %}b{% endif %}{% endif %}', { a: 1, b: 0 }],
  ['if on a comparison', '{% if n > 10 %}big{% else %}small{% endif %}', { n: 11 }],
  ['if on a test', '{% if n is even %}even{% else %}odd{% endif %}', { n: 4 }],
  ['if on a filter', '{% if name|length > 3 %}long{% endif %}', { name: 'Alice' }],
  ['if with and/or', '{% if a and (b or c) %}yes{% else %}no{% endif %}', { a: 1, b: 0, c: 1 }],
  ['if with not', '{% if not a %}no a{% endif %}', { a: '' }],
  [
    'if on a missing value',
    '{% if user.nickname %}{{ user.nickname }}{% else %}{{ user.name }}{% endif %}',
    { user: { name: 'Ada' } },
  ],
  ['if defined', '{% if x is defined %}d{% else %}u{% endif %}'],
  ['if in', "{% if 'a' in xs %}has a{% endif %}", { xs: ['a', 'b'] }],
  ['if keeps whitespace in its body', '{% if true %}  a  {% endif %}'],
  ['if with whitespace control', 'x\n{%- if true %}\n  y\n{%- endif %}\nz'],
  ['if body with an output', '{% if x %}{{ x * 2 }}{% endif %}', { x: 21 }],
  [
    'if with an inline else expression inside',
    "{% if x %}{{ 'a' if y else 'b' }}{% endif %}",
    { x: 1, y: 0 },
  ],
  ['endif without if is a syntax error', 'a{% endif %}'],
  ['if without endif is a syntax error', '{% if x %}a'],
  ['else after else is a syntax error', '{% if x %}a{% else %}b{% else %}c{% endif %}'],
  ['elif after else is a syntax error', '{% if x %}a{% else %}b{% elif y %}c{% endif %}'],
  ['if without a condition is a syntax error', '{% if %}a{% endif %}'],
  ['comparing an undefined in if is false, not an error', '{% if missing == 1 %}a{% else %}b{% endif %}'],
  ['ordering an undefined in if is an error', '{% if missing > 1 %}a{% endif %}'],
]);
