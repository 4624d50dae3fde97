/**
 * Binding a filter's or test's arguments: a call written in the template (bound at compile time) and a call by
 * name (`map`, `select`, `selectattr`, ... bind at run time) go through one binder and fail with the TypeError
 * Jinja2 3.1 raises, word for word. Every expectation is Jinja2's own output (SandboxedEnvironment, with the
 * custom filters below registered as the Python functions `wrap(value, left, right='!')` and
 * `three(value, a, b, c)`).
 */
import { describe, expect, it } from 'vitest';
import type { FilterSpec, RenderState } from '../src/index';
import { outcome } from './helpers/template-outcome';

const wrap: FilterSpec = {
  params: ['left', 'right'],
  required: 1,
  fn: (_state: RenderState, value: unknown, left: string, right = '!') => `${left}${String(value)}${right}`,
};
const three: FilterSpec = { params: ['a', 'b', 'c'], required: 3, fn: () => 'x' };
const filters = { wrap, three };

function check(cases: ReadonlyArray<readonly [template: string, expected: string]>): void {
  it.each(cases)('%s', (template, expected) => {
    expect(outcome(template, {}, { filters })).toBe(expected);
  });
}

describe('the operator tests take no keyword arguments, checked before their argument count', () => {
  check([
    ['{{ 1 is eq(b=1) }}', '!TypeError: _operator.eq() takes no keyword arguments'],
    ['{{ [1]|select("eq", b=1)|list }}', '!TypeError: _operator.eq() takes no keyword arguments'],
    ['{{ 1 is equalto(b=1) }}', '!TypeError: _operator.eq() takes no keyword arguments'],
    ['{{ [1]|reject("==", b=1)|list }}', '!TypeError: _operator.eq() takes no keyword arguments'],
    [
      '{{ [{"x": 1}]|selectattr("x", "eq", b=1)|list }}',
      '!TypeError: _operator.eq() takes no keyword arguments',
    ],
    ['{{ 1 is lt(1, b=1) }}', '!TypeError: _operator.lt() takes no keyword arguments'],
    ['{{ 1 is eq(1, 2, b=1) }}', '!TypeError: _operator.eq() takes no keyword arguments'],
    ['{{ 1 is eq(**{"b": 1}) }}', '!TypeError: _operator.eq() takes no keyword arguments'],
    ['{{ 1 is eq(1, 2) }}', '!TypeError: eq expected 2 arguments, got 3'],
    ['{{ [1]|select("ne", 1, 2)|list }}', '!TypeError: ne expected 2 arguments, got 3'],
    ['{{ 1 is eq }}', '!TypeError: eq expected 2 arguments, got 1'],
    ['{{ [1]|select("eq")|list }}', '!TypeError: eq expected 2 arguments, got 1'],
  ]);
});

describe('an unknown keyword names the Python function', () => {
  check([
    ['{{ "a"|upper(x=1) }}', "!TypeError: do_upper() got an unexpected keyword argument 'x'"],
    ['{{ ["a"]|map("upper", x=1)|list }}', "!TypeError: do_upper() got an unexpected keyword argument 'x'"],
    ['{{ "a"|upper(**{"x": 1}) }}', "!TypeError: do_upper() got an unexpected keyword argument 'x'"],
    ['{{ 1 is odd(x=1) }}', "!TypeError: test_odd() got an unexpected keyword argument 'x'"],
    ['{{ [1]|select("odd", x=1)|list }}', "!TypeError: test_odd() got an unexpected keyword argument 'x'"],
  ]);
});

describe('too many positional arguments counts the arguments Jinja2 passes first', () => {
  check([
    ['{{ "a"|upper(1) }}', '!TypeError: do_upper() takes 1 positional argument but 2 were given'],
    [
      '{{ ["a"]|map("upper", 1)|list }}',
      '!TypeError: do_upper() takes 1 positional argument but 2 were given',
    ],
    [
      '{{ "a"|center(1, 2) }}',
      '!TypeError: do_center() takes from 1 to 2 positional arguments but 3 were given',
    ],
    [
      '{{ ["a"]|map("center", 1, 2)|list }}',
      '!TypeError: do_center() takes from 1 to 2 positional arguments but 3 were given',
    ],
    [
      '{{ [1]|join(1, 2, 3) }}',
      '!TypeError: sync_do_join() takes from 2 to 4 positional arguments but 5 were given',
    ],
    [
      '{{ 1 is divisibleby(1, 2) }}',
      '!TypeError: test_divisibleby() takes 2 positional arguments but 3 were given',
    ],
    [
      '{{ [1]|select("divisibleby", 1, 2)|list }}',
      '!TypeError: test_divisibleby() takes 2 positional arguments but 3 were given',
    ],
  ]);
});

describe('missing required arguments are all named', () => {
  check([
    [
      '{{ "a"|replace }}',
      "!TypeError: do_replace() missing 2 required positional arguments: 'old' and 'new'",
    ],
    [
      '{{ ["a"]|map("replace")|list }}',
      "!TypeError: do_replace() missing 2 required positional arguments: 'old' and 'new'",
    ],
    ['{{ "a"|replace("a") }}', "!TypeError: do_replace() missing 1 required positional argument: 'new'"],
    ['{{ 1 is in }}', "!TypeError: test_in() missing 1 required positional argument: 'seq'"],
    ['{{ [1]|select("in")|list }}', "!TypeError: test_in() missing 1 required positional argument: 'seq'"],
  ]);
});

