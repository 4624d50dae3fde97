import { type Case, rows } from '../case';

/** `for` loops: iteration, the `loop` variable, filters, `else`, `break`/`continue` and recursion. */
export const cases: Case[] = rows([
  ['loop over a list', '{% for x in xs %}{{ x }},{% endfor %}', { xs: [1, 2, 3] }],
  ['loop over an empty list renders nothing', '[{% for x in xs %}{{ x }}{% endfor %}]', { xs: [] }],
  ['loop over a string yields characters', "{% for c in 'a😀c' %}[{{ c }}]{% endfor %}"],
  ['loop over a dict yields keys', '{% for k in d %}{{ k }};{% endfor %}', { d: { b: 1, a: 2 } }],
  [
    'loop over dict items unpacks',
    '{% for k, v in d.items() %}{{ k }}={{ v }};{% endfor %}',
    { d: { b: 1, a: 2 } },
  ],
  [
    'loop over dict items with parentheses',
    '{% for (k, v) in d.items() %}{{ k }}{{ v }}{% endfor %}',
    { d: { a: 1 } },
  ],
  ['loop over dict values', '{% for v in d.values() %}{{ v }}{% endfor %}', { d: { a: 1, b: 2 } }],
  ['loop over a range', '{% for i in range(3) %}{{ i }}{% endfor %}'],
  ['loop over a range with start and step', '{% for i in range(10, 0, -3) %}{{ i }} {% endfor %}'],
  ['loop over a tuple', '{% for x in (1, 2) %}{{ x }}{% endfor %}'],
  ['loop over pairs unpacks', '{% for a, b in [[1, 2], [3, 4]] %}{{ a + b }} {% endfor %}'],
  ['unpacking the wrong count is a ValueError', '{% for a, b in [[1, 2, 3]] %}{{ a }}{% endfor %}'],
  ['loop over undefined renders nothing', '[{% for x in missing %}{{ x }}{% endfor %}]'],
  ['loop over none is a TypeError', '{% for x in n %}{{ x }}{% endfor %}', { n: null }],
  ['loop over an int is a TypeError', '{% for x in 5 %}{{ x }}{% endfor %}'],
  ['loop.index and index0', '{% for x in "abc" %}{{ loop.index }}{{ loop.index0 }} {% endfor %}'],
  ['loop.revindex and revindex0', '{% for x in "abc" %}{{ loop.revindex }}{{ loop.revindex0 }} {% endfor %}'],
  ['loop.first and loop.last', '{% for x in "abc" %}{{ loop.first }}/{{ loop.last }} {% endfor %}'],
  [
    'loop.first and loop.last as conditions',
    "{% for x in 'abcd' %}{% if loop.first %}F{% elif loop.last %}L{% else %}-{% endif %}{% endfor %}",
  ],
  [
    'loop.first and loop.last of a one-item loop, and negated',
    '{% for x in [1] %}{% if loop.first and loop.last %}only{% endif %}{% if not loop.last %}!{% endif %}{% endfor %}',
  ],
  [
    'loop.first and loop.last of a filtered loop',
    '{% for x in [1, 2, 3, 4] if x is even %}{% if loop.first %}<{% endif %}{{ x }}{% if loop.last %}>{% endif %}{% endfor %}',
  ],
  [
    "an outer loop's loop.first and loop.last inside an inner loop",
    "{% for x in 'ab' %}{% for y in 'cd' %}{% if loop.first %}{{ x }}{% endif %}{% endfor %}{% endfor %}",
  ],
  [
    'loop.first in an if and loop.last in an expression',
    "{% for x in 'abc' %}{{ 'end' if loop.last else x }}{% if loop.first %}!{% endif %}{% endfor %}",
  ],
  [
    'loop.depth, previtem and nextitem of a recursive loop',
    '{% for x in [[1, 2], [3]] recursive %}{{ loop.depth }}{{ loop.depth0 }}{% if x is iterable %}({{ loop(x) }}){% else %}{{ loop.previtem }}{{ loop.nextitem }}{% endif %}{% endfor %}',
  ],
  ['loop.length', '{% for x in "abc" %}{{ loop.length }}{% endfor %}'],
  [
    'loop attributes by subscript',
    `{% for x in "abc" %}{{ loop['index'] }}{{ loop['last'] }}{{ loop['revindex0'] }} {% endfor %}`,
  ],
  [
    'loop and cycler attributes through the attr filter',
    "{% for x in 'ab' %}{{ loop|attr('index') }}{% endfor %}{% set c = cycler(1, 2) %}{{ c|attr('current') }}",
  ],
  ['a loop attribute by a computed subscript', `{% for x in "ab" %}{{ loop['len' ~ 'gth'] }}{% endfor %}`],
  ['loop.previtem and nextitem', '{% for x in "abc" %}({{ loop.previtem }}|{{ loop.nextitem }}){% endfor %}'],
  [
    'loop.previtem is undefined on the first pass',
    '{% for x in "ab" %}{{ loop.previtem is defined }}{% endfor %}',
  ],
  ['loop.depth and depth0', '{% for x in "ab" %}{{ loop.depth }}{{ loop.depth0 }}{% endfor %}'],
  ['loop.cycle alternates', "{% for x in range(5) %}{{ loop.cycle('odd', 'even') }} {% endfor %}"],
  ['loop.cycle with three values', "{% for x in range(4) %}{{ loop.cycle('a', 'b', 'c') }}{% endfor %}"],
  ['loop.cycle with no values is a TypeError', '{% for x in range(2) %}{{ loop.cycle() }}{% endfor %}'],
  ['loop.changed reports changes', '{% for x in [1, 1, 2, 2, 1] %}{{ loop.changed(x) }} {% endfor %}'],
  ['loop.changed with two arguments', '{% for x in [1, 1, 2] %}{{ loop.changed(x, 0) }} {% endfor %}'],
  [
    'loop.changed for group headers',
    '{% for u in users %}{% if loop.changed(u.city) %}[{{ u.city }}]{% endif %}{{ u.name }} {% endfor %}',
    {
      users: [
        { city: 'A', name: 'x' },
        { city: 'A', name: 'y' },
        { city: 'B', name: 'z' },
      ],
    },
  ],
  ['loop variable printed directly', '{% for x in [1] %}{{ loop is defined }}{% endfor %}'],
  ['loop.index in arithmetic', '{% for x in "ab" %}{{ loop.index * 10 }}{% endfor %}'],
  ['unknown loop attribute is undefined', '{% for x in "a" %}[{{ loop.nope }}]{% endfor %}'],
  ['loop filter with if', '{% for x in range(10) if x is odd %}{{ x }}{% endfor %}'],
  [
    'a loop filter reading the outer loop and an outer name the body prints too',
    '{% set n = 2 %}{% for a in [1, 2] %}{% for b in [1, 2, 3] if b != loop.index and b != n %}{{ a }}{{ b }}{{ n }} {% endfor %}{% endfor %}',
  ],
  [
    'a filtered loop over pairs, and one whose body calls a macro with the item',
    "{% macro m(x) %}<{{ x }}>{% endmacro %}{% for k, v in {'a': 1, 'b': 2}|dictsort if v > 1 %}{{ k }}{% endfor %}{% for x in 'abc' if x != 'b' %}{{ m(x) }}{% endfor %}",
  ],
  [
    'loop filter changes loop.index and length',
    '{% for x in range(10) if x > 6 %}{{ loop.index }}/{{ loop.length }} {% endfor %}',
  ],
  [
    'loop filter with last',
    '{% for x in [1, 2, 3, 4] if x < 3 %}{{ x }}{% if not loop.last %},{% endif %}{% endfor %}',
  ],
  ['for else on an empty sequence', '{% for x in [] %}{{ x }}{% else %}empty{% endfor %}'],
  ['for else skipped when items exist', '{% for x in [1] %}{{ x }}{% else %}empty{% endfor %}'],
  [
    'for else when the filter rejects everything',
    '{% for x in [1, 2] if x > 5 %}{{ x }}{% else %}none{% endfor %}',
  ],
  ['for else on undefined', '{% for x in missing %}{{ x }}{% else %}nothing{% endfor %}'],
  [
    'break stops the loop',
    '{% for x in range(10) %}{% if x == 3 %}{% break %}{% endif %}{{ x }}{% endfor %}',
  ],
  [
    'continue skips an item',
    '{% for x in range(5) %}{% if x is even %}{% continue %}{% endif %}{{ x }}{% endfor %}',
  ],
  [
    'a loop over select pulls each item as it reaches it: break comes before a later failing test',
    "{% for x in xs|select('gt', 2) %}{{ x }}{% break %}{% endfor %}",
    { xs: [3, 'a'] },
  ],
  [
    'loop.last over a map chain looks one item ahead, and its failing step fails there',
    "{% for x in xs|map('abs') %}{{ x }}{% if loop.last %}.{% endif %}{% if x > 1 %}{% break %}{% endif %}{% endfor %}",
    { xs: [-1, -2, 'a'] },
  ],
  [
    'loop.length over a select chain pulls the rest, and loop.nextitem one more',
    "{% for x in xs|select('odd') %}{{ x }}{{ loop.nextitem }}/{{ loop.length }},{% endfor %}",
    { xs: [1, 2, 3, 5, 6] },
  ],
  [
    'a body failing on an item comes before a failing step of a later one',
    "{% for x in xs|map('abs') %}{{ x ~ '' + 1 }}{% endfor %}",
    { xs: [1, 'a'] },
  ],
  [
    'a filtered loop with loop.last tests the next item ahead, and break stops before the rest',
    '{% for x in xs if x > 1 %}{{ x }}{{ loop.last }}{% break %}{% endfor %}',
    { xs: [2, 3, 'a'] },
  ],
  [
    'a loop over select with an argument from a variable pulls each item too: break before a failing test',
    "{% for x in xs|selectattr('a', 'gt', n) %}{{ x.a }}{% break %}{% endfor %}",
    { xs: [{ a: 3 }, { a: 'b' }], n: 2 },
  ],
  [
    'a chain with a filter named by a variable fails on the item it reaches, after the bodies before it',
    '{% for x in xs|map(f) %}{{ x }},{% endfor %}',
    { xs: [-1, 'a'], f: 'abs' },
  ],
  [
    'a body that changes a later item is seen by map over the chain',
    "{% for x in xs|map(attribute='n') %}{{ x }}{% if loop.first %}{% set _ = xs[1].update({'n': 9}) %}{% endif %}{% endfor %}",
    { xs: [{ n: 1 }, { n: 2 }] },
  ],
  ['break with the else branch skipped', '{% for x in [1, 2] %}{% break %}{% else %}E{% endfor %}done'],
  [
    'break inside a nested loop only breaks the inner loop',
    '{% for a in [1, 2] %}{% for b in [1, 2, 3] %}{% if b == 2 %}{% break %}{% endif %}{{ a }}{{ b }} {% endfor %}{% endfor %}',
  ],
  [
    'break in a filter block leaves the loop and drops the block text',
    '{% for i in [1, 2, 3] %}{% filter upper %}a{{ i }}{% if i == 2 %}{% break %}{% endif %}b{% endfilter %}-{% endfor %}',
  ],
  [
    'continue in a filter block skips the rest of the block and of the loop body',
    '{% for i in [1, 2, 3] %}{% filter upper %}a{{ i }}{% if i == 2 %}{% continue %}{% endif %}b{% endfilter %}-{% endfor %}',
  ],
  [
    'break in a filter block does not evaluate the filter or its arguments',
    "{% for i in [1, 2] %}{% filter replace(x.y.z, 'q') %}a{% break %}{% endfilter %}{% endfor %}ok",
  ],
  [
    'continue in nested filter blocks drops both',
    '{% for i in [1, 2, 3] %}{% filter upper %}{% filter lower %}A{{ i }}{% if i == 2 %}{% continue %}{% endif %}B{% endfilter %}C{% endfilter %}D{% endfor %}',
  ],
  [
    'continue in a filter block inside with',
    '{% for i in [1, 2, 3] %}{% with %}{% filter upper %}a{% if i == 2 %}{% continue %}{% endif %}{% endfilter %}{% endwith %}{{ i }}{% endfor %}',
  ],
  [
    'break in a filter block of an inner loop only leaves the inner loop',
    '{% for i in [1, 2] %}{% for j in [1, 2] %}{% filter upper %}{% if j == 2 %}{% break %}{% endif %}j{{ j }}{% endfilter %}{% endfor %}{{ i }}{% endfor %}',
  ],
  [
    'continue in a filter block of a recursive loop',
    '{% for i in [1, 2] recursive %}{% filter upper %}a{% continue %}{% endfilter %}{{ i }}{% endfor %}.',
  ],
  [
    'break in a block set leaves the loop without assigning',
    '{% for i in [1, 2, 3] %}{% set s %}{% if i == 2 %}{% break %}{% endif %}{{ i }}{% endset %}{{ s }}{% endfor %}',
  ],
  [
    'break in a block set of a namespace attribute keeps the value before',
    "{% set ns = namespace(v='init') %}{% for i in [1, 2, 3] %}{% set ns.v %}{{ i }}{% if i == 2 %}{% break %}{% endif %}{% endset %}{% endfor %}{{ ns.v }}",
  ],
  [
    'continue in a filtered block set skips the filter and the assignment',
    '{% for i in [1, 2, 3] %}{% set s | length %}{% if i == 2 %}{% continue %}{% endif %}ab{% endset %}{{ s }}{% endfor %}',
  ],
  [
    "continue in an inner loop's else skips the rest of the else and of the outer body",
    '{% for i in [1, 2] %}{% for j in [] %}{% else %}A{% continue %}X{% endfor %}Y{% endfor %}',
  ],
  [
    "break in an inner loop's else leaves the outer loop",
    '{% for i in [1, 2] %}{% for j in [] %}{% else %}{% break %}X{% endfor %}Y{% endfor %}Z',
  ],
  [
    "continue in an inner loop's else inside a filter block drops the block",
    '{% for i in [1, 2] %}{% filter upper %}{% for j in [] %}{% else %}a{% continue %}{% endfor %}b{% endfilter %}Y{% endfor %}',
  ],
  [
    "continue in a filter block inside an inner loop's else",
    '{% for i in [1, 2] %}{% for j in [] %}{% else %}{% filter upper %}a{% continue %}{% endfilter %}X{% endfor %}Y{% endfor %}',
  ],
  [
    'break in a filter block outside a loop is a syntax error',
    '{% filter upper %}{% break %}{% endfilter %}',
  ],
  [
    'a loop body that binds loop (with target) before reading it has no loop variable',
    '{% for x in [1, 2] %}{% with loop = loop.index %}{{ loop }}{% endwith %}{% endfor %}',
  ],
  [
    'a loop body that binds loop as a macro parameter first has no loop variable',
    '{% for x in [1, 2] %}{% macro m(loop) %}{% endmacro %}{{ loop.index }}{% endfor %}',
  ],
  [
    'a loop body that binds loop as a call-block parameter first has no loop variable',
    '{% macro m() %}{{ caller() }}{% endmacro %}{% for x in [1, 2] %}{% call(loop) m() %}{% endcall %}{{ loop.index }}{% endfor %}',
  ],
  [
    'a loop body that binds loop first reads the render variable loop',
    '{% for x in [1, 2] %}{% with loop = 5 %}{{ loop }}{% endwith %}{{ loop }}{% endfor %}',
    { loop: 'D' },
  ],
  [
    'an outer loop whose inner loop binds loop first has no loop variable either',
    '{% for x in [1, 2] %}{% for y in [1] %}{% with loop = 5 %}{% endwith %}{{ loop.index }}{% endfor %}{% endfor %}',
  ],
  [
    'with two targets, loop read by the first value is the outer one: none',
    '{% for x in [1, 2] %}{% with a = loop.index, loop = 3 %}{{ a }}{{ loop }}{% endwith %}{% endfor %}',
  ],
  [
    'a loop body that reads loop before binding it has the loop variable',
    '{% for x in [1, 2] %}{{ loop.index }}{% with loop = 5 %}{{ loop }}{% endwith %}{% endfor %}' +
      '{% for x in [1, 2] %}{% macro m(a=loop) %}{{ a.index }}{% endmacro %}{{ m() }}{% endfor %}',
  ],
  [
    'a recursive loop always has the loop variable',
    '{% for x in [1, 2] recursive %}{% with loop = 5 %}{{ loop }}{% endwith %}{{ loop.index }}{% endfor %}',
  ],
  [
    'nested loops with their own loop variables',
    '{% for a in "ab" %}{% for b in "xy" %}{{ loop.index }}{{ a }}{{ b }} {% endfor %}{{ loop.index }}|{% endfor %}',
  ],
  [
    'outer loop through a set variable',
    '{% for a in "ab" %}{% set outer = loop %}{% for b in "xy" %}{{ outer.index }}{{ loop.index }} {% endfor %}{% endfor %}',
  ],
  [
    'loop variable shadows a data name and is restored',
    '{{ x }}{% for x in [1, 2] %}{{ x }}{% endfor %}{{ x }}',
    { x: 'outer' },
  ],
  ['loop variable does not leak', '{% for x in [1, 2] %}{% endfor %}[{{ x }}]'],
  [
    'loop over a list of dicts',
    '{% for u in users %}{{ u.name }}:{{ u.age }} {% endfor %}',
    {
      users: [
        { name: 'a', age: 1 },
        { name: 'b', age: 2 },
      ],
    },
  ],
  ['loop over a filtered sequence', '{% for x in xs|sort|reverse %}{{ x }}{% endfor %}', { xs: [2, 3, 1] }],
  [
    'loop over a list literal with an inline if',
    "{% for x in [1, 2, 3] %}{{ 'even' if x is even else 'odd' }} {% endfor %}",
  ],
  [
    'recursive loop over a tree',
    '{% for item in tree recursive %}<{{ item.name }}{% if item.children %}:{{ loop(item.children) }}{% endif %}>{% endfor %}',
    {
      tree: [
        {
          name: 'a',
          children: [
            { name: 'b', children: [] },
            { name: 'c', children: [{ name: 'd' }] },
          ],
        },
        { name: 'e' },
      ],
    },
  ],
  [
    'recursive loop depth',
    '{% for item in tree recursive %}{{ loop.depth }}{{ item.n }}{% if item.c %}[{{ loop(item.c) }}]{% endif %}{% endfor %}',
    { tree: [{ n: 'a', c: [{ n: 'b', c: [{ n: 'c' }] }] }] },
  ],
  ['calling loop() without recursive is an error', '{% for x in [[1]] %}{{ loop(x) }}{% endfor %}'],
  [
    'loop() with no argument fails as Python binds the call, recursive or not',
    '{% for x in [1] %}{{ loop() }}{% endfor %}',
  ],
  ['loop() with no argument in a recursive loop', '{% for x in [1] recursive %}{{ loop() }}{% endfor %}'],
  ['loop() with an unknown keyword', "{% for a in 'x' recursive %}{{ loop(c=1) }}{% endfor %}"],
  ['loop() with an unknown keyword, not recursive', "{% for a in 'x' %}{{ loop(c=1) }}{% endfor %}"],
  [
    'loop() takes its argument as the keyword iterable',
    '{% for a in [[]] recursive %}{{ loop(iterable=a) }}.{% endfor %}',
  ],
  ['loop() with two positional arguments', '{% for a in [[]] recursive %}{{ loop(a, 2) }}.{% endfor %}'],
  ['loop() with iterable given twice', '{% for a in [[]] recursive %}{{ loop(a, iterable=2) }}.{% endfor %}'],
  [
    'loop() reports an unknown keyword before extra positional arguments',
    '{% for a in [[]] recursive %}{{ loop(a, 2, c=1) }}.{% endfor %}',
  ],
  ['loop unpacking three names', '{% for a, b, c in [(1, 2, 3)] %}{{ c }}{{ b }}{{ a }}{% endfor %}'],
  ['loop over a string with whitespace control', '{%- for c in "abc" -%}\n  {{ c }}\n{%- endfor -%}'],
  [
    'loop over zip-like pairs via a dict',
    '{% for k in d|sort %}{{ k }}{{ d[k] }}{% endfor %}',
    { d: { z: 1, a: 2 } },
  ],
  [
    'loop.last with an else after it',
    '{% for x in [1, 2] %}{{ x }}{% if loop.last %}!{% endif %}{% else %}none{% endfor %}',
  ],
  ['loop over loop.length inside a filter', '{% for x in range(3) if x != loop %}{{ x }}{% endfor %}'],
  ['endfor missing is a syntax error', '{% for x in y %}a'],
  ['for without in is a syntax error', '{% for x %}a{% endfor %}'],
  ['for over a set variable', '{% set xs = [3, 1] %}{% for x in xs %}{{ x }}{% endfor %}'],
  [
    'loop index inside nested if',
    '{% for x in "abcd" %}{% if loop.index is even %}{{ x }}{% endif %}{% endfor %}',
  ],
  [
    'cycler global',
    "{% set c = cycler('a', 'b') %}{% for x in range(3) %}{{ c.next() }}{% endfor %}{{ c.current }}",
  ],
  ['cycler attribute by subscript', "{% set c = cycler('a', 'b') %}{{ c.next() }}{{ c['current'] }}"],
  ['joiner global', "{% set j = joiner(', ') %}{% for x in 'abc' %}{{ j() }}{{ x }}{% endfor %}"],
  ['the length of loop', '{% for x in [1, 2] %}{{ loop|length }}{% endfor %}'],
  // Two names take a list or tuple of two at once; everything else unpacks as any target does.
  [
    'two names unpack strings, dicts and ranges of two',
    "{% for a, b in ['xy', {'k': 1, 'j': 2}, range(2), ('p', 'q')] %}{{ a }}{{ b }};{% endfor %}",
  ],
  ['two names unpack a text of two code points', "{% for a, b in ['😀é'] %}{{ b }}{{ a }}{% endfor %}"],
  ['two names fail on a list of one', '{% for a, b in [[1, 2], [3]] %}{{ a }}{% endfor %}'],
  ['two names fail on an int', '{% for a, b in [[1, 2], 3] %}{{ a }}{% endfor %}'],
  ['two names fail on an undefined item', '{% for a, b in [missing] %}{{ a }}{% endfor %}'],
  ['two names fail on a text of three', "{% for a, b in ['abc'] %}{{ a }}{% endfor %}"],
  ['the same name twice keeps the second', '{% for a, a in [[1, 2], [3, 4]] %}{{ a }}{% endfor %}'],
  [
    'a nested target unpacks each level',
    '{% for (a, b), c in [([1, 2], 3)] %}{{ a }}{{ b }}{{ c }}{% endfor %}',
  ],
  [
    'two names from dictsort, with the body reading outer names',
    "{% set sep = '=' %}{% for k, v in {'b': 1, 'a': 2}|dictsort %}{{ k }}{{ sep }}{{ v }} {% endfor %}",
  ],
  [
    'a text-only loop counts ranges of one, two and three arguments',
    '{% for i in range(3) %}*{% endfor %}|{% for i in range(1, 4) %}*{% endfor %}|{% for i in range(10, 0, -3) %}*{% endfor %}|{% for i in range(0) %}*{% endfor %}|{% for i in range(-2) %}*{% endfor %}',
  ],
  ['a text-only loop over range of a float fails', '{% for i in range(2.5) %}*{% endfor %}'],
  ['a text-only loop over range of text fails', "{% for i in range('3') %}*{% endfor %}"],
  ['a text-only loop over range with a zero step fails', '{% for i in range(1, 5, 0) %}*{% endfor %}'],
  [
    'a text-only loop over range of a bool, then of a list',
    '{% for i in range(true) %}*{% endfor %}{% for i in range(1, x) %}-{% endfor %}',
    { x: [1, 0, 2] },
  ],
  ['a text-only loop over range of an undefined name fails', '{% for i in range(missing) %}*{% endfor %}'],
  [
    'a text-only loop over a range the template set to text',
    "{% set range = 'abc' %}{% for i in range %}*{% endfor %}",
  ],
  [
    'a text-only loop over a range a macro replaced',
    '{% macro range(n) %}xy{% endmacro %}{% for i in range(5) %}*{% endfor %}',
  ],
  ['a text-only loop over range(3, text) fails', "{% for i in range(3, 'a') %}*{% endfor %}"],
  [
    'names a loop body sets first are set anew by each iteration; those it may read first start empty',
    "{% for i in [1, 2, 3] %}{% set a = i * 2 %}{% if i > 1 %}{% set b = a %}{% endif %}{{ a }}{{ b|default('-') }}" +
      "{% set c %}{{ c|default('e') }}{{ i }}{% endset %}{{ c }}{% set d = d|default(0) + i %}{{ d }};{% endfor %}",
  ],
  [
    'a name set first in a loop body, read by a macro the body defines before the set',
    '{% for i in [1, 2] %}{% macro m() %}[{{ x }}]{% endmacro %}{{ m() }}{% set x = i %}{{ m() }}{% endfor %}',
    { x: 'data' },
  ],
  [
    'a namespace made first in a loop body is made anew by each iteration',
    "{% for i in [1, 2, 3] %}{% set ns = namespace(n=i) %}{% if i == 2 %}{% set ns.extra = 'x' %}{% endif %}" +
      "{% for j in [1, 2] %}{% set ns.n = ns.n + j %}{% endfor %}{{ ns.n }}{{ ns.extra|default('-') }};{% endfor %}",
  ],
  [
    'each call of a recursive loop runs its else when it renders no whole iteration',
    '{% for x in tree recursive %}{{ x.n }}{{ loop(x.kids) }}{% else %}none{% endfor %}|' +
      '{% for x in tree recursive %}{{ x.n }}{% if x.n == 1 %}{{ loop(x.kids) }}{% endif %}{% break %}{% else %}-{% endfor %}',
    {
      tree: [
        { n: 1, kids: [{ n: 2, kids: [] }] },
        { n: 3, kids: [] },
      ],
    },
  ],
  [
    'an outer loop kept in a variable, read, cycled, tested and called from inner loops and from a loop beside it',
    '{% for row in rows recursive %}{% set outer = loop %}{{ row.n }}[' +
      "{% for c in row.cells %}{{ outer.index }}.{{ loop.index }}{{ outer.cycle('a', 'b') }}{{ outer.first }}{{ outer is callable }}{% endfor %}]" +
      '{% if row.kids %}({% for k in [row.kids] %}{{ outer(k) }}{% endfor %}){% endif %}{% endfor %}' +
      '|{% for x in [1, 2] %}{{ x }}{{ loop.last }}{% endfor %}',
    {
      rows: [
        { n: 'r1', cells: [1, 2], kids: [{ n: 'k1', cells: [3], kids: [] }] },
        { n: 'r2', cells: [4], kids: [] },
      ],
    },
  ],
  [
    'loop.length and loop.revindex keep their first reading while the list grows',
    '{% set a = [1, 2, 3] %}{% for i in a %}{{ loop.length }}/{{ loop.revindex }}{% set _ = a.append(9) %}{% if loop.index > 2 %}{% break %}{% endif %},{% endfor %}',
  ],
  [
    'a loop over a dict that gains a key fails as Python does',
    "{% set d = {'a': 1} %}{% for k in d %}{{ k }}{% set _ = d.update({'b': 2}) %}{% endfor %}",
  ],
  [
    'a loop over a dict that loses a key fails as Python does',
    "{% set d = {'a': 1, 'b': 2} %}{% for k in d %}{{ k }}{% set _ = d.pop('b', 0) %}{% endfor %}",
  ],
  [
    'a loop over the items of a dict from the data that loses a key fails as Python does',
    '{% for k, v in d.items() %}{% if v is none %}{% set _ = d.pop(k) %}{% endif %}{{ k }}{% endfor %}',
    { d: { a: null, b: 2 } },
  ],
  [
    'a loop over the values of a dict that is cleared fails as Python does',
    '{% for v in d.values() %}{{ v }}{% set _ = d.clear() %}{% endfor %}',
    { d: { a: 1, b: 2 } },
  ],
  [
    'a loop over a dict whose values change, or over a copy of its keys, goes on',
    "{% for k in d %}{{ k }}{% set _ = d.update({'a': 5}) %}{% endfor %}{{ d }}{% for k in d|list %}{{ k }}{% set _ = d.pop(k) %}{% endfor %}{{ d }}",
    { d: { a: 1, b: 2 } },
  ],
  [
    'a loop that breaks after a dict gains a key goes on, and one filling another dict',
    "{% set e = {} %}{% for k in d %}{{ k }}{% set _ = e.update({k: 1}) %}{% endfor %}{{ e }}{% for k in d %}{% set _ = d.update({'z': 5}) %}{% break %}{% endfor %}{{ d }}",
    { d: { a: 1, b: 2 } },
  ],
  [
    'a loop over a dict that a macro or a call block empties fails as Python does',
    '{% macro m(k) %}{% set _ = d.pop(k) %}{% endmacro %}{% for k in d %}{{ m(k) }}{% endfor %}',
    { d: { a: 1, b: 2 } },
  ],
  [
    'a loop over a dict that a call block changes fails as Python does',
    '{% macro m() %}{{ caller() }}{% endmacro %}{% for k in d %}{% call m() %}{% set _ = d.pop(k) %}{% endcall %}{% endfor %}',
    { d: { a: 1, b: 2 } },
  ],
]);
