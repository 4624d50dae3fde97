/**
 * Errors a template author can act on: a syntax error names its line and column and shows the line with a caret;
 * a render error names the place of the failing expression; no error ever shows JavaScript internals, and every
 * error the engine raises is a TemplateError.
 */
import { describe, expect, it } from 'vitest';
import {
  compile,
  TemplateAssertionError,
  TemplateError,
  TemplateRuntimeError,
  TemplateSyntaxError,
} from '../src/index';
import { templateError, thrownBy } from './helpers/template-outcome';

describe('syntax errors have a line, a column and a code frame', () => {
  const cases: Array<{ rule: string; template: string; described: string }> = [
    {
      rule: 'an unclosed print statement points at the lone brace',
      template: 'Hello {{ name }',
      described: "line 1, column 15: unexpected '}'\n1 | Hello {{ name }\n                  ^",
    },
    {
      rule: 'a missing loop sequence points at the end of the tag, on its own line',
      template: 'line1\n{% for x in %}',
      described:
        "line 2, column 13: Expected an expression, got 'end of statement block'\n2 | {% for x in %}\n                ^",
    },
    {
      rule: 'an unclosed block names the tags Jinja2 was looking for',
      template: 'a\nb\n  {% if x %}no end',
      described:
        "line 3, column 13: Unexpected end of template. Jinja was looking for the following tags: 'elif' or 'else' or 'endif'. The innermost block that needs to be closed is 'if'.\n3 |   {% if x %}no end\n                ^",
    },
    {
      rule: 'a missing operand names the token found instead',
      template: '{{ 1 + }}',
      described: "line 1, column 8: unexpected 'end of print statement'\n1 | {{ 1 + }}\n           ^",
    },
    {
      rule: 'a stray end tag is an unknown tag',
      template: 'x\n{% endfor %}',
      described: "line 2, column 4: Encountered unknown tag 'endfor'.\n2 | {% endfor %}\n       ^",
    },
    {
      rule: 'two expressions in one print statement',
      template: '{{ a b }}',
      described:
        "line 1, column 6: expected token 'end of print statement', got 'b'\n1 | {{ a b }}\n         ^",
    },
    {
      rule: 'an unknown filter outside any condition fails when compiling',
      template: '{{ x|nosuchfilter }}',
      described: "line 1, column 6: No filter named 'nosuchfilter'.\n1 | {{ x|nosuchfilter }}\n         ^",
    },
    {
      rule: 'break outside a loop',
      template: '{% break %}',
      described: "line 1, column 4: 'break' outside loop\n1 | {% break %}\n       ^",
    },
    {
      rule: 'Windows line ends count as one line each',
      template: 'a\r\nb\r\n{{ }}',
      described:
        "line 3, column 4: Expected an expression, got 'end of print statement'\n3 | {{ }}\n       ^",
    },
  ];

  for (const { rule, template, described } of cases) {
    it(rule, () => {
      const error = thrownBy(() => compile(template));
      expect(error).toBeInstanceOf(TemplateSyntaxError);
      const syntax = error as TemplateSyntaxError;
      expect(syntax.describe()).toBe(described);
      const [where] = described.split(':');
      expect(`line ${syntax.line}, column ${syntax.column}`).toBe(where);
      expect(syntax.frame).toBe(described.split('\n').slice(1).join('\n'));
    });
  }

  it('a syntax error is raised by compile, before any render', () => {
    expect(() => compile('{% if %}')).toThrow(TemplateSyntaxError);
  });

  it('what Jinja2 checks while compiling is a TemplateAssertionError, a kind of TemplateSyntaxError', () => {
    for (const template of [
      '{{ x|nope }}',
      '{% block a %}{% endblock %}{% block a %}{% endblock %}',
      '{% for loop in x %}{% endfor %}',
      '{% macro m(caller) %}{{ caller() }}{% endmacro %}',
    ]) {
      const error = thrownBy(() => compile(template));
      expect(error).toBeInstanceOf(TemplateAssertionError);
      expect(error).toBeInstanceOf(TemplateSyntaxError);
      expect((error as TemplateAssertionError).name).toBe('TemplateAssertionError');
    }
    expect(thrownBy(() => compile('{% break %}'))).not.toBeInstanceOf(TemplateAssertionError);
  });

  it('of two unknown filters, the outermost is reported, as Jinja2 looks it up first', () => {
    expect(thrownBy(() => compile('{{ x|one|two }}'))).toMatchObject({ message: "No filter named 'two'." });
  });

  it('the messages read as Jinja2 3.1 writes them', () => {
    expect(thrownBy(() => compile('{% if x %}{% else %}{% else %}{% endif %}'))).toMatchObject({
      message:
        "Encountered unknown tag 'else'. Jinja was looking for the following tags: 'endif'. The innermost block that needs to be closed is 'if'.",
      line: 1,
      column: 24,
    });
    expect(thrownBy(() => compile('{% macro m(a=1, b) %}{% endmacro %}'))).toMatchObject({
      message: 'non-default argument follows default argument',
    });
  });
});

