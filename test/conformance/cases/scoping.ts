import { type Case, rows } from '../case';

/**
 * Where a variable is read from before the scope that assigns it has run the assignment: Jinja2 decides per
 * scope, while compiling, whether such a read falls through to the enclosing scopes and the render variables
 * or is undefined. `s` is also a render variable in every case, so a read that wrongly falls through shows it.
 */
const s = { s: 'abc' };

export const cases: Case[] = rows([
  // A name the template assigns and never reads before: undefined until assigned, whoever reads it.
  [
    'a macro reads a name assigned after the call',
    '{% macro m() %}[{{ s }}]{% endmacro %}{{ m() }}{% set s = 1 %}{{ m() }}',
    s,
  ],
  [
    'a macro tests a name assigned after the call',
    '{% macro m() %}{% if s %}x{% endif %}{% endmacro %}{{ m() }}{% set s = 1 %}',
    s,
  ],
  [
    'a macro calls a method of a name assigned later',
    "{% macro m() %}{{ s.index('x') }}{% endmacro %}{{ m() }}{% set s = 1 %}",
    s,
  ],
  [
    'a macro default reads a name assigned later',
    '{% macro m(a=s) %}[{{ a }}]{% endmacro %}{{ m() }}{% set s = 1 %}',
    s,
  ],
  ['a loop reads a name assigned after it', '{% for i in [1] %}[{{ s }}]{% endfor %}{% set s = 1 %}', s],
  [
    'a loop filter reads a name assigned after it',
    '{% for x in [1] if s %}{{ x }}{% endfor %}{% set s = 1 %}',
    s,
  ],
  [
    'a loop reads and assigns a name the template assigns later',
    '{% for i in [1] %}[{{ s }}]{% set s = 2 %}{% endfor %}{% set s = 1 %}',
    s,
  ],
  ['a with block reads a name assigned after it', '{% with %}[{{ s }}]{% endwith %}{% set s = 1 %}', s],
  [
    'a filter block reads a name assigned after it',
    '{% filter upper %}[{{ s }}]{% endfilter %}{% set s = 1 %}',
    s,
  ],
  ['a set block reads a name assigned after it', '{% set x %}[{{ s }}]{% endset %}{{ x }}{% set s = 1 %}', s],
  [
    'a macro reads a name unpacked later',
    '{% macro m() %}[{{ s }}]{% endmacro %}{{ m() }}{% set s, t = 1, 2 %}',
    s,
  ],
  [
    'a macro reads a name a set block assigns later',
    '{% macro m() %}[{{ s }}]{% endmacro %}{{ m() }}{% set s %}x{% endset %}',
    s,
  ],
  [
    'a macro reads the name of a macro defined later',
    '{% macro m() %}[{{ s }}]{% endmacro %}{{ m() }}{% macro s() %}{% endmacro %}',
    s,
  ],
  [
    'a macro reads a name, undefined until assigned, through a filter',
    '{% macro m() %}{{ s|length }}{% endmacro %}{{ m() }}',
    s,
  ],
  [
    'a macro reads an attribute of a name assigned later',
    '{% macro m() %}{{ s.x }}{% endmacro %}{{ m() }}{% set s = 1 %}',
    s,
  ],
  [
    'nested loops: the inner reads what the outer assigns after it',
    '{% for i in [1] %}{% for j in [1] %}[{{ s }}]{% endfor %}{% set s = 1 %}{% endfor %}',
    s,
  ],
  [
    'a macro in a loop reads what the loop assigns after the call',
    '{% for i in [1, 2] %}{% macro m() %}[{{ s }}]{% endmacro %}{{ m() }}{% set s = i %}{% endfor %}',
    s,
  ],
  [
    'a macro in a set block',
    '{% set x %}{% macro m() %}[{{ s }}]{% endmacro %}{{ m() }}{% set s = 2 %}{% endset %}{{ x }}',
    s,
  ],
  [
    'a macro in a with block',
    '{% with a = 1 %}{% macro m() %}[{{ s }}]{% endmacro %}{{ m() }}{% set s = 2 %}{% endwith %}',
    s,
  ],
  [
    'a macro in a filter block',
    '{% filter upper %}{% macro m() %}[{{ s }}]{% endmacro %}{{ m() }}{% set s = 2 %}{% endfilter %}',
    s,
  ],
  [
    'a macro in a call block',
    '{% macro n() %}{{ caller() }}{% endmacro %}{% call n() %}{% macro m() %}[{{ s }}]{% endmacro %}{{ m() }}{% set s = 2 %}{% endcall %}',
    s,
  ],
  [
    'a macro in a macro',
    '{% macro n() %}{% macro m() %}[{{ s }}]{% endmacro %}{{ m() }}{% set s = 2 %}{% endmacro %}{{ n() }}',
    s,
  ],
  // Read first, or assigned only in some branches: the render variable until assigned.
  [
    'the template reads the name before assigning it',
    '{{ s }}{% macro m() %}[{{ s }}]{% endmacro %}{{ m() }}{% set s = 1 %}{{ m() }}',
    s,
  ],
  [
    'the template tests the name before assigning it',
    '{{ s is defined }}{% macro m() %}[{{ s }}]{% endmacro %}{{ m() }}{% set s = 1 %}',
    s,
  ],
  [
    'a name assigned only in an if',
    '{% macro m() %}[{{ s }}]{% endmacro %}{{ m() }}{% if false %}{% set s = 1 %}{% endif %}',
    s,
  ],
  [
    'a name assigned in if and else',
    '{% macro m() %}[{{ s }}]{% endmacro %}{% if x %}{% set s = 1 %}{% else %}{{ m() }}{% set s = 3 %}{% endif %}',
    s,
  ],
  [
    'a loop assigns a name another loop reads',
    '{% for i in [1] %}[{{ s }}]{% endfor %}{% for j in [1] %}{% set s = 1 %}{% endfor %}',
    s,
  ],
  [
    'a loop reads a name an if and else assign later',
    '{% for i in [1] %}[{{ s }}]{% endfor %}{% if true %}{% set s = 1 %}{% else %}{% set s = 2 %}{% endif %}',
    s,
  ],
  [
    'a loop reads a name with and set assign later',
    '{% macro m() %}[{{ s }}]{% endmacro %}{{ m() }}{% with s = 1 %}{% endwith %}{% set s = 1 %}',
    s,
  ],
  [
    'a loop variable of the same name later',
    '{% macro m() %}[{{ s }}]{% endmacro %}{{ m() }}{% for s in [1] %}{% endfor %}',
    s,
  ],
  [
    'a for else assigns in its own scope',
    '{% for x in [] %}{% else %}{{ s }}{% set s = 1 %}{% endfor %}{{ s }}',
    s,
  ],
  // if, elif and else all assigning: as the else branch leaves it (Jinja2 3.1.2).
  [
    'if, elif and else all assign, the if reads first',
    '{% if true %}[{{ s }}]{% set s = 1 %}{% elif x %}{% set s = 2 %}{% else %}{% set s = 3 %}{% endif %}',
    s,
  ],
  [
    'if, elif and else all assign, a macro reads',
    '{% macro m() %}[{{ s }}]{% endmacro %}{% if x %}{% set s = 1 %}{% elif y %}{% set s = 2 %}{% else %}{{ m() }}{% set s = 3 %}{% endif %}',
    s,
  ],
  [
    'if, elif and else all assign, the else reads first',
    '{% macro m() %}[{{ s }}]{% endmacro %}{% if x %}{{ m() }}{% set s = 1 %}{% elif y %}{% set s = 2 %}{% else %}{{ s }}{% set s = 3 %}{% endif %}',
    s,
  ],
  // The filter of a filter or set block runs in the block's scope, after the body.
  [
    'a filter block filter reads what its body assigns',
    "{% filter replace('a', s) %}{% set s = 'b' %}aaa{% endfilter %}",
    s,
  ],
  [
    'a filter block filter reads its body, not the outer value',
    "{% set s = 'q' %}{% filter replace('a', s) %}{% set s = 'b' %}aaa{% endfilter %}",
    s,
  ],
  [
    'a set block filter reads what its body assigns',
    "{% set x | replace('a', s) %}{% set s = 'b' %}aaa{% endset %}{{ x }}",
    s,
  ],
  [
    'a filter block filter reads the name before the template assigns it',
    "{% filter replace('a', s) %}aaa{% endfilter %}{% set s = 'z' %}",
    s,
  ],
  // A block is a function of its own: it sees the template's top-level names and the render variables.
  [
    'a block does not see the loop around it',
    '{% for s in [1] %}{% block b %}{{ s }}{% endblock %}{% endfor %}',
    s,
  ],
  [
    'a block does not see what a loop around it assigns',
    '{% for x in [1] %}{% set s = 2 %}{% block b %}{{ s }}{% endblock %}{% endfor %}',
    s,
  ],
  [
    'a block does not see a with around it',
    '{% with s = 4 %}{% block b %}{{ s }}{% endblock %}{% endwith %}',
    s,
  ],
  [
    'a block sees a top-level set in an if',
    '{% if true %}{% set s = 2 %}{% endif %}{% block b %}{{ s }}{% endblock %}',
    s,
  ],
  [
    'a block in a macro sees the top-level set at the call',
    '{% macro m() %}{% block b %}{{ s }}{% endblock %}{% endmacro %}{% set s = 3 %}{{ m() }}',
    s,
  ],
  [
    'a block reads the render variable before a later top-level set',
    '{% block b %}{{ s }}{% endblock %}{% set s = 1 %}',
    s,
  ],
  ['a block keeps its own assignments', '{% block b %}{% set s = 4 %}{% endblock %}{{ s }}', s],
  [
    'a macro in a block reads what the block assigns later',
    '{% block b %}{% macro m() %}[{{ s }}]{% endmacro %}{{ m() }}{% set s = 2 %}{% endblock %}',
    s,
  ],
  [
    'a block calls a macro reading a name assigned later',
    '{% macro m() %}[{{ s }}]{% endmacro %}{% block b %}{{ m() }}{% endblock %}{% set s = 2 %}',
    s,
  ],
  [
    'self renders a block again where it is called, from the template scope',
    "{% set x = 1 %}{% block b %}[{{ x }}]{% endblock %}{{ self.b() }}{% set x = 2 %}{{ self.b() }}{% for i in [1] %}{% set x = 3 %}{{ self.b() }}{% endfor %}{{ self['b']() }}",
  ],
  [
    'self calls a block before it and from a macro, and a nested block',
    '{{ self.b() }}{% set x = 1 %}{% macro m() %}{{ self.b() }}{% endmacro %}{% block b %}[{{ x }}]{% block inner %}I{% endblock %}{% endblock %}{{ m() }}{{ self.inner() }}{{ self.b()|length }}{{ self.b().upper() }}',
  ],
  [
    'a block in a loop called by self does not see the loop',
    '{% for i in [1, 2] %}{% block b %}[{{ i }}]{% endblock %}{% endfor %}{{ self.b() }}',
  ],
  [
    'self prints as the template reference, and is not the data',
    '{{ self }}|{{ self.title }}|{{ self.nope }}|{{ self.title is defined }}|{{ self.nope is defined }}|{{ self|string }}{% block title %}T{% endblock %}',
    { self: 's' },
  ],
  ['a missing block of self is undefined', '{{ self.nope.x }}'],
  ['a block reference takes no arguments', '{% block b %}B{% endblock %}{{ self.b(1) }}'],
  ['a block reference takes no keywords', '{% block b %}B{% endblock %}{{ self.b(x=1) }}'],
  ['self set by the template is the value set', '{% set self = 3 %}{{ self }}'],
  [
    'a scoped block sees the loop and the macro around it',
    '{% for i in [1, 2] %}{% block b scoped %}{{ i }}{% set j = i %}{{ j }}{% endblock %}{{ j }}{% endfor %}{{ self.b() }}{% macro m(a) %}{% block c scoped %}{{ a }}{% endblock %}{% endmacro %}{{ m(3) }}',
  ],
  ['super() in a block: there is no parent block', '{% block a %}{{ super() }}{% endblock %}'],
  ['super() outside a block is undefined', '{{ super() }}'],
]);
