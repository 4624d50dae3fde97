/**
 * Text around an `if` moved into its branches before compiling (compiler/branch-text.ts): which statements it
 * rewrites, how, and what it leaves alone. That the rewritten templates print what Jinja2 prints is checked by
 * test/property/branch-text.property.test.ts against Jinja2 itself, and by the conformance suite.
 */
import { describe, expect, it } from 'vitest';
import { moveTextIntoBranches } from '../src/compiler/branch-text';
import type * as ast from '../src/parser/ast';
import { parse } from '../src/parser/parser';
import { compile } from '../src/template';

/** The statements as a short text: `"..."` for literal text, `{{}}` for an expression, `if[...|...]` for an if. */
function shape(body: readonly ast.Stmt[]): string {
  return body
    .map((node) => {
      if (node.type === 'Output') {
        return node.nodes.map((n) => (n.type === 'TemplateData' ? JSON.stringify(n.data) : '{{}}')).join('+');
      }
      if (node.type === 'If') {
        const branches = [node.body, ...node.elif.map((b) => b.body), node.else_];
        return `if[${branches.map(shape).join('|')}]`;
      }
      return node.type;
    })
    .join(' ');
}

const rewritten = (source: string) => shape(moveTextIntoBranches(parse(source).body));

describe('moving text into if branches', () => {
  it('moves the text on both sides into every branch, with an else made for the text alone', () => {
    expect(rewritten('<li>{{ a }}<span{% if low %} class="low"{% endif %}>{{ b }}</li>')).toBe(
      '"<li>"+{{}} if["<span"+" class=\\"low\\""+">"|"<span"+">"] {{}}+"</li>"',
    );
  });

  it('moves text into each elif and the else, and joins it with outputs at the ends of a branch', () => {
    expect(rewritten('[{% if a %}x{{ v }}{% elif b %}{{ w }}{% else %}z{% endif %}]')).toBe(
      'if["["+"x"+{{}}+"]"|"["+{{}}+"]"|"["+"z"+"]"]',
    );
  });

  it('leaves an if with no text next to it, and text next to other statements, where they are', () => {
    for (const source of [
      '{% if a %}x{% endif %}',
      '{{ v }}{% if a %}x{% endif %}{{ w }}',
      'a{% for x in y %}b{% endfor %}c',
    ]) {
      const body = parse(source).body;
      expect(moveTextIntoBranches(body)).toBe(body);
    }
  });

  it('moves text of consecutive ifs once: the text between them goes into the first', () => {
    expect(rewritten('a{% if x %}1{% endif %}b{% if y %}2{% endif %}c')).toBe(
      'if["a"+"1"+"b"|"a"+"b"] if["2"+"c"|"c"]',
    );
  });

  it('moves text next to a nested if on into that if', () => {
    const top = moveTextIntoBranches(parse('<{% if a %}{% if b %}B{% endif %}{% endif %}>').body);
    expect(shape(top)).toBe('if["<" if["B"|] ">"|"<"+">"]');
    const outer = top[0] as ast.If;
    expect(shape(moveTextIntoBranches(outer.body))).toBe('if["<"+"B"+">"|"<"+">"]');
  });

  it('does not copy long text into many branches: the shorter side moves alone, or neither', () => {
    const three = '{% if a %}1{% elif b %}2{% elif c %}3{% endif %}';
    const body = parse(`${'x'.repeat(600)}${three}${'y'.repeat(600)}`).body;
    expect(moveTextIntoBranches(body)).toBe(body);
    expect(rewritten(`${'x'.repeat(600)}${three}>`)).toBe(
      `"${'x'.repeat(600)}" if["1"+">"|"2"+">"|"3"+">"|">"]`,
    );
    expect(rewritten(`<${three}${'y'.repeat(600)}`)).toBe(
      `if["<"+"1"|"<"+"2"|"<"+"3"|"<"] "${'y'.repeat(600)}"`,
    );
    expect(rewritten(`${'x'.repeat(300)}{% if a %}1{% endif %}`)).toMatch(/^if\["x{300}"\+"1"\|"x{300}"\]$/);
  });

  it('makes an inline if that picks text an if, so the text around it moves in too', () => {
    expect(rewritten("{{ n }} item{{ 's' if n != 1 }} left")).toBe(
      '{{}} if[" item"+"s"+" left"|" item"+" left"]',
    );
    expect(rewritten("<{{ 'a' if x else 'b' if y else 'c' }}>")).toBe(
      'if["<"+"a"+">"|"<"+"b"+">"|"<"+"c"+">"]',
    );
    const [made] = moveTextIntoBranches(parse("{{ 'a' if x }}").body) as ast.If[];
    expect(made.testAt).toMatchObject({ line: 1, col: 4 });
  });

  it('leaves inline ifs that pick other values, or sit inside an expression, alone', () => {
    for (const source of ["a{{ v if x else 'b' }}c", "a{{ 'v' if x else 1 }}c", "a{{ ('v' if x)|upper }}c"]) {
      const body = parse(source).body;
      expect(moveTextIntoBranches(body)).toBe(body);
    }
  });

  it('does not change the statements it is given', () => {
    const body = parse('a{% if x %}1{% else %}2{% endif %}b').body;
    const before = JSON.stringify(body);
    moveTextIntoBranches(body);
    expect(JSON.stringify(body)).toBe(before);
  });

  it('renders the same text, and errors stay located where they were written', () => {
    const template = compile(
      '<i{% if n > 1 %} a{% elif n %} b{% endif %}>{% for x in xs %}[{% if x %}{% break %}{% endif %}]{% endfor %}',
    );
    expect(template.render({ n: 2, xs: [0, 0, 1, 0] })).toBe('<i a>[][][');
    expect(template.render({ n: 1, xs: [] })).toBe('<i b>');
    expect(template.render({ n: 0, xs: [0] })).toBe('<i>[]');
    expect(() => compile('ab\n{% if n > "x" %}1{% endif %}cd').render({ n: 1 })).toThrow(
      expect.objectContaining({ line: 2, column: 15 }),
    );
    // An inline if's test fails where the expression starts, as it did before it was made an `if`.
    expect(() => compile('ab\n  {{ "x" if n > "a" }}').render({ n: 1 })).toThrow(
      expect.objectContaining({ line: 2, column: 6 }),
    );
    expect(() => compile('{{ "x" if m else "y" if n > "a" else "z" }}').render({ n: 1, m: false })).toThrow(
      expect.objectContaining({ line: 1, column: 4 }),
    );
  });
});
