import { describe, expect, it } from 'vitest';
import { TemplateSyntaxError } from '../src/errors';
import { normalizeSource, scan, tokenize } from '../src/lexer/lexer';
import { decodeStringLiteral } from '../src/lexer/string-literal';
import { describeToken, describeTokenExpr, type Token } from '../src/lexer/tokens';
import { PyFloat } from '../src/runtime/values';

/** Tokens as `type` or `type:value`, without positions and the final `eof`. */
function kinds(source: string): string[] {
  return tokenize(source)
    .filter((t) => t.type !== 'eof')
    .map((t) => (['name', 'string', 'data'].includes(t.type) ? `${t.type}:${String(t.value)}` : t.type));
}

/** The text of the data tokens, joined: what the template outputs around its tags. */
function data(source: string): string {
  return tokenize(source)
    .filter((t) => t.type === 'data')
    .map((t) => t.value)
    .join('|');
}

function literal(source: string): Token['value'] {
  return tokenize(`{{ ${source} }}`)[1].value;
}

function lexError(source: string): TemplateSyntaxError {
  const { error } = scan(source);
  if (error === null) throw new Error(`no lexical error in ${JSON.stringify(source)}`);
  return error;
}

describe('delimiters', () => {
  it('splits text, print tags, statement tags and comments into tokens', () => {
    expect(kinds('a{{ x }}b{% if y %}c{# note #}d')).toEqual([
      'data:a',
      'variable_begin',
      'name:x',
      'variable_end',
      'data:b',
      'block_begin',
      'name:if',
      'name:y',
      'block_end',
      'data:c',
      'data:d',
    ]);
  });

  it('a template without tags is one data token', () => {
    expect(kinds('just { text } %}')).toEqual(['data:just { text } %}']);
  });

  it('a print tag ends only when its brackets are balanced', () => {
    expect(kinds("{{ {'a': {'b': 1}}}}")).toEqual([
      'variable_begin',
      'lbrace',
      'string:a',
      'colon',
      'lbrace',
      'string:b',
      'colon',
      'integer',
      'rbrace',
      'rbrace',
      'variable_end',
    ]);
  });

  it('a `}` after a print tag is text', () => {
    expect(data('{{ x }}}')).toBe('}');
  });
});

describe('whitespace control', () => {
  it('`-` at the start of a tag strips all whitespace, newlines included, before it', () => {
    expect(data('a \n\t {{- x }}')).toBe('a');
    expect(data('a \n {%- if x %}{% endif %}')).toBe('a');
    expect(data('a \n {#- c #}')).toBe('a');
  });

  it('`-` at the end of a tag strips all whitespace after it', () => {
    expect(data('{{ x -}} \n\n b')).toBe('b');
    expect(data('{% if x -%}\n  b{% endif %}')).toBe('b');
    expect(data('{# c -#}\n  b')).toBe('b');
  });

  it('`+` is accepted and strips nothing', () => {
    expect(data('a \n{%+ if x +%}\n b{% endif %}')).toBe('a \n|\n b');
    expect(data('a {#+ c +#} b')).toBe('a | b');
  });

  it('without a sign, whitespace around tags is kept (trim_blocks and lstrip_blocks are off)', () => {
    expect(data('a\n  {% if x %}\n  b\n{% endif %}\n')).toBe('a\n  |\n  b\n');
  });

  it('`{{-1}}` reads the `-` as whitespace control, as Jinja does', () => {
    expect(kinds('{{-1}}')).toEqual(['variable_begin', 'integer', 'variable_end']);
  });

  it('stripping uses Python whitespace: U+2028 and U+0085 are stripped, U+FEFF is not', () => {
    expect(data('a\u2028\u0085 {{- x }}')).toBe('a');
    expect(data('a\ufeff {{- x }}')).toBe('a\ufeff');
  });
});

describe('raw blocks', () => {
  it('keeps tags inside raw as text', () => {
    expect(kinds('{% raw %}{{ x }}{% if %}{% endraw %}')).toEqual(['data:{{ x }}{% if %}']);
  });

  it('honours `-` on both raw tags', () => {
    expect(data('a {%- raw -%} {{ x }} {%- endraw -%} b')).toBe('a|{{ x }}|b');
  });

  it('accepts raw written without spaces', () => {
    expect(data('{%raw%}{{ x }}{%endraw%}')).toBe('{{ x }}');
  });

  it('a raw tag with anything else in it is an ordinary (unknown) tag', () => {
    expect(kinds('{% raw x %}')).toEqual(['block_begin', 'name:raw', 'name:x', 'block_end']);
  });
});