describe('render errors name the failing expression', () => {
  it.each([
    ['ok\n  {{ x / 0 }}', { x: 1 }, 'ZeroDivisionError', 'division by zero', 2, 6],
    ['x{{ 1 }}{{ "a" + 1 }}', {}, 'TypeError', 'can only concatenate str (not "int") to str', 1, 12],
    [
      "{{ u['First Name'].upper() }}",
      { u: {} },
      'UndefinedError',
      "'dict object' has no attribute 'First Name'",
      1,
      25,
    ],
    [
      '{% if true %}\n\n   {{ [1]|join(1, 2, 3) }}{% endif %}',
      {},
      'TypeError',
      'sync_do_join() takes from 2 to 4 positional arguments but 5 were given',
      3,
      11,
    ],
    ['{% for a, b in [1] %}{% endfor %}', {}, 'TypeError', 'cannot unpack non-iterable int object', 1, 4],
    [
      '{% for x in [1] if x.y.z %}{% endfor %}',
      {},
      'UndefinedError',
      "'int object' has no attribute 'y'",
      1,
      23,
    ],
    [
      '{% set n = none %}\n{% set n.a = 1 %}',
      {},
      'TemplateRuntimeError',
      'cannot assign attribute on non-namespace object',
      2,
      4,
    ],
    [
      '{% macro m() %}\n  {{ 1 // 0 }}\n{% endmacro %}{{ m() }}',
      {},
      'ZeroDivisionError',
      'integer division or modulo by zero',
      2,
      6,
    ],
  ])('%j fails with its kind, message, line and column', (template, data, kind, message, line, column) => {
    const error = templateError(template, data);
    expect(error).toBeInstanceOf(TemplateRuntimeError);
    expect([(error as TemplateRuntimeError).kind, error.message, error.line, error.column]).toEqual([
      kind,
      message,
      line,
      column,
    ]);
    const lines = template.split('\n');
    expect(error.describe()).toBe(
      `line ${line}, column ${column}: ${message}\n${line} | ${lines[line - 1]}\n${' '.repeat(`${line} | `.length + column - 1)}^`,
    );
  });

  it('an error inside nested statements names the failing expression, not the statements around it', () => {
    const error = templateError('{% for i in [1] %}{% if i %}\n{{ i ~ (none + 1) }}{% endif %}{% endfor %}');
    expect([error.line, error.column]).toEqual([2, 4]);
  });
});

/** Text that shows JavaScript rather than the template language. */
const JS_ISMS = [
  'undefined is not',
  'Cannot read properties',
  'TypeError:',
  'at Object.',
  '.ts:',
  'function (',
  '=>',
  '[object ',
  'is not a function',
  'Symbol(',
  'null is not',
];

class Thing {
  x = 1;
  method(): number {
    return 2;
  }
}

const circular: Record<string, unknown> = { a: 1 };
circular.self = circular;

/** Data a caller might pass, including JS values that have no Python meaning. */
const data: Record<string, unknown> = {
  n: null,
  i: 3,
  s: 'text',
  l: [1, 2],
  d: { a: 1 },
  fn: () => 'secret',
  date: new Date(0),
  thing: new Thing(),
  sym: Symbol('s'),
  undef: undefined,
  nan: Number.NaN,
  inf: Number.POSITIVE_INFINITY,
  big: 2n ** 70n,
  circ: circular,
  map: new Map<unknown, unknown>([
    [1, 'one'],
    ['k', 'v'],
  ]),
  set: new Set([1, 2]),
  bytes: new Uint8Array([1, 2]),
  nullproto: Object.assign(Object.create(null), { k: 'v' }),
  re: /x/g,
  err: new Error('boom'),
};

