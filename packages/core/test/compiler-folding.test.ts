/**
 * Constant folding (`src/compiler/fold.ts`): what folds, what it skips, that each node is evaluated once, that a
 * folded value never outlives one render, and that render limits hold as if nothing were folded.
 */
import { describe, expect, it } from 'vitest';
import { ConstantFolder, freshCopy, safeRepr, smallValue } from '../src/compiler/fold';
import { compile, type FilterSpec, type RenderState } from '../src/index';
import type * as ast from '../src/parser/ast';
import { parse } from '../src/parser/parser';
import { marksRecord, markWith } from '../src/runtime/array-marks';
import { isTuple, Markup, namedTuple, PyFloat, tuple, Undefined } from '../src/runtime/values';
import { outcome } from './helpers/template-outcome';

/** The expression of a template that is one `{{ }}`. */
function expressionOf(source: string): ast.Expr {
  const [output] = parse(source).body as ast.Output[];
  return output.nodes[0] as ast.Expr;
}

/** A folder that evaluates `+` of two numbers only, counting its evaluations. */
function countingFolder(): { folder: ConstantFolder; evaluations: () => number } {
  let count = 0;
  const folder = new ConstantFolder(
    (node) => {
      count++;
      if (node.type !== 'BinOp' || node.op !== '+') throw new Error(`cannot evaluate ${node.type}`);
      return ((node.left as ast.Const).value as number) + ((node.right as ast.Const).value as number);
    },
    () => false,
  );
  return { folder, evaluations: () => count };
}

describe('the constant folder', () => {
  it('evaluates each node once, so folding is linear in the size of the expression', () => {
    const { folder, evaluations } = countingFolder();
    const n = 400; // the parser's nesting limit is 500
    const sum = expressionOf(`{{ ${Array(n).fill('1').join(' + ')} }}`);
    expect(folder.valueOf(sum)).toEqual({ value: n });
    expect(evaluations()).toBe(n - 1);
    folder.valueOf(sum);
    expect(evaluations()).toBe(n - 1);
  });

  it('stops an `or` chain at its first true operand and an `and` chain at its first false one', () => {
    const { folder, evaluations } = countingFolder();
    expect(folder.valueOf(expressionOf('{{ 0 or 2 or x|nope or y }}'))).toEqual({ value: 2 });
    expect(folder.valueOf(expressionOf("{{ 1 and '' and x }}"))).toEqual({ value: '' });
    expect(folder.valueOf(expressionOf('{{ 0 or x or 2 }}'))).toBeNull();
    expect(folder.valueOf(expressionOf('{{ 1 > 2 < x }}'))).toBeNull(); // the folder given evaluates only `+`
    expect(evaluations()).toBe(1);
  });

  it('leaves names, calls, unknown and context filters, and failing operations to the render', () => {
    const { folder } = countingFolder();
    for (const source of [
      '{{ x }}',
      '{{ range(3) }}',
      '{{ [1]|nope }}',
      "{{ [1]|map('string') }}",
      '{{ 1 - 2 }}',
    ])
      expect(folder.valueOf(expressionOf(source)), source).toBeNull();
  });
});

describe('safeRepr, as Jinja2 decides which folded values may stand in the compiled template', () => {
  it('takes None, booleans, numbers, strings, Markup, and lists, tuples and dicts of them', () => {
    const dict = new Map<unknown, unknown>([[1, 'a']]);
    for (const value of [
      null,
      true,
      1,
      2n,
      new PyFloat(1),
      'a',
      new Markup('<b>'),
      [1, [2]],
      tuple([1]),
      { a: [1] },
      dict,
    ])
      expect(safeRepr(value), String(value)).toBe(true);
  });

  it('refuses an Undefined, a function, a generator, a namedtuple and containers of them', () => {
    const generator = markWith([1], marksRecord({ iterator: { type: 'generator', name: 'f' } }));
    for (const value of [
      new Undefined(),
      () => 1,
      generator,
      namedTuple([1, 2], ['a', 'b']),
      [new Undefined()],
      { a: () => 1 },
    ])
      expect(safeRepr(value), String(value)).toBe(false);
  });

  it('counts characters and items toward the size a folded value may have', () => {
    expect(smallValue('x'.repeat(1024))).toBe(true);
    expect(smallValue('x'.repeat(1025))).toBe(false);
    expect(smallValue(Array(600).fill('ab'))).toBe(false);
    expect(smallValue({ a: 'x'.repeat(1000) })).toBe(true);
    expect(smallValue(2n ** 5000n)).toBe(false);
  });
});

describe('freshCopy', () => {
  it('copies lists, tuples and dicts all the way down, keeping what marks a tuple', () => {
    const inner = [1];
    const value = tuple([inner, { a: [2] }, new Map([[1, [3]]])]);
    const copy = freshCopy(value) as unknown[];
    expect(copy).toEqual(value);
    expect(copy).not.toBe(value);
    expect(copy[0]).not.toBe(inner);
    expect(isTuple(copy)).toBe(true);
    expect(isTuple(copy[0])).toBe(false);
  });
});