describe('newlines', () => {
  it('drops a single trailing newline of the template', () => {
    expect(normalizeSource('a\n')).toBe('a');
    expect(normalizeSource('a\n\n')).toBe('a\n');
    expect(normalizeSource('a\r\n')).toBe('a');
  });

  it('turns \\r\\n and \\r into \\n in text and string literals', () => {
    expect(data('a\r\nb\rc{{ x }}')).toBe('a\nb\nc');
    expect(literal("'a\r\nb'")).toBe('a\nb');
  });

  it('counts lines and code-point columns for every token', () => {
    const tokens = tokenize('ab\n😀 {{ x\n  + y }}');
    const at = (type: string, value?: string) =>
      tokens.find((t) => t.type === type && (value === undefined || t.value === value)) as Token;
    expect(at('variable_begin')).toMatchObject({ line: 2, col: 3 });
    expect(at('name', 'x')).toMatchObject({ line: 2, col: 6 });
    expect(at('add')).toMatchObject({ line: 3, col: 3 });
    expect(at('variable_end')).toMatchObject({ line: 3, col: 7 });
  });

  it('the end-of-template token carries the position of the token before it, as in Jinja', () => {
    const tokens = tokenize('{% if x %}\nabc\n\n');
    expect(tokens[tokens.length - 1]).toMatchObject({ type: 'eof', line: 1, col: 11 });
  });
});

describe('string literals', () => {
  it('decodes Python escapes', () => {
    expect(decodeStringLiteral(String.raw`a\nb\tc\\d\'e\"f`)).toBe('a\nb\tc\\d\'e"f');
    expect(decodeStringLiteral(String.raw`\x41\u00e9\U0001F600\101\0`)).toBe('Aé😀A\0');
    expect(decodeStringLiteral(String.raw`\a\b\f\v\r`)).toBe('\x07\b\f\v\r');
  });

  it('keeps unknown escapes as written', () => {
    expect(decodeStringLiteral(String.raw`\q\8\d`)).toBe(String.raw`\q\8\d`);
  });

  it('drops a backslash-newline pair', () => {
    expect(decodeStringLiteral('a\\\nb')).toBe('ab');
  });

  it('a backslash before a non-ASCII character yields its escape text, as Jinja does', () => {
    expect(decodeStringLiteral('\\é')).toBe('\\xe9');
    expect(decodeStringLiteral('\\€')).toBe('\\u20ac');
  });

  it('adjacent quotes of either kind each make a string token', () => {
    expect(kinds(`{{ 'a' "b" }}`)).toEqual(['variable_begin', 'string:a', 'string:b', 'variable_end']);
  });

  it.each([
    [String.raw`{{ '\x4' }}`, 'truncated \\xXX escape'],
    [String.raw`{{ '\u12' }}`, 'truncated \\uXXXX escape'],
    [String.raw`{{ '\U0001F60' }}`, 'truncated \\UXXXXXXXX escape'],
    [String.raw`{{ '\U00110000' }}`, 'illegal Unicode character'],
    [String.raw`{{ '\N' }}`, 'malformed \\N character escape'],
  ])('a bad escape in %s is the error %s', (source, message) => {
    expect(lexError(source).message).toBe(message);
  });
});

describe('numbers', () => {
  it('reads integers in every base, with underscores', () => {
    expect(literal('42')).toBe(42);
    expect(literal('1_000')).toBe(1000);
    expect(literal('0b101')).toBe(5);
    expect(literal('0o17')).toBe(15);
    expect(literal('0x1F')).toBe(31);
    expect(literal('0X1f')).toBe(31);
    expect(literal('000')).toBe(0);
  });

  it('integers past 2^53 become bigints', () => {
    expect(literal('9007199254740993')).toBe(9007199254740993n);
    expect(literal('0xFFFFFFFFFFFFFFFFFF')).toBe(0xffffffffffffffffffn);
    expect(literal('9007199254740991')).toBe(9007199254740991);
  });

  it('reads non-ASCII decimal digits in integers, as Python int() does', () => {
    expect(literal('1٣')).toBe(13);
  });

  it('integral floats are PyFloat, others plain numbers', () => {
    expect(literal('42.0')).toEqual(new PyFloat(42));
    expect(literal('1e3')).toEqual(new PyFloat(1000));
    expect(literal('1_000.5')).toBe(1000.5);
    expect(literal('1.5E-3')).toBe(0.0015);
    expect(literal('1e400')).toBe(Number.POSITIVE_INFINITY);
  });

  it('a number after a dot is an integer, so `x.0.1` reads two subscripts', () => {
    expect(kinds('{{ x.0.1 }}')).toEqual([
      'variable_begin',
      'name:x',
      'dot',
      'integer',
      'dot',
      'integer',
      'variable_end',
    ]);
  });

  it('splits what Python would not read as one number, as Jinja does', () => {
    expect(kinds('{{ 007 }}')).toEqual(['variable_begin', 'integer', 'integer', 'variable_end']);
    expect(kinds('{{ 1__0 }}')).toEqual(['variable_begin', 'integer', 'name:__0', 'variable_end']);
    expect(kinds('{{ 1.e5 }}')).toEqual(['variable_begin', 'integer', 'dot', 'name:e5', 'variable_end']);
  });
});

