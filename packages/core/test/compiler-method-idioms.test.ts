/**
 * Two idioms read without the list their method makes: `{% for key, value in d.items() %}` loops over a plain
 * object's keys and values, and `s.split(sep)[i]` finds the one part. Each prints what the list, kept in a
 * variable first, gives, for any value and anything else the receiver may be, errors and their places included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, TemplateError } from '../src/index';
import { Markup, Namespace, tuple, Undefined } from '../src/runtime/values';
import { outcome, thrownBy } from './helpers/template-outcome';

const direct = '{% for k, v in d.items() %}[{{ k }}={{ v }}]{% endfor %}';
// The pairs kept in a variable first: the loop over the list `items()` gives.
const listed = '{% set pairs = d.items() %}{% for k, v in pairs %}[{{ k }}={{ v }}]{% endfor %}';

describe('for key, value in d.items()', () => {
  it('prints what the loop over the pairs prints, for any plain object', () => {
    const value = fc.oneof(
      fc.integer(),
      fc.string(),
      fc.constant(null),
      fc.constant(undefined),
      fc.constant(() => 1),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 3 }), value, { maxKeys: 6 }), (d) => {
        expect(outcome(direct, { d })).toBe(outcome(listed, { d }));
      }),
    );
  });

  it.each<[string, unknown]>([
    [
      'a Map',
      new Map<unknown, unknown>([
        [1, 'a'],
        ['k', null],
      ]),
    ],
    ['a dict with a key named items', { items: 5, a: 1 }],
    ['a list', [1, 2]],
    ['a tuple', tuple([1, 2])],
    ['text', 'ab'],
    ['None', null],
    ['Undefined', new Undefined('d')],
    ['a namespace', new Namespace(undefined, { a: 1 })],
  ])('prints or fails as the loop over the pairs does for %s', (_what, d) => {
    expect(outcome(direct, { d })).toBe(outcome(listed, { d }));
  });

  it('locates an error of items() at the loop', () => {
    const error = thrownBy(() =>
      compile('\n{% for k, v in\n  d.items() %}{{ k }}{% endfor %}').render({ d: 5 }),
    );
    expect(error).toBeInstanceOf(TemplateError);
    expect((error as TemplateError).line).toBe(3);
  });

  it('keeps the order of the keys', () => {
    expect(outcome("{% for k, v in {'b': 2, 'a': 1, '1': 0}.items() %}{{ k }}{{ v }}{% endfor %}")).toBe(
      'b2a110',
    );
  });
});

describe('s.split(sep)[i]', () => {
  const indexes = ['0', '1', '2', '7', '-1'];

  it('is the part the list of parts has there, or what indexing past it gives', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '-', 'é', '😀'), maxLength: 10 });
    fc.assert(
      fc.property(
        text,
        fc.constantFrom(' ', '-', 'ab', 'aa', '😀'),
        fc.constantFrom(...indexes),
        (s, sep, i) => {
          const direct = `[{{ s.split(${JSON.stringify(sep)})[${i}] }}]`;
          const listed = `{% set parts = s.split(${JSON.stringify(sep)}) %}[{{ parts[${i}] }}]`;
          expect(outcome(direct, { s })).toBe(outcome(listed, { s }));
        },
      ),
    );
  });

  it('finds the words of split() with no separator as the list of them has them', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'é', ' ', '\t', '\n', '\u00a0', '\u3000', '\x1c', '😀'),
      maxLength: 10,
    });
    fc.assert(
      fc.property(text, fc.constantFrom(...indexes), (s, i) => {
        expect(outcome(`[{{ s.split()[${i}] }}]`, { s })).toBe(
          outcome(`{% set parts = s.split() %}[{{ parts[${i}] }}]`, { s }),
        );
      }),
    );
  });

  it.each<[string, unknown]>([
    ['Markup', new Markup('a<b>c')],
    ['Undefined', new Undefined('s')],
    ['None', null],
    ['a dict with a split entry', { split: 1 }],
    ['a list', ['a', 'b']],
  ])('does what the list of parts does for %s', (_what, s) => {
    for (const i of indexes) {
      expect(outcome(`[{{ s.split('<')[${i}] }}]`, { s })).toBe(
        outcome(`{% set parts = s.split('<') %}[{{ parts[${i}] }}]`, { s }),
      );
    }
  });
});