describe('folding in templates', () => {
  it('never compiles what a folded expression does not evaluate, as Jinja2', () => {
    expect(outcome('{% set y = (1, 2)[-2:] or x|nope %}{{ y }}')).toBe('(1, 2)');
    expect(outcome("{% if 'ab'|upper == 'AB' or x is nope %}yes{% endif %}")).toBe('yes');
    expect(outcome('{{ 1 > 2 < x|nope }}')).toBe('False');
    expect(outcome('{% set y = 1 < 2 < x|nope %}')).toBe("!TemplateAssertionError: No filter named 'nope'.");
  });

  it('prints any folded value in an output, and only safe ones elsewhere', () => {
    expect(outcome("{{ 'a'.upper or x|nope }}")).toBe(
      '<built-in method upper of str object at 0x7f0000000000>',
    );
    expect(outcome("{% set y = 'a'.upper or x|nope %}")).toBe(
      "!TemplateAssertionError: No filter named 'nope'.",
    );
    expect(outcome('{{ (1)[1:] }}|{{ (1)[1:] is defined }}')).toBe('|False');
    expect(outcome('{% if (1)[1:] %}{% endif %}')).toBe("!TypeError: 'int' object is not subscriptable");
    // A list folded from what only folding evaluates: the render keeps the folded value.
    expect(outcome('{{ x ~ ((0)[1:]|reverse|list) }}', { x: 1 })).toBe('1[]');
  });

  it('makes a folded list anew in each render, as Jinja2 writes it into the code as a literal', () => {
    const template = compile('{% set l = [1] or x|nope %}{{ l.append(2) }}{{ l }}');
    expect(template.render()).toBe('None[1, 2]');
    expect(template.render()).toBe('None[1, 2]');
  });

  it('runs no filter of the application while compiling, nor one that replaces a built-in', () => {
    let calls = 0;
    const counted: FilterSpec = {
      params: [],
      fn: (_state: RenderState, value: unknown) => {
        calls++;
        return String(value).toUpperCase();
      },
    };
    const template = compile("{{ 'a'|shout }}{{ 'b'|upper }}", {
      filters: { shout: counted, upper: counted },
    });
    expect(calls).toBe(0);
    expect(template.render()).toBe('AB');
    expect(calls).toBe(2);
  });

  it('keeps each render limit inside every operation, though the program is shared by all limits', () => {
    const small = { limits: { maxOutputSize: 5 } };
    const tooLong = '!LimitError: the result would be longer than 5 characters or items';
    expect(outcome("{% if 'ab' * 3 %}yes{% endif %}")).toBe('yes');
    expect(outcome("{% if 'ab' * 3 %}yes{% endif %}", {}, small)).toBe(tooLong);
    expect(outcome("{{ ('ab' * 3)|length }}", {}, small)).toBe(tooLong);
    expect(outcome("{% set y = ('ab' * 3)|length %}{{ y }}", {}, small)).toBe(tooLong);
    expect(outcome("{{ ('ab' * 3)|length }}")).toBe('6');
  });

  it('leaves a large constant to the render, which builds it within its own limits', () => {
    expect(outcome("{{ ('x' * 5000)|length }}")).toBe('5000');
    expect(outcome("{{ ('x' * 5000)|length }}", {}, { limits: { maxOutputSize: 4000 } })).toBe(
      '!LimitError: the result would be longer than 4000 characters or items',
    );
  });
});

describe('a literal table only ever subscripted is one object for every render', () => {
  it('looks up as a copy would', () => {
    const template = compile(
      "{% set labels = {'a': 'Alpha', 'b': 2, 'c': none} %}{% for k in keys %}{{ labels[k] }} {{ {'x': 1.5, 'y': true}[k2] }} {{ [10, 20][i] }}|{% endfor %}",
      { cache: false },
    );
    for (let n = 0; n < 3; n++) {
      expect(template.render({ keys: ['a', 'b', 'c'], k2: 'x', i: 1 })).toBe(
        'Alpha 1.5 20|2 1.5 20|None 1.5 20|',
      );
    }
    expect(template.render({ keys: ['z'], k2: 'x', i: 0 })).toBe(' 1.5 10|');
  });

  it('is made anew for each render when a use could change it or what it holds', () => {
    const cases: Array<[string, string]> = [
      // A method call, a filter, printing, a loop over it, an item that is a list, a name also a loop variable.
      ["{% set d = {'a': 1} %}{% set _ = d.update({'b': n}) %}{{ d['a'] }}{{ d|length }}", '12'],
      ['{% set l = [1, 2] %}{% set _ = l.append(n) %}{{ l[0] }}{{ l|length }}', '13'],
      ["{% set d = {'a': [1]} %}{% set _ = d['a'].append(n) %}{{ d['a']|length }}", '2'],
      [
        "{% set d = {'a': 1} %}{% for d in [d] %}{% set _ = d.update({'b': n}) %}{% endfor %}{{ d['a'] }}{{ d|length }}",
        '12',
      ],
    ];
    for (const [source, expected] of cases) {
      const template = compile(source, { cache: false });
      for (let n = 0; n < 3; n++) expect(template.render({ n: 5 })).toBe(expected);
    }
  });

  it('is evaluated in the render, as any fold, where its limit is below the fold limit', () => {
    const source = "{% set t = {'a': 'x' * 60, 'b': 'y'} %}{{ t[k] }}";
    expect(outcome(source, { k: 'b' })).toBe('y');
    expect(outcome(source, { k: 'b' }, { limits: { maxOutputSize: 50 } })).toMatch(/50/);
  });
});