/** Templates that fail, or that reach for JS values; each must end in text or in a clean TemplateError. */
const battery = [
  '{{ n.a.b }}',
  '{{ n() }}',
  '{{ s() }}',
  '{{ i.x.y }}',
  '{{ missing.x }}',
  '{{ missing() }}',
  '{{ s.__class__.__mro__ }}',
  "{{ s.constructor.constructor('return 1')() }}",
  '{{ d.__proto__.x }}',
  "{{ d['__proto__']['polluted'] }}",
  '{{ fn() }}',
  '{{ fn.call() }}',
  "{{ d|attr('constructor') }}",
  '{{ thing.method() }}',
  '{{ date.getTime() }}',
  '{{ sym|length }}',
  '{{ undef.x }}',
  '{{ big * 2 }}{{ big / 0 }}',
  '{{ circ|tojson }}',
  '{{ map[1] }}{{ map|dictsort }}',
  '{{ set|list }}',
  '{{ bytes|list }}',
  '{{ nullproto.k.x }}',
  '{{ re.test("x") }}',
  '{{ err.stack }}{{ err.message.x.y }}',
  '{{ range(1, 2, 0) }}',
  "{{ 1 < 'a' }}",
  "{{ [1, 'a']|sort }}",
  '{{ i|first }}',
  "{{ l|map('nosuch')|list }}",
  "{{ l|select('nosuch')|list }}",
  "{{ -'a' }}",
  "{{ 'a' * 'b' }}",
  '{{ 1 // 0 }}{{ 1 % 0 }}',
  "{{ 'abc'[1:2:0] }}",
  '{% set n.y = 1 %}',
  "{{ 'nope'|dateFormatter('%Y') }}",
  "{{ '%Y'|today('Nowhere/Zone') }}",
  "{{ 'x'|base64decode }}",
  "{{ '%d'|format('a') }}",
  "{{ l|sum(attribute='x') }}",
  "{{ d|dictsort(by='x') }}",
  '{{ dict(1) }}',
  '{{ namespace(1) }}',
  '{{ cycler() }}',
  '{% for a, b in l %}{% endfor %}',
  "{{ i|round('a') }}",
  '{{ s|truncate(-1) }}',
  "{{ 1|dateTimeFormatter(tzOffset='a') }}",
  "{{ s.split(none, 'x') }}",
  '{{ d.get() }}',
  '{{ l.index(9) }}',
  '{{ 2 ** 100000 }}',
  "{{ 'x' * -1 }}{{ l * big }}",
  '{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}',
  '{{ caller() }}',
  '{{ loop.index }}',
  '{{ l|slice(0)|list }}',
  '{{ thing|tojson }}',
  '{{ sym|tojson }}',
  '{{ inf|int }}',
  '{{ s.encode() }}',
  '{{ thing|items }}',
  '{% macro m(a) %}{% endmacro %}{{ m(1, 2, b=3) }}',
  '{% for x in l %}{{ loop.cycle() }}{% endfor %}',
  '{% for x in l %}{{ loop(x) }}{% endfor %}',
  '{% cycle("a") %}',
  '{{ x|nosuchfilter if false }}{{ x|nosuchfilter if true }}',
];

describe('no error shows JavaScript internals', () => {
  it('the battery is large enough to mean something', () => {
    expect(battery.length).toBeGreaterThanOrEqual(40);
  });

  for (const template of battery) {
    it(`${template} ends in text or a clean TemplateError`, () => {
      let text: string | undefined;
      let error: unknown;
      try {
        text = compile(template).render(data);
      } catch (thrown) {
        error = thrown;
      }
      if (error === undefined) {
        for (const js of [...JS_ISMS, 'undefined', 'function']) expect(text).not.toContain(js);
        return;
      }
      expect(error).toBeInstanceOf(TemplateError);
      const templateError = error as TemplateError;
      if (templateError instanceof TemplateRuntimeError) expect(templateError.kind).not.toBe('InternalError');
      expect(templateError.line).toBeGreaterThanOrEqual(1);
      for (const js of JS_ISMS) {
        expect(templateError.message).not.toContain(js);
        expect(templateError.describe()).not.toContain(js);
      }
    });
  }

  it('most of the battery does fail, so the checks above are exercised', () => {
    let failures = 0;
    for (const template of battery) {
      try {
        compile(template).render(data);
      } catch {
        failures++;
      }
    }
    expect(failures).toBeGreaterThanOrEqual(45);
  });

  it('a failure in the caller’s own code (a throwing getter) is an InternalError that keeps the cause', () => {
    const boom = new Error('getter exploded');
    const trap = Object.defineProperty({}, 'bad', {
      enumerable: true,
      get() {
        throw boom;
      },
    });
    const error = templateError('{{ trap.bad }}', { trap });
    expect(error).toBeInstanceOf(TemplateRuntimeError);
    expect((error as TemplateRuntimeError).kind).toBe('InternalError');
    expect(error.message).toBe('the engine failed to evaluate this expression');
    expect(error.cause).toBe(boom);
  });
});
