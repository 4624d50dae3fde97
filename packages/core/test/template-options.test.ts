/**
 * The options of `compile`: custom filters and tests (bound by keyword like the built-in ones), the clock, the
 * compiled-program cache, and the service's "do not send" forms.
 */
import { describe, expect, it } from 'vitest';
import {
  compile,
  type FilterSpec,
  NotSentSignal,
  type RenderState,
  TemplateError,
  TemplateRuntimeError,
  TemplateSyntaxError,
  type TestSpec,
} from '../src/index';
import { outcome, templateError, thrownBy } from './helpers/template-outcome';

/** `value|wrap(left, right='!')`. */
const wrap: FilterSpec = {
  params: ['left', 'right'],
  required: 1,
  fn: (_state: RenderState, value: unknown, left: string, right = '!') => `${left}${String(value)}${right}`,
};

/** `value|tag(*items, **attrs)`: shows what it was given. */
const tag: FilterSpec = {
  params: ['name'],
  varargs: true,
  kwargs: true,
  fn: (
    _state: RenderState,
    value: unknown,
    name: unknown,
    items: unknown[],
    attrs: Record<string, unknown>,
  ) =>
    `${String(name ?? 'none')}:${String(value)}:${items.join('+')}:${Object.entries(attrs)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(',')}`,
};

/** `value is between(low, high=100)`. */
const between: TestSpec = {
  params: ['low', 'high'],
  required: 1,
  fn: (_state: RenderState, value: unknown, low: number, high = 100) =>
    typeof value === 'number' && value >= low && value <= high,
};

describe('custom filters', () => {
  const filters = { wrap, tag };

  it('are called with positional arguments', () => {
    expect(outcome("{{ 'x'|wrap('<', '>') }}", {}, { filters })).toBe('<x>');
  });

  it('are bound by keyword, in any order', () => {
    expect(outcome("{{ 'x'|wrap(right='>', left='<') }}", {}, { filters })).toBe('<x>');
    expect(outcome("{{ 'x'|wrap('<', right=']') }}", {}, { filters })).toBe('<x]');
  });

  it('get their own defaults for parameters not given', () => {
    expect(outcome("{{ 'x'|wrap(left='(') }}", {}, { filters })).toBe('(x!');
  });

  it('collect extra positional and keyword arguments when they declare varargs and kwargs', () => {
    expect(outcome("{{ 'v'|tag('t', 1, 2, a=3, b='c') }}", {}, { filters })).toBe('t:v:1+2:a=3,b=c');
    expect(outcome("{{ 'v'|tag(name='n', z=1) }}", {}, { filters })).toBe('n:v::z=1');
    expect(outcome("{{ 'v'|tag }}", {}, { filters })).toBe('none:v::');
  });

  it('refuse an unknown keyword like a built-in filter does', () => {
    expect(outcome("{{ 'x'|wrap('<', size=2) }}", {}, { filters })).toBe(
      "!TypeError: wrap() got an unexpected keyword argument 'size'",
    );
    expect(outcome("{{ 'x'|truncate(5, size=2) }}")).toBe(
      "!TypeError: do_truncate() got an unexpected keyword argument 'size'",
    );
  });

  it('refuse a missing required argument and a repeated one', () => {
    expect(outcome("{{ 'x'|wrap(right='>') }}", {}, { filters })).toBe(
      "!TypeError: wrap() missing 1 required positional argument: 'left'",
    );
    expect(outcome("{{ 'x'|wrap('<', left='(') }}", {}, { filters })).toBe(
      "!TypeError: wrap() got multiple values for argument 'left'",
    );
  });

  it('receive *args and **kwargs spread into the call', () => {
    expect(outcome("{{ 'x'|wrap(*['[', ']']) }}{{ 'y'|wrap(**{'left': '{'}) }}", {}, { filters })).toBe(
      '[x]{y!',
    );
  });

  it('work in map and select, which call filters by name', () => {
    expect(outcome("{{ ['a', 'b']|map('wrap', '*')|join(',') }}", {}, { filters })).toBe('*a!,*b!');
  });

  it('replace a built-in filter of the same name, for that template only', () => {
    const shout: FilterSpec = { params: [], fn: (_state, value) => `${String(value).toUpperCase()}!!` };
    expect(outcome("{{ 'hi'|upper }}", {}, { filters: { upper: shout } })).toBe('HI!!');
    expect(outcome("{{ 'hi'|upper }}")).toBe('HI');
  });

  it('are not known to templates compiled without them', () => {
    expect(thrownBy(() => compile("{{ 'x'|wrap('<') }}"))).toBeInstanceOf(TemplateSyntaxError);
  });

  it('that raise a TemplateRuntimeError have it located at the filter', () => {
    const picky: FilterSpec = {
      params: [],
      fn: () => {
        throw new TemplateRuntimeError('ValueError', 'not today');
      },
    };
    const error = templateError('ok\n{{ 1|picky }}', {}, { filters: { picky } });
    expect([(error as TemplateRuntimeError).kind, error.message, error.line, error.column]).toEqual([
      'ValueError',
      'not today',
      2,
      6,
    ]);
  });

  it('that throw a plain JS error give an InternalError that keeps the cause and hides the JS message', () => {
    const cause = new TypeError('Cannot read properties of undefined');
    const broken: FilterSpec = {
      params: [],
      fn: () => {
        throw cause;
      },
    };
    const error = templateError('{{ 1|broken }}', {}, { filters: { broken } });
    expect((error as TemplateRuntimeError).kind).toBe('InternalError');
    expect(error.message).not.toContain('Cannot read');
    expect(error.cause).toBe(cause);
  });

  it('receive the render state with the limits and the clock', () => {
    const seen: Array<[number, string]> = [];
    const spy: FilterSpec = {
      params: [],
      fn: (state) => {
        seen.push([state.limits.maxRange, state.now().toISOString()]);
        return '';
      },
    };
    compile('{{ 1|spy }}', {
      filters: { spy },
      limits: { maxRange: 7 },
      now: () => new Date('2030-01-02T03:04:05Z'),
    }).render();
    expect(seen).toEqual([[7, '2030-01-02T03:04:05.000Z']]);
  });
});

