/**
 * `'...'.format(...)` on a string literal with plain fields compiles to a formatter made for it
 * (`plainFormatter`), and so do `'...' % (a, b)` and `'...'|format(a, b)` whose conversions take the items in
 * turn (`plainPercent`): they print what the general path prints, keep the output limit and locate their errors
 * where it does. The general path is the same call with the format string in a variable.
 */
import { describe, expect, it } from 'vitest';
import { compile, LimitError, TemplateError } from '../src/index';
import { plainFormatter, plainPercent } from '../src/runtime/format';
import { outcome } from './helpers/template-outcome';

/** The call with its format string written as a literal, and the same call on a variable holding it. */
function bothWays(fmt: string, args: string, data: Record<string, unknown> = {}): [string, string] {
  return [
    outcome(`{{ ${JSON.stringify(fmt)}.format(${args}) }}`, data),
    outcome(`{{ fmt.format(${args}) }}`, { ...data, fmt }),
  ];
}

/** The TemplateError rendering `source` throws. */
function renderError(source: string, data: Record<string, unknown>): TemplateError {
  let thrown: unknown;
  try {
    compile(source).render(data);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(TemplateError);
  return thrown as TemplateError;
}

describe('a literal format string with plain fields', () => {
  it.each([
    ['{} by {}', "'Tee', 'Acme'", 'prints'],
    ['{1}/{0}/{1}', "'a', 'b'", 'prints'],
    ['{qty} x {name}', "name='Tee', qty=3", 'prints'],
    ['{0} {n}', "'pos', n=none", 'prints'],
    ['{!r} {!s} {!a}', "'é', 1.0, 'ü'", 'prints'],
    ['{:>8.2f}|{:<4}|{:,}', "2.5, 'ab', 1234567", 'prints'],
    ['{{literal}} {} }}', '[1, 2]', 'prints'],
    ['{}', 'missing', 'prints'],
    ['{a}', 'a={"k": 1}', 'prints'],
    ['{:d}', "'text'", 'fails'],
    ['{2}', "'a'", 'fails'],
    ['{}{0}', "'a'", 'fails'],
    ['{name}', "other='a'", 'fails'],
    ['{0.real}', '3', 'prints'],
    ['{!x}', '1', 'fails'],
    ['{:{w}}', "'a', w=5", 'prints'],
    ['{', "'a'", 'fails'],
  ])('%s with (%s) %s as the general path does', (fmt, args, outcome) => {
    const [literal, general] = bothWays(fmt, args);
    expect(literal).toBe(general);
    expect(literal.startsWith('!')).toBe(outcome === 'fails');
  });

  it('is made only for strings whose fields are all plain and name arguments the call has', () => {
    expect(plainFormatter('{} {}', 2, [])).not.toBeNull();
    expect(plainFormatter('{a}', 0, ['a'])).not.toBeNull();
    expect(plainFormatter('{} {}', 1, [])).toBeNull();
    expect(plainFormatter('{b}', 0, ['a'])).toBeNull();
    expect(plainFormatter('{0.attr}', 1, [])).toBeNull();
    expect(plainFormatter('{:{w}}', 1, ['w'])).toBeNull();
    expect(plainFormatter('{}{0}', 2, [])).toBeNull();
    expect(plainFormatter('}', 0, [])).toBeNull();
  });

  it('keeps the output limit inside the call', () => {
    const template = compile("{{ '{}-{}'.format(s, s) }}", { limits: { maxOutputSize: 10 } });
    expect(template.render({ s: 'abcd' })).toBe('abcd-abcd');
    expect(() => template.render({ s: 'abcdef' })).toThrow(LimitError);
  });

  it('locates an error at the call', () => {
    const thrown = renderError("line one\n  {{ '{:d}'.format(x) }}", { x: 'text' });
    expect(thrown.line).toBe(2);
    expect(thrown.message).toContain("Unknown format code 'd' for object of type 'str'");
  });
});

describe('a bare str.format field', () => {
  it.each([
    ['{:.2f}', -0],
    ['{:.2f}', -1.005],
    ['{:.1F}', 2.25],
    ['{}', -0],
    ['{}', -12],
    ['{}', 'text'],
  ])('prints %s of the JavaScript number or text %s as a field with a width does, trimmed', (fmt, x) => {
    const wide = fmt.replace('{:', '{:30').replace('{}', '{:30}');
    expect(outcome(`{{ ${JSON.stringify(fmt)}.format(x) }}`, { x })).toBe(
      outcome(`{{ fmt.format(x)|trim }}`, { fmt: wide, x }),
    );
  });
});

describe('a literal % format whose conversions take the items in turn', () => {
  it.each([
    ['%s x %d', "'Tee', 3"],
    ['%.2f|%5s|%-4d|%x', "2.345, 'ab', 7, 255"],
    ['100%% of %r', "'é'"],
    ['no conversion', ''],
    ['%s', '[1, 2]'],
    ['%d', "'text'"],
    ['%s %s', "'one'"],
    ['%s', "'a', 'b'"],
    ['%(k)s', "'a'"],
    ['%*d', '3, 4'],
    ['%y', '1'],
    ['%', '1'],
  ])('%s with (%s) prints or fails as the general path does, by the filter and by %%', (fmt, args) => {
    const literal = JSON.stringify(fmt);
    const tuple = args === '' ? '()' : `(${args},)`;
    expect(outcome(`{{ ${literal}|format(${args}) }}`)).toBe(outcome(`{{ fmt|format(${args}) }}`, { fmt }));
    expect(outcome(`{{ ${literal} % ${tuple} }}`)).toBe(outcome(`{{ fmt % ${tuple} }}`, { fmt }));
  });

  it('is made only for as many plain conversions as items', () => {
    expect(plainPercent('%s-%d', 2)).not.toBeNull();
    expect(plainPercent('100%%', 0)).not.toBeNull();
    expect(plainPercent('%s-%d', 1)).toBeNull();
    expect(plainPercent('%(a)s', 1)).toBeNull();
    expect(plainPercent('%*d', 2)).toBeNull();
    expect(plainPercent('%', 1)).toBeNull();
  });

  it.each([
    ['%.2f', -0],
    ['%.2f', -1.005],
    ['%d', -0],
    ['%s', -0],
    ['%.1f %%', 12.25],
    ['%s', 'text'],
  ])('prints %s of the JavaScript number or text %s as a conversion with a width does, trimmed', (fmt, x) => {
    const wide = fmt.replace('%.', '%30.').replace(/%([ds])/, '%30$1');
    for (const applied of ['F % x', 'F % (x,)', 'F|format(x)']) {
      const literal = applied.replace('F', JSON.stringify(fmt));
      expect(outcome(`{{ ${literal} }}`, { x })).toBe(outcome(`{{ (fmt % x)|trim }}`, { fmt: wide, x }));
    }
  });

  it("locates the format filter's error at the filter", () => {
    expect(renderError("one\n\n  {{ '%d items'|format(x) }}", { x: 'many' }).line).toBe(3);
  });
});