describe('an argument given twice, or a keyword naming a parameter Jinja2 fills, has multiple values', () => {
  check([
    ['{{ "a"|center(5, width=6) }}', "!TypeError: do_center() got multiple values for argument 'width'"],
    [
      '{{ ["a"]|map("center", 5, width=6)|list }}',
      "!TypeError: do_center() got multiple values for argument 'width'",
    ],
    [
      '{{ 1 is divisibleby(1, num=1) }}',
      "!TypeError: test_divisibleby() got multiple values for argument 'num'",
    ],
    [
      '{{ [1]|reject("divisibleby", 1, num=1)|list }}',
      "!TypeError: test_divisibleby() got multiple values for argument 'num'",
    ],
    ['{{ "a"|upper(s=1) }}', "!TypeError: do_upper() got multiple values for argument 's'"],
    ['{{ [1]|map(value=1)|list }}', "!TypeError: sync_do_map() got multiple values for argument 'value'"],
  ]);
});

describe('with several problems, the keywords are checked first, in order, as Python does', () => {
  check([
    ['{{ "a"|upper(1, x=1) }}', "!TypeError: do_upper() got an unexpected keyword argument 'x'"],
    [
      '{{ ["a"]|map("upper", 1, x=1)|list }}',
      "!TypeError: do_upper() got an unexpected keyword argument 'x'",
    ],
    ['{{ "a"|center(1, 2, width=3) }}', "!TypeError: do_center() got multiple values for argument 'width'"],
    ['{{ "a"|replace(x=1) }}', "!TypeError: do_replace() got an unexpected keyword argument 'x'"],
    ['{{ "a"|center(5, y=1, width=6) }}', "!TypeError: do_center() got an unexpected keyword argument 'y'"],
  ]);
});

describe('C functions refuse keywords and take exactly one argument', () => {
  check([
    ['{{ [1]|length(1) }}', '!TypeError: len() takes exactly one argument (2 given)'],
    ['{{ [1]|length(x=1) }}', '!TypeError: len() takes no keyword arguments'],
    ['{{ ["a"]|map("length", 1, x=1)|list }}', '!TypeError: len() takes no keyword arguments'],
    ['{{ "a"|e(1) }}', '!TypeError: markupsafe._speedups.escape() takes exactly one argument (2 given)'],
    ['{{ "a"|string(x=1) }}', '!TypeError: markupsafe._speedups.soft_str() takes no keyword arguments'],
    ['{{ 1 is callable(1) }}', '!TypeError: callable() takes exactly one argument (2 given)'],
    ['{{ [1]|select("callable", x=1)|list }}', '!TypeError: callable() takes no keyword arguments'],
  ]);
});

describe('a test named like a filter names the test function', () => {
  check([
    ['{{ "a" is lower(1) }}', '!TypeError: test_lower() takes 1 positional argument but 2 were given'],
    [
      '{{ [1]|select("lower", 1)|list }}',
      '!TypeError: test_lower() takes 1 positional argument but 2 were given',
    ],
    ['{{ "a" is filter(1) }}', '!TypeError: test_filter() takes 2 positional arguments but 3 were given'],
  ]);
});

describe('a custom filter is named after itself and counts the value', () => {
  check([
    ['{{ "a"|wrap }}', "!TypeError: wrap() missing 1 required positional argument: 'left'"],
    ['{{ ["a"]|map("wrap")|list }}', "!TypeError: wrap() missing 1 required positional argument: 'left'"],
    ['{{ "a"|wrap(1, 2, 3) }}', '!TypeError: wrap() takes from 2 to 3 positional arguments but 4 were given'],
    ['{{ "a"|wrap(x=1) }}', "!TypeError: wrap() got an unexpected keyword argument 'x'"],
    ['{{ "a"|three }}', "!TypeError: three() missing 3 required positional arguments: 'a', 'b', and 'c'"],
  ]);
});

describe('calls that bind', () => {
  check([
    ['{{ 1 is divisibleby(num=1) }}', 'True'],
    ['{{ [1, 2]|select("divisibleby", num=1)|list }}', '[1, 2]'],
    ['{{ [1, 2]|select("in", seq=[1])|list }}', '[1]'],
    ['{{ "%s-%s"|format(1, 2) }}', '1-2'],
    ['{{ "%(a)s"|format(a=1) }}', '1'],
  ]);
});

describe('a call that cannot bind fails only when it runs, after its arguments are evaluated', () => {
  check([
    ['{% if false %}{{ "a"|upper(x=1) }}{{ 1 is eq(b=1) }}{% endif %}ok', 'ok'],
    ['{{ "a"|upper(x=y.z) }}', "!UndefinedError: 'y' is undefined"],
    ['{{ "a"|upper(1, x=y.z) }}', "!UndefinedError: 'y' is undefined"],
  ]);
});