describe('names and operators', () => {
  it('reads Unicode identifiers', () => {
    expect(kinds('{{ éte _x ℌ }}')).toEqual([
      'variable_begin',
      'name:éte',
      'name:_x',
      'name:ℌ',
      'variable_end',
    ]);
  });

  it('reads every operator, longest first', () => {
    expect(kinds('{{ a ** b // c == d != e >= f <= g }}').filter((k) => !k.startsWith('name'))).toEqual([
      'variable_begin',
      'pow',
      'floordiv',
      'eq',
      'ne',
      'gteq',
      'lteq',
      'variable_end',
    ]);
    expect(kinds('{{ + - * / % ~ [ ] ( ) { } < > = . : | , ; }}').slice(1, -1)).toEqual([
      'add',
      'sub',
      'mul',
      'div',
      'mod',
      'tilde',
      'lbracket',
      'rbracket',
      'lparen',
      'rparen',
      'lbrace',
      'rbrace',
      'lt',
      'gt',
      'assign',
      'dot',
      'colon',
      'pipe',
      'comma',
      'semicolon',
    ]);
  });

  it('describes tokens as Jinja does in messages', () => {
    const [begin, name] = tokenize('{{ x }}');
    expect(describeToken(begin)).toBe('begin of print statement');
    expect(describeToken(name)).toBe('x');
    expect(describeTokenExpr('name:endfor')).toBe('endfor');
    expect(describeTokenExpr('variable_end')).toBe('end of print statement');
    expect(describeTokenExpr('rparen')).toBe(')');
  });
});

describe('lexical errors', () => {
  it.each([
    ["{{ 'abc }}", 'unexpected char "\'" at 3', 1, 4],
    ['{{ a $ b }}', "unexpected char '$' at 5", 1, 6],
    ['{{ 1 !}}', "unexpected char '!' at 5", 1, 6],
    ['x\n{{ (1 }}', "unexpected '}', expected ')'", 2, 7],
    ['{{ ] }}', "unexpected ']'", 1, 4],
    ['{{ x }', "unexpected '}'", 1, 6],
    ['{{ x² }}', 'Invalid character in identifier', 1, 4],
    ['a\n{# open', 'Missing end of comment tag', 2, 3],
    ['{% raw %} open', 'Missing end of raw directive', 1, 10],
    ['{{ 1٣.5 }}', 'invalid decimal literal', 1, 4],
  ])('%j fails with %j at line %i, column %i', (source, message, line, col) => {
    const error = lexError(source);
    expect(error).toBeInstanceOf(TemplateSyntaxError);
    expect([error.message, error.line, error.column]).toEqual([message, line, col]);
    expect(error.frame).toContain('^');
  });

  it('reports the position of an unexpected character in code points, as Python does', () => {
    expect(lexError('😀{{ $ }}').message).toBe("unexpected char '$' at 4");
  });

  it('uses Python repr for the unexpected character', () => {
    expect(lexError('{{ \ufeff }}').message).toBe("unexpected char '\\ufeff' at 3");
  });

  it('keeps the tokens read before a lexical error, so that an earlier parse error can win', () => {
    const { tokens, error } = scan("{{ 1 2 }}{{ 'open }}");
    expect(tokens.map((t) => t.type)).toEqual([
      'variable_begin',
      'integer',
      'integer',
      'variable_end',
      'variable_begin',
    ]);
    expect(error?.message).toBe('unexpected char "\'" at 12');
  });

  it('ignores an unclosed comment or raw tag at the very end of the template, as Jinja does', () => {
    expect(kinds('a{#')).toEqual(['data:a']);
    expect(kinds('a{% raw %}')).toEqual(['data:a']);
  });

  it('tokenize throws the lexical error', () => {
    expect(() => tokenize('{{ @ }}')).toThrow(TemplateSyntaxError);
  });
});
