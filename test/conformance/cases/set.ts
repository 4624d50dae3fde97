import { type Case, rows } from '../case';

/** `set` in its forms, Jinja2's scoping rules, and `namespace()` objects. */
export const cases: Case[] = rows([
  ['set a value', '{% set x = 5 %}{{ x }}'],
  ['set an expression', '{% set total = price * qty %}{{ total }}', { price: 2, qty: 3 }],
  ['set overrides data', '{% set name = "override" %}{{ name }}', { name: 'data' }],
  ['set twice keeps the last value', '{% set x = 1 %}{% set x = x + 1 %}{{ x }}'],
  ['set unpacking a pair', '{% set a, b = [1, 2] %}{{ a }}{{ b }}'],
  ['set unpacking a tuple', '{% set a, b = (1, 2) %}{{ b }}{{ a }}'],
  ['set unpacking with parentheses on the target', '{% set (a, b) = "xy" %}{{ a }}-{{ b }}'],
  ['set unpacking the wrong count is a ValueError', '{% set a, b = [1, 2, 3] %}{{ a }}'],
  ['set a tuple without brackets', '{% set t = 1, 2 %}{{ t }}'],
  ['set block captures output', '{% set body %}Hello {{ name }}!{% endset %}[{{ body }}]', { name: 'Ada' }],
  ['set block keeps whitespace', '{% set b %}\n  x\n{% endset %}[{{ b }}]'],
  ['set block with whitespace control', '{% set b -%}\n  x\n{%- endset %}[{{ b }}]'],
  ['set block with a filter', '{% set b | upper %}shout{% endset %}{{ b }}'],
  ['set block with chained filters', '{% set b | trim | title %}  hello world  {% endset %}{{ b }}'],
  ['set block result is a string', '{% set b %}{{ 1 + 1 }}{% endset %}{{ b ~ b }}'],
  [
    'set inside a loop does not leak out',
    '{% set x = 0 %}{% for i in [1, 2] %}{% set x = x + i %}{% endfor %}{{ x }}',
  ],
  [
    'set inside a loop is visible in the same iteration',
    '{% for i in [1, 2] %}{% set y = i * 10 %}{{ y }} {% endfor %}',
  ],
  [
    'set inside a loop starts fresh each iteration',
    '{% set y = "outer" %}{% for i in [1, 2] %}{{ y }}{% set y = i %}{{ y }} {% endfor %}',
  ],
  [
    'set inside a for-else branch does not leak out',
    '{% for x in [] %}{% else %}{% set p = 1 %}{{ p }}{% endfor %}[{{ p }}]',
  ],
  [
    'set inside a for-else branch shadows and restores',
    '{% set p = 0 %}{% for x in [] %}{% else %}{{ p }}{% set p = 1 %}{{ p }}{% endfor %}[{{ p }}]',
  ],
  ['set inside if leaks out', '{% if true %}{% set x = 1 %}{% endif %}{{ x }}'],
  ['set in a false if leaves the name undefined', '{% if false %}{% set x = 1 %}{% endif %}[{{ x }}]'],
  [
    'namespace keeps changes made in a loop',
    '{% set ns = namespace(total=0) %}{% for i in [1, 2, 3] %}{% set ns.total = ns.total + i %}{% endfor %}{{ ns.total }}',
  ],
  [
    'namespace with a flag',
    '{% set ns = namespace(found=false) %}{% for x in xs %}{% if x == 2 %}{% set ns.found = true %}{% endif %}{% endfor %}{{ ns.found }}',
    { xs: [1, 2, 3] },
  ],
  ['namespace attribute set after creation', '{% set ns = namespace() %}{% set ns.a = "x" %}{{ ns.a }}'],
  ['namespace missing attribute is undefined', '{% set ns = namespace() %}[{{ ns.b }}]'],
  [
    'a set dict literal evaluates a value a later equal key drops, which Jinja2 folds only inside an expression',
    "{% set a = {'k': 1[1:], 'k': 4} %}{{ a }}",
  ],
  [
    'a set dict literal with a dropped key that is no constant Jinja2 can write',
    "{% set a = {1[1:]: 1, 'k': 4} %}{{ a }}",
  ],
  [
    'a set dict literal with a dropped value that folds to an Undefined, and printed dict literals fold whole',
    "{% set a = {'k': 1[1], 'k': 4} %}{{ a }} {{ {'k': 1[1:], 'k': 4} }} {% set ns = namespace() %}{% set ns.a = {'k': 'a'.upper, 'k': 4} %}{{ ns.a }}",
  ],
  [
    'a set of a namespace attribute evaluates the dropped value too',
    "{% set ns = namespace() %}{% set ns.a = {'k': 1[1:], 'k': 4} %}{{ ns.a }}",
  ],
  ['namespace from a dict', "{% set ns = namespace({'a': 1}, b=2) %}{{ ns.a }}{{ ns.b }}"],
  ['namespace subscript', "{% set ns = namespace(a=1) %}{{ ns['a'] }}"],
  [
    'namespace attributes set again, in a loop, with a constructor key and a new name',
    '{% set ns = namespace(constructor=1, a=1) %}{% for i in [1, 2] %}{% set ns.a = ns.a + i %}' +
      '{% set ns.constructor = i %}{% set ns.b = i %}{% endfor %}{{ ns }} {{ ns.a }}',
  ],
  [
    'namespace attributes from data, set again in a loop',
    '{% set ns = namespace(x=v, y=none) %}{% for i in v %}{% set ns.x = i %}{% set ns._y = i %}{% endfor %}{{ ns.x }} {{ ns }}',
    { v: [3, 4] },
  ],
  [
    'namespace prints its attributes in the order they were set, number-like names too',
    "{% set ns = namespace({'b': 1, '2': 2}, a=3) %}{% set ns.z = 4 %}{{ ns }} {{ namespace(x=1, constructor=2) }}",
  ],
  [
    'namespace keeps keys that are not strings, in order, and prints them as they are',
    "{{ namespace({1: 2}) }} {% set ns = namespace({'a': 1, 2: 3}) %}{% set ns.b = 4 %}{% set ns.a = 5 %}{{ ns }} {{ namespace({none: 2, (1, 2): 3}, a=1) }}",
  ],
  [
    'namespace keys equal in Python are one key; 1 and "1" are two',
    "{{ namespace({1: 'a', true: 'b', 1.0: 'c'}) }} {{ namespace([(1, 'a'), (true, 'b'), ('1', 'c')]) }}",
  ],
  [
    'a namespace key that is not a string is no attribute',
    "{% set ns = namespace({1: 2, '3': 4}) %}[{{ ns|attr('1') }}] [{{ ns|attr('3') }}] [{{ ns[1] }}]",
  ],
  ['namespace with an unhashable key is a TypeError', '{{ namespace([([1], 2)]) }}'],
  [
    'namespace with keywords, the name given another value by a macro and by the data',
    '{% macro namespace(low, high=2) %}[{{ low }} {{ high }}]{% endmacro %}{{ namespace(low=1) }}',
  ],
  [
    'a name set to a namespace, then to a dict and to text, read by attribute',
    "{% set ns = namespace(a=1) %}{{ ns.a }}{% set ns = {'a': 2} %}{{ ns.a }}{% set ns = 'x' %}[{{ ns.a }}]{% set ns = namespace(constructor=3) %}{{ ns.constructor }}",
  ],
  ['namespace with keywords, the name from the data', '{{ namespace(low=1) }}', { namespace: 'text' }],
  [
    'namespace from keywords keeps them apart from the dict they came from',
    "{% set d = {'x': 1} %}{% set ns = namespace(**d) %}{% set ns.x = 2 %}{% set ns.y = 3 %}{{ d }} {{ ns }}",
  ],
  [
    'namespace from keywords with number-like names lists them in the order given',
    "{{ namespace(b=1, **{'7': 2, 'a': 3}) }} {% set ns = namespace(**{'10': 1, '9': 2}) %}{% set ns.c = 3 %}{{ ns }}",
  ],
  [
    'dict() of keywords is a new dict each call',
    "{% for i in [1, 2] %}{% set e = dict(n=i) %}{% set _ = e.update(m=i) %}{{ e }} {% endfor %}{% set d = {'x': 1} %}{% set f = dict(**d) %}{% set _ = f.update(y=2) %}{{ d }} {{ f }} {{ dict(**{'2': 'b', 'a': 1}) }}",
  ],
  [
    'keywords from ** keep their order, number-like names too',
    "{% macro m(a) %}{{ kwargs }}{% endmacro %}{{ m(1, b=2, **{'7': 3, 'c': 4}) }} {{ m(a=1, **{'12': 3, '3': 4}) }}",
  ],
  ['joiner names the first keyword it does not take', "{{ joiner(**{'x': 1, '2': 1}) }}"],
  ['a filter names the first keyword it does not take', "{{ [3, 1]|sort(**{'x': 1, '2': 1}) }}"],
  ['joiner takes sep by keyword', "{% set j = joiner(sep='; ') %}{{ j() }}a{{ j() }}b {{ joiner(x=1) }}"],
  ['namespace block set', '{% set ns = namespace() %}{% set ns.x %}captured{% endset %}{{ ns.x }}'],
  ['set attribute on a non-namespace is an error', '{% set d = {} %}{% set d.a = 1 %}{{ d }}'],
  ['set attribute on undefined is an error', '{% set nope.a = 1 %}'],
  [
    'namespace in a nested loop',
    '{% set ns = namespace(n=0) %}{% for a in [1, 2] %}{% for b in [1, 2, 3] %}{% set ns.n = ns.n + 1 %}{% endfor %}{% endfor %}{{ ns.n }}',
  ],
  [
    'a loop sees sets made before it',
    '{% set greeting = "hi" %}{% for x in [1] %}{{ greeting }}{% endfor %}',
  ],
  ['set after use in the same scope uses the data value first', '{{ x }}{% set x = 2 %}{{ x }}', { x: 1 }],
  [
    'set in a loop referencing the outer before setting',
    '{% set x = 1 %}{% for i in [1] %}{{ x }}{% set x = 5 %}{{ x }}{% endfor %}{{ x }}',
  ],
  [
    'set with a filter expression',
    "{% set names = users|map(attribute='name')|join(', ') %}{{ names }}",
    { users: [{ name: 'a' }, { name: 'b' }] },
  ],
  ['set with an inline if', "{% set label = 'many' if n > 1 else 'one' %}{{ label }}", { n: 2 }],
  [
    'set in a loop cannot grow an outer list',
    '{% set xs = [] %}{% for i in range(3) %}{% set xs = xs + [i] %}{% endfor %}{{ xs }}',
  ],
  [
    'set list accumulation through a namespace',
    '{% set ns = namespace(xs=[]) %}{% for i in range(3) %}{% set ns.xs = ns.xs + [i] %}{% endfor %}{{ ns.xs }}',
  ],
  ['with block scopes its variables', '{% with a = 1, b = 2 %}{{ a + b }}{% endwith %}[{{ a }}]'],
  ['with block sees outer names', '{% set x = 3 %}{% with y = x * 2 %}{{ y }}{% endwith %}'],
  ['set inside with does not leak', '{% with %}{% set z = 1 %}{{ z }}{% endwith %}[{{ z }}]'],
  [
    'with block expressions see outer values, not siblings',
    '{% set a = 10 %}{% with a = 1, b = a %}{{ a }}{{ b }}{% endwith %}',
  ],
  ['set a name to a macro result', '{% macro m(x) %}<{{ x }}>{% endmacro %}{% set r = m(1) %}{{ r }}{{ r }}'],
  ['set to undefined then test it', '{% set u = missing %}{{ u is defined }}'],
  ['set with no value is a syntax error', '{% set x %}'],
  ['set without a name is a syntax error', '{% set = 1 %}'],
  ['endset without set is a syntax error', '{% endset %}'],
  [
    'namespace keeps its keywords in the order of the call',
    '{% set ns = namespace(b=1, a=2) %}{{ ns.b }}{{ ns.a }}{{ ns }}',
  ],
  [
    'a macro named namespace is called, not the global',
    '{% macro namespace(a) %}[{{ a }}]{% endmacro %}{{ namespace(a=1) }}',
  ],
  ['data named namespace is called, not the global', '{{ namespace(a=1) }}', { namespace: 'x' }],
  [
    'a macro named range is called, not the global',
    '{% macro range(n) %}<{{ n }}>{% endmacro %}{{ range(3) }}',
  ],
  [
    'a macro named joiner is called, not the global',
    "{% macro joiner(s) %}[{{ s }}]{% endmacro %}{{ joiner('-') }}",
  ],
  ['data named joiner is called, not the global', "{{ joiner('-') }}", { joiner: 'x' }],
  [
    'joiners of a non-text separator, an undefined one, and one per item',
    '{% set j = joiner(1) %}{{ j() }}a{{ j() }}b {% set k = joiner(missing) %}{{ k() }}{{ k() }}|' +
      '{% for x in [[1, 2], [3]] %}{% set c = joiner() %}{% for y in x %}{{ c() }}{{ y }}{% endfor %};{% endfor %}',
  ],
  ['data named range is called, not the global', '{{ range(2) }}', { range: 'x' }],
  [
    'range of a bool, and of start and stop',
    '{{ range(True) }} {{ range(True, 3) }} {{ range(5, 1, -2)|list }}',
  ],
  ['range of a float is a TypeError', '{{ range(1.5) }}'],
  ['range with a text stop is a TypeError', "{{ range(1, 'a') }}"],
  ['range with a zero step is a ValueError', '{{ range(0, 5, 0) }}'],
  ['range of an undefined is an error', '{{ range(missing) }}'],
  ['range given a keyword is a TypeError', '{{ range(3, step=1) }}'],
  ['range with no argument is a TypeError', '{{ range() }}'],
  [
    'a namespace made per item: the attributes set for one item are gone for the next',
    "{% for i in [1, 2] %}{% set ns = namespace(a=i) %}{% if i == 1 %}{% set ns.b = 'x' %}{% endif %}" +
      '{{ ns.a }}{{ ns.b is defined }}{% for j in [1] %}{% set ns.a = ns.a * 10 %}{% endfor %}{{ ns.a }};{% endfor %}',
  ],
  [
    'a namespace read in a loop before the loop makes it is the data value',
    '{% for i in [1, 2] %}{{ ns.a }}{% set ns = namespace(a=i) %}{{ ns.a }};{% endfor %}{{ ns.a }}',
    { ns: { a: 'data' } },
  ],
  [
    'namespace() when the data names something else namespace',
    '{% set ns = namespace(a=1) %}{{ ns.a }}',
    { namespace: 'text' },
  ],
  [
    'a macro reads and sets a namespace made outside it',
    '{% set ns = namespace(n=0) %}{% macro bump() %}{% set ns.n = ns.n + 1 %}{% endmacro %}{{ bump() }}{{ bump() }}{{ ns.n }}',
  ],
  [
    'a namespace made in a with block and in an if branch',
    '{% set ns = namespace(a=1) %}{% with %}{% set ns = namespace(a=2) %}{{ ns.a }}{% endwith %}{{ ns.a }}' +
      '{% if x %}{% set ns2 = namespace(a=3) %}{% endif %}[{{ ns2.a }}]',
    { x: false, ns2: { a: 'data' } },
  ],
  [
    'namespace attributes named with an underscore are refused',
    '{% set ns = namespace(_a=1) %}{% set ns._b = 2 %}[{{ ns._a }}{{ ns._b }}]',
  ],
  ['a namespace block set on a dict is an error', "{% set d = {'a': 1} %}{% set d.b %}x{% endset %}{{ d }}"],
  [
    'a namespace block set renders its body before it checks the namespace',
    '{% set nope.a %}{{ 1 // 0 }}{% endset %}',
  ],
  [
    'a namespace block set in slots renders its body first too',
    '{% set ns = namespace(a=1) %}{% set ns.a %}{{ ns.a }}{% set ns.a = 5 %}{{ ns.a }}{% endset %}{{ ns.a }}',
  ],
]);
