import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TemplateSyntaxError } from '../src/errors';
import { normalizeSource, scan } from '../src/lexer/lexer';
import { parse, parseAll } from '../src/parser/parser';
import { validate } from '../src/parser/validate';

// Read through globalThis: the package does not depend on Node's type definitions.
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
/** A few seconds by default; `FC_RUNS=100000` searches harder. */
const numRuns = Number(env.FC_RUNS ?? 300);

const FRAGMENTS = [
  '{{',
  '}}',
  '{%',
  '%}',
  '{#',
  '#}',
  '{{-',
  '-}}',
  '{%-',
  '-%}',
  '{%+',
  '+%}',
  'if',
  'elif',
  'else',
  'endif',
  'for',
  'in',
  'endfor',
  'set',
  'endset',
  'macro',
  'endmacro',
  'call',
  'endcall',
  'filter',
  'endfilter',
  'with',
  'endwith',
  'block',
  'endblock',
  'raw',
  'endraw',
  'break',
  'continue',
  'cycle',
  'MOE_NOT_SEND',
  'include',
  'recursive',
  'is',
  'not',
  'and',
  'or',
  'loop',
  'ns.x',
  'x',
  'y',
  'none',
  'true',
  '1',
  '2.5',
  '0x1F',
  '1_0',
  '1e3',
  "'",
  '"',
  "'s'",
  '"t"',
  '\\',
  '\\x4',
  '\\u00e9',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  ':',
  '.',
  '|',
  '=',
  '+',
  '-',
  '*',
  '/',
  '//',
  '%',
  '**',
  '~',
  '==',
  '<',
  '>=',
  ' ',
  ' ',
  '\n',
  '\r\n',
  '\t',
  'é',
  '😀',
  '\u2028',
];

const templateish = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 }).map((parts) => parts.join(''));
const anyText = fc.string({ unit: 'binary', maxLength: 60 });
const inputs = fc.oneof(templateish, anyText);

/** The outcome of `parse`: the template, or the syntax error (anything else is rethrown and fails the property). */
function outcome(source: string): { ok: true } | { ok: false; error: TemplateSyntaxError } {
  try {
    const template = parse(source);
    expect(template.type).toBe('Template');
    return { ok: true };
  } catch (e) {
    if (e instanceof TemplateSyntaxError) return { ok: false, error: e };
    throw e;
  }
}

describe('parse on arbitrary input', () => {
  it('returns a Template or throws a TemplateSyntaxError at a real line and column, nothing else', () => {
    fc.assert(
      fc.property(inputs, (source) => {
        const result = outcome(source);
        if (!result.ok) {
          const { line, column } = result.error;
          const lines = source.split(/\r\n|\r|\n/).length;
          expect(Number.isInteger(line) && (line as number) >= 1 && (line as number) <= lines).toBe(true);
          expect(Number.isInteger(column) && (column as number) >= 1).toBe(true);
          expect(result.error.message).not.toMatch(/\[object|TypeError|RangeError|call stack/);
        }
      }),
      { numRuns },
    );
  });

  it('parseAll never throws, agrees with parse on the first syntax error, and adds only the compile-time errors', () => {
    fc.assert(
      fc.property(inputs, (source) => {
        const result = outcome(source);
        const report = parseAll(source);
        if (!result.ok) {
          expect(report.template).toBeNull();
          expect(report.errors[0].message).toBe(result.error.message);
          return;
        }
        // A tree parse accepts may still fail to compile (`{% continue %}` outside a loop, a seed found): parseAll
        // reports exactly those errors, as `validate` finds them, and the tree only when there are none.
        const compiled = validate(parse(source), source, true).map((error) => error.message);
        expect(report.errors.map((error) => error.message)).toEqual(compiled);
        expect(report.template !== null).toBe(compiled.length === 0);
      }),
      { numRuns },
    );
  });

  it('parseAll reports a continue outside a loop that parse accepts', () => {
    expect(() => parse('{%continue+%}')).not.toThrow();
    expect(parseAll('{%continue+%}').errors.map((error) => error.message)).toEqual([
      "'continue' not properly in loop",
    ]);
  });
});

describe('lexer on arbitrary input', () => {
  it('text without tag openers is one data token holding the normalized text', () => {
    fc.assert(
      fc.property(
        anyText.filter((s) => !/\{[{%#]/.test(s)),
        (source) => {
          const { tokens, error } = scan(source);
          expect(error).toBeNull();
          const text = normalizeSource(source);
          expect(tokens.filter((t) => t.type === 'data').map((t) => t.value)).toEqual(
            text === '' ? [] : [text],
          );
        },
      ),
      { numRuns },
    );
  });

  it('token positions never go backwards', () => {
    fc.assert(
      fc.property(templateish, (source) => {
        const { tokens } = scan(source);
        for (let i = 1; i < tokens.length; i++) {
          const [a, b] = [tokens[i - 1], tokens[i]];
          expect(b.line > a.line || (b.line === a.line && b.col >= a.col)).toBe(true);
        }
      }),
      { numRuns },
    );
  });
});