describe('custom tests', () => {
  const tests = { between };

  it('are called with positional and keyword arguments', () => {
    const source =
      '{{ 5 is between(1, 10) }} {{ 50 is between(low=1, high=10) }} {{ 50 is between(1) }} {{ 5 is not between(high=4, low=1) }}';
    expect(outcome(source, {}, { tests })).toBe('True False True True');
  });

  it('work in select and selectattr', () => {
    expect(outcome("{{ [0, 5, 500]|select('between', 1)|list }}", {}, { tests })).toBe('[5]');
    expect(outcome("{{ [{'n': 3}, {'n': 0}]|selectattr('n', 'between', 1, 4)|list }}", {}, { tests })).toBe(
      "[{'n': 3}]",
    );
  });

  it('refuse an unknown keyword', () => {
    expect(outcome('{{ 1 is between(1, top=2) }}', {}, { tests })).toBe(
      "!TypeError: between() got an unexpected keyword argument 'top'",
    );
  });

  it('keep the built-in tests next to them', () => {
    expect(outcome('{{ 4 is even }}{{ 4 is between(3) }}', {}, { tests })).toBe('TrueTrue');
  });

  it('replace a built-in test of the same name, a comparison test or another, in outputs and ifs', () => {
    // Built-in comparison tests compile as the comparison; one the template's options replace must not.
    const reversed: TestSpec = {
      params: ['b'],
      required: 1,
      fn: (_state, value, other) => Number(value) > Number(other),
    };
    // An empty list: false to Python, true to JavaScript.
    const empty: TestSpec = { params: [], fn: () => [] as unknown as boolean };
    const source =
      '{{ 1 is lt 2 }} {% if 3 is lessthan 2 %}gt{% endif %} {{ 1 is even }} {% if 1 is even %}odd{% endif %}';
    expect(outcome(source, {}, { tests: { lt: reversed, lessthan: reversed, even: empty } })).toBe(
      'False gt [] ',
    );
    expect(outcome(source)).toBe('True  False ');
  });
});

describe('the clock', () => {
  const now = () => new Date('2024-03-10T03:30:00Z');

  it('`now` drives `today`, in UTC by default and in the zone given', () => {
    expect(outcome("{{ '%Y-%m-%d %H:%M'|today }}", {}, { now })).toBe('2024-03-10 03:30');
    expect(outcome("{{ '%Y-%m-%d %H:%M'|today('EST') }}", {}, { now })).toBe('2024-03-09 22:30');
    expect(outcome("{{ '%d/%m/%Y %H:%M'|today(timeZone='Asia/Kolkata') }}", {}, { now })).toBe(
      '10/03/2024 09:00',
    );
  });

  it('is read at render time, so one template renders each render’s date', () => {
    let day = 1;
    const template = compile("{{ '%d'|today }}", { now: () => new Date(Date.UTC(2024, 0, day++, 12)) });
    expect([template.render(), template.render(), template.render()]).toEqual(['01', '02', '03']);
  });

  it('two templates of the same source keep their own clocks', () => {
    const source = "{{ '%Y'|today }}";
    const a = compile(source, { now: () => new Date('2001-06-01T00:00:00Z') });
    const b = compile(source, { now: () => new Date('2002-06-01T00:00:00Z') });
    expect([a.render(), b.render()]).toEqual(['2001', '2002']);
  });

  it('defaults to the real time', () => {
    const before = new Date().getUTCFullYear();
    const year = Number(compile("{{ '%Y'|today }}").render());
    expect([before, new Date().getUTCFullYear()]).toContain(year);
  });
});

describe('the cache of compiled programs', () => {
  it('the same source compiles to the same program', () => {
    const source = `{{ cached_${Date.now()}.a }}`;
    const a = compile(source);
    const b = compile(source);
    expect(a).not.toBe(b);
    expect(a.names).toBe(b.names);
  });

  it('`cache: false` compiles anew and does not fill the cache', () => {
    const source = `{{ uncached_${Date.now()}.a }}`;
    const fresh = compile(source, { cache: false });
    const again = compile(source, { cache: false });
    expect(fresh.names).not.toBe(again.names);
    expect(fresh.names).toEqual(again.names);
    expect(compile(source).names).not.toBe(fresh.names);
  });

  it('different sources never share a program', () => {
    const a = compile('{{ a }}');
    const b = compile('{{ b }}');
    expect(a.names).not.toBe(b.names);
    expect([a.render({ a: 1, b: 2 }), b.render({ a: 1, b: 2 })]).toEqual(['1', '2']);
  });

  it('a cached program still applies the limits given to each compile', () => {
    const source = "{{ 'ab' * 3 }}";
    expect(compile(source).render()).toBe('ababab');
    const strict = compile(source, { limits: { maxOutputSize: 5 } });
    expect(strict.names).toBe(compile(source).names);
    expect(outcome(source, {}, { limits: { maxOutputSize: 5 } })).toBe(
      '!LimitError: the result would be longer than 5 characters or items',
    );
  });

  it('a template compiled with custom filters does not reuse a program compiled without them', () => {
    const source = "{{ 'a'|upper }}";
    expect(compile(source).render()).toBe('A');
    const lower: FilterSpec = { params: [], fn: (_state, value) => String(value).toLowerCase() };
    expect(compile(source, { filters: { upper: lower } }).render()).toBe('a');
    expect(compile(source).render()).toBe('A');
  });

  it('renders of one template do not share state', () => {
    const template = compile(
      '{% set ns = namespace(n=0) %}{% for i in xs %}{% set ns.n = ns.n + i %}{% endfor %}{{ ns.n }}',
    );
    expect(template.render({ xs: [1, 2] })).toBe('3');
    expect(template.render({ xs: [10] })).toBe('10');
  });
});

describe('not sending', () => {
  function signal(source: string, data: Record<string, unknown> = {}): NotSentSignal {
    const error = thrownBy(() => compile(source).render(data));
    if (error instanceof NotSentSignal) return error;
    throw new Error(`expected NotSentSignal, got ${String(error)}`);
  }

  it('`{% MOE_NOT_SEND("reason") %}` stops the render with that reason', () => {
    const stop = signal('Hello{% MOE_NOT_SEND("out of stock") %} there');
    expect(stop.reason).toBe('out of stock');
    expect(stop.message).toBe('not sent: out of stock');
    expect(stop).toBeInstanceOf(TemplateError);
    expect(stop).not.toBeInstanceOf(TemplateRuntimeError);
  });

  it('`{% MOE_NOT_SEND %}` without a reason gives the tag name as the reason', () => {
    expect(signal('a{% MOE_NOT_SEND %}b').reason).toBe('MOE_NOT_SEND');
  });

  it('the reason may be any expression', () => {
    expect(signal("{% MOE_NOT_SEND(why ~ '!') %}", { why: 'no city' }).reason).toBe('no city!');
  });

  it('the tag in a branch that does not run does nothing', () => {
    expect(
      compile('{% if send %}ok{% else %}{% MOE_NOT_SEND("off") %}{% endif %}').render({ send: true }),
    ).toBe('ok');
    expect(
      signal('{% if send %}ok{% else %}{% MOE_NOT_SEND("off") %}{% endif %}', { send: false }).reason,
    ).toBe('off');
  });

  it('the tag stops the render from inside loops and macros', () => {
    expect(
      signal('{% for i in [1, 2] %}{{ i }}{% if i == 2 %}{% MOE_NOT_SEND("two") %}{% endif %}{% endfor %}')
        .reason,
    ).toBe('two');
    expect(signal('{% macro m() %}{% MOE_NOT_SEND("macro") %}{% endmacro %}x{{ m() }}').reason).toBe('macro');
  });

  it('the signal names the place of the tag', () => {
    const stop = signal('line\n  {% MOE_NOT_SEND("r") %}');
    expect([stop.line, stop.column]).toEqual([2, 6]);
  });

  it("`|default('MOE_NOT_SEND')` on a missing value stops the render naming the value", () => {
    expect(
      signal("Hi {{ UserAttribute['First name']|default('MOE_NOT_SEND') }}", { UserAttribute: {} }).reason,
    ).toBe("UserAttribute['First name'] is missing");
    expect(signal("{{ EventAttribute.city|d('MOE_NOT_SEND') }}", { EventAttribute: {} }).reason).toBe(
      'EventAttribute.city is missing',
    );
    expect(signal("{{ name|default('MOE_NOT_SEND')|title }}").reason).toBe('name is missing');
  });

  it("`|default('MOE_NOT_SEND')` on a present value passes it through", () => {
    const source = "Hi {{ UserAttribute['First name']|default('MOE_NOT_SEND')|title }}";
    expect(compile(source).render({ UserAttribute: { 'First name': 'ada' } })).toBe('Hi Ada');
    expect(compile("{{ n|default('MOE_NOT_SEND') }}").render({ n: 0 })).toBe('0');
  });

  it('`MOE_NOT_SEND` with more than one value is a syntax error', () => {
    expect(thrownBy(() => compile("{% MOE_NOT_SEND('a', 'b') %}"))).toBeInstanceOf(TemplateSyntaxError);
  });
});
