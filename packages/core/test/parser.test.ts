import { describe, expect, it } from 'vitest';
import { TemplateSyntaxError } from '../src/errors';
import { compile } from '../src/index';
import type * as ast from '../src/parser/ast';
import { MAX_NESTING, parse, parseAll } from '../src/parser/parser';
import { MAX_AST_DEPTH } from '../src/parser/validate';
import { PyFloat } from '../src/runtime/values';

const COMPARE_TEXT: Record<ast.CompareOperator, string> = {
  eq: '==',
  ne: '!=',
  lt: '<',
  lteq: '<=',
  gt: '>',
  gteq: '>=',
  in: 'in',
  notin: 'not in',
};

function showArgs(node: ast.CallArgs): string {
  return [
    ...node.args.map(show),
    ...node.kwargs.map((k) => `${k.key}=${show(k.value)}`),
    ...(node.dynArgs ? [`*${show(node.dynArgs)}`] : []),
    ...(node.dynKwargs ? [`**${show(node.dynKwargs)}`] : []),
  ].join(', ');
}

/** A compact, fully parenthesized rendering of an expression, to state precedence plainly. */
function show(node: ast.Expr | null): string {
  if (node === null) return '';
  switch (node.type) {
    case 'Const': {
      const v = node.value;
      if (typeof v === 'string') return `'${v}'`;
      if (typeof v === 'bigint') return `${v}n`;
      if (v instanceof PyFloat) return `${v.value}.0`;
      return v === null ? 'none' : String(v);
    }
    case 'Name':
      return node.name;
    case 'Getattr':
      return `${show(node.node)}.${node.attr}`;
    case 'Getitem':
      return `${show(node.node)}[${show(node.arg)}]`;
    case 'Slice':
      return `${show(node.start)}:${show(node.stop)}:${show(node.step)}`;
    case 'Call':
      return `${show(node.node)}(${showArgs(node)})`;
    case 'Filter':
      return `(${show(node.node)}|${node.name}(${showArgs(node)}))`;
    case 'Test':
      return `(${show(node.node)} is ${node.name}(${showArgs(node)}))`;
    case 'CondExpr':
      return `(${show(node.expr1)} if ${show(node.test)}${node.expr2 ? ` else ${show(node.expr2)}` : ''})`;
    case 'BinOp':
      return `(${show(node.left)} ${node.op} ${show(node.right)})`;
    case 'UnaryOp':
      return node.op === 'not' ? `(not ${show(node.node)})` : `(${node.op}${show(node.node)})`;
    case 'And':
    case 'Or':
      return `(${show(node.left)} ${node.type.toLowerCase()} ${show(node.right)})`;
    case 'Concat':
      return `(${node.nodes.map(show).join(' ~ ')})`;
    case 'Compare':
      return `(${show(node.expr)}${node.ops.map((o) => ` ${COMPARE_TEXT[o.op]} ${show(o.expr)}`).join('')})`;
    case 'List':
      return `[${node.items.map(show).join(', ')}]`;
    case 'Tuple':
      return `(${node.items.map((i) => `${show(i)},`).join(' ')})`;
    case 'Dict':
      return `{${node.items.map((p) => `${show(p.key)}: ${show(p.value)}`).join(', ')}}`;
  }
}

/** The single expression of `{{ source }}`. */
function expr(source: string): ast.Expr {
  const [output] = parse(`{{ ${source} }}`).body as ast.Output[];
  return output.nodes[0] as ast.Expr;
}

const showExpr = (source: string) => show(expr(source));

/** The first statement of a template. */
function first<T extends ast.Stmt>(source: string): T {
  return parse(source).body[0] as T;
}

function syntaxError(source: string): TemplateSyntaxError {
  try {
    parse(source);
  } catch (e) {
    if (e instanceof TemplateSyntaxError) return e;
    throw e;
  }
  throw new Error(`${JSON.stringify(source)} parsed without error`);
}

/** The error compiling `source` fails with: what Jinja2 checks while compiling, after parsing. */
function compileError(source: string): TemplateSyntaxError {
  try {
    compile(source);
  } catch (e) {
    if (e instanceof TemplateSyntaxError) return e;
    throw e;
  }
  throw new Error(`${JSON.stringify(source)} compiled without error`);
}

describe('literals', () => {
  it('Const values are runtime values', () => {
    expect(expr('42')).toMatchObject({ type: 'Const', value: 42 });
    expect(expr('42.0')).toMatchObject({ type: 'Const', value: new PyFloat(42) });
    expect(expr('1.5')).toMatchObject({ type: 'Const', value: 1.5 });
    expect(expr('12345678901234567890')).toMatchObject({ type: 'Const', value: 12345678901234567890n });
    expect(expr('"a" \'b\'')).toMatchObject({ type: 'Const', value: 'ab' });
  });

  it('true/True, false/False and none/None are constants; other spellings are names', () => {
    expect(['true', 'True', 'false', 'False', 'none', 'None', 'TRUE'].map(showExpr)).toEqual([
      'true',
      'true',
      'false',
      'false',
      'none',
      'none',
      'TRUE',
    ]);
    expect(expr('None')).toMatchObject({ type: 'Const', value: null });
  });

  it('parses lists, tuples and dicts, with trailing commas', () => {
    expect(showExpr("[1, 'a',]")).toBe("[1, 'a']");
    expect(showExpr('(1,)')).toBe('(1,)');
    expect(showExpr('()')).toBe('()');
    expect(showExpr('(1)')).toBe('1');
    expect(showExpr("{'a': 1, 'b': [2],}")).toBe("{'a': 1, 'b': [2]}");
  });

  it('a print tag with commas prints a tuple', () => {
    expect(showExpr('1, 2')).toBe('(1, 2,)');
  });
});

describe('precedence', () => {
  it.each([
    ['1 + 2 * 3', '(1 + (2 * 3))'],
    ['1 - 2 - 3', '((1 - 2) - 3)'],
    ['2 ** 3 ** 2', '((2 ** 3) ** 2)'],
    ['-2 ** 2', '((-2) ** 2)'],
    ['a * b // c % d / e', '((((a * b) // c) % d) / e)'],
    // `~` binds tighter than `+` and `-` in Jinja2, unlike what one might guess.
    ['a ~ b + c ~ d', '((a ~ b) + (c ~ d))'],
    ['a + b ~ c * d', '(a + (b ~ (c * d)))'],
    ['-x|abs', '((-x)|abs())'],
    ['1 + x|abs', '(1 + (x|abs()))'],
    ['not a == b', '(not (a == b))'],
    ['not not a', '(not (not a))'],
    ['a and b or c and not d', '((a and b) or (c and (not d)))'],
    ['a or b if c else d', '((a or b) if c else d)'],
    ['a if b else c if d else e', '(a if b else (c if d else e))'],
    ['a if b', '(a if b)'],
    ['a if b if c else d', '((a if b) if c else d)'],
  ])('%s parses as %s', (source, shape) => {
    expect(showExpr(source)).toBe(shape);
  });

  it('chains comparisons into one Compare node', () => {
    expect(showExpr('1 < x <= 3 != y')).toBe('(1 < x <= 3 != y)');
    expect(showExpr('a in b not in c')).toBe('(a in b not in c)');
  });

  it('`not in` after an operand is a comparison, `not` before one negates', () => {
    expect(showExpr('a not in b')).toBe('(a not in b)');
    expect(showExpr('not a in b')).toBe('(not (a in b))');
  });
});

describe('postfix, filters and tests', () => {
  it('parses attribute access, subscripts and calls left to right', () => {
    expect(showExpr('a.b[0].c(1)(2)')).toBe('a.b[0].c(1)(2)');
    expect(showExpr('a.0.1')).toBe('a[0][1]');
  });

  it('parses slices with any part left out', () => {
    expect(['a[1:]', 'a[:-1]', 'a[::2]', 'a[1:2:3]', 'a[:]'].map(showExpr)).toEqual([
      'a[1::]',
      'a[:(-1):]',
      'a[::2]',
      'a[1:2:3]',
      'a[::]',
    ]);
  });

  it('several subscripts make a tuple key', () => {
    expect(showExpr('a[1, 2]')).toBe('a[(1, 2,)]');
  });

  it('parses call arguments: positional, keyword, *args and **kwargs', () => {
    const call = expr('f(1, k=2, *a, **b)') as ast.Call;
    expect(show(call)).toBe('f(1, k=2, *a, **b)');
    expect(call.kwargs[0]).toMatchObject({ type: 'Keyword', key: 'k' });
  });

  it('parses filter chains with arguments and dotted names', () => {
    expect(showExpr("x|default('a', true)|e")).toBe("((x|default('a', true))|e())");
    expect(showExpr('x|a.b(k=1)')).toBe('(x|a.b(k=1))');
    expect(showExpr('x|f(1)(2)')).toBe('(x|f(1))(2)');
  });

  it('parses tests, negated tests and the one-argument shorthand', () => {
    expect(showExpr('x is defined')).toBe('(x is defined())');
    expect(showExpr('x is not none')).toBe('(not (x is none()))');
    expect(showExpr('x is divisibleby 3')).toBe('(x is divisibleby(3))');
    expect(showExpr('x is divisibleby(3)')).toBe('(x is divisibleby(3))');
    expect(showExpr('x is sameas y.z[0]')).toBe('(x is sameas(y.z[0]))');
    expect(showExpr('x is defined and y is string')).toBe('((x is defined()) and (y is string()))');
  });

  it('a test binds tighter than a binary operator on its left', () => {
    expect(showExpr('a + b is odd')).toBe('(a + (b is odd()))');
  });
});

describe('statements', () => {
  it('an output node gathers text and print tags until the next statement tag', () => {
    const [output, set] = parse('a{{ x }}b{% set y = 1 %}').body;
    expect(output).toMatchObject({ type: 'Output', nodes: [{ data: 'a' }, { name: 'x' }, { data: 'b' }] });
    expect(set.type).toBe('Assign');
  });

  it('parses if / elif / else into one If with a flat elif list', () => {
    const node = first<ast.If>('{% if a %}1{% elif b %}2{% elif c %}3{% else %}4{% endif %}');
    expect(show(node.test)).toBe('a');
    expect(node.elif.map((e) => show(e.test))).toEqual(['b', 'c']);
    expect(node.else_).toMatchObject([{ type: 'Output', nodes: [{ data: '4' }] }]);
  });

  it('accepts a colon after a statement header, as Jinja does', () => {
    expect(first<ast.If>('{% if x: %}a{% endif %}').type).toBe('If');
  });

  it('parses for loops with unpacking, a filter, recursive and else', () => {
    const node = first<ast.For>(
      '{% for k, v in d.items() if v recursive %}{{ k }}{% else %}none{% endfor %}',
    );
    expect(show(node.target)).toBe('(k, v,)');
    expect(show(node.iter)).toBe('d.items()');
    expect(show(node.test)).toBe('v');
    expect(node.recursive).toBe(true);
    expect(node.else_).toHaveLength(1);
  });

  it('a for loop over several expressions iterates a tuple', () => {
    expect(show(first<ast.For>('{% for x in a, b %}{% endfor %}').iter)).toBe('(a, b,)');
  });

  it('parses set with a name, a tuple, a namespace attribute and a block body', () => {
    expect(first<ast.Assign>('{% set a, b = 1, 2 %}')).toMatchObject({
      target: { type: 'Tuple', items: [{ name: 'a' }, { name: 'b' }] },
      node: { type: 'Tuple' },
    });
    expect(first<ast.Assign>('{% set ns.count = 1 %}').target).toMatchObject({
      type: 'NSRef',
      name: 'ns',
      attr: 'count',
    });
    const block = first<ast.AssignBlock>('{% set x | upper | replace("A", "b") %}a{% endset %}');
    expect(block.target).toMatchObject({ type: 'Name', name: 'x' });
    expect(show(block.filter as ast.Filter)).toBe("((|upper())|replace('A', 'b'))");
    expect(block.body).toHaveLength(1);
  });

  it('parses macros with defaults, call blocks with arguments, filter blocks and with', () => {
    expect(first<ast.Macro>('{% macro m(a, b=1) %}x{% endmacro %}')).toMatchObject({
      name: 'm',
      args: [{ name: 'a' }, { name: 'b' }],
      defaults: [{ value: 1 }],
    });
    const call = first<ast.CallBlock>('{% call(item) list(items) %}{{ item }}{% endcall %}');
    expect(call.args.map((a) => a.name)).toEqual(['item']);
    expect(show(call.call)).toBe('list(items)');
    expect(show(first<ast.FilterBlock>('{% filter upper|trim %}x{% endfilter %}').filter)).toBe(
      '((|upper())|trim())',
    );
    expect(first<ast.With>('{% with a = 1, b = a %}{% endwith %}')).toMatchObject({
      targets: [{ name: 'a' }, { name: 'b' }],
      values: [{ value: 1 }, { name: 'a' }],
    });
  });

  it('parses blocks, scoped or not, with an optional name on endblock', () => {
    expect(first<ast.Block>('{% block main scoped %}x{% endblock main %}')).toMatchObject({
      name: 'main',
      scoped: true,
    });
  });

  it('print is an Output node', () => {
    expect(first<ast.Output>('{% print a, b %}').nodes.map((n) => show(n as ast.Expr))).toEqual(['a', 'b']);
  });

  it('break and continue are allowed anywhere inside a loop body', () => {
    const loop = first<ast.For>('{% for x in y %}{% if x %}{% break %}{% endif %}{% continue %}{% endfor %}');
    expect(loop.body.map((s) => s.type)).toEqual(['If', 'Continue']);
  });

  it('{% autoescape false %} is a plain scope', () => {
    expect(first<ast.With>('{% autoescape false %}x{% endautoescape %}')).toMatchObject({
      type: 'With',
      targets: [],
    });
  });
});

describe("the service's tags", () => {
  it('cycle takes its values in parentheses or after a space', () => {
    expect(first<ast.Cycle>("{% cycle('odd', 'even') %}").args.map(show)).toEqual(["'odd'", "'even'"]);
    expect(first<ast.Cycle>("{% cycle 'a', 'b', c %}").args.map(show)).toEqual(["'a'", "'b'", 'c']);
  });

  it('MOE_NOT_SEND takes an optional reason', () => {
    expect(show(first<ast.NotSend>('{% MOE_NOT_SEND("no name") %}').reason)).toBe("'no name'");
    expect(first<ast.NotSend>('{% MOE_NOT_SEND %}').reason).toBeNull();
    expect(first<ast.NotSend>('{% MOE_NOT_SEND() %}').reason).toBeNull();
  });

  it.each(['include', 'extends', 'import', 'from'])(
    'the %s tag is a syntax error that points to content blocks',
    (tag) => {
      const error = syntaxError(`x{% ${tag} 'a' %}`);
      expect(error.message).toContain(`The '${tag}' tag is not part of this template language`);
      expect(error.message).toContain("ContentBlock['name']");
      expect([error.line, error.column]).toEqual([1, 5]);
    },
  );
});

describe('positions', () => {
  it("every node records a position: a name its start, an attribute its dot, a filter its name (Jinja2's choices)", () => {
    const [output] = parse('line one\n  {{ user.name|upper }}').body as ast.Output[];
    const filter = output.nodes[1] as ast.Filter;
    expect(filter).toMatchObject({ line: 2, col: 16 });
    expect(filter.node).toMatchObject({ type: 'Getattr', line: 2, col: 10 });
    expect((filter.node as ast.Getattr).node).toMatchObject({ type: 'Name', line: 2, col: 6 });
  });

  it('error columns are in code points', () => {
    expect(syntaxError('😀😀{{ 1 + }}')).toMatchObject({ line: 1, column: 10 });
  });

  it('errors carry a code frame of the original line', () => {
    const error = syntaxError('a\r\n{{ x }');
    expect(error.frame).toBe('2 | {{ x }\n         ^');
    expect(error.describe()).toBe("line 2, column 6: unexpected '}'\n2 | {{ x }\n         ^");
  });
});

describe("syntax errors read as Jinja2's", () => {
  // Each message and line checked against Jinja2 3.1.2 (loopcontrols enabled for break/continue).
  it.each([
    ['{{ x }', "unexpected '}'", 1, 6],
    ['{{ 1 + }}', "unexpected 'end of print statement'", 1, 8],
    ['{{ }}', "Expected an expression, got 'end of print statement'", 1, 4],
    ['{{ x', "unexpected end of template, expected 'end of print statement'.", 1, 4],
    ['{{ 1 2 }}', "expected token 'end of print statement', got 'integer'", 1, 6],
    ['{% foo %}', "Encountered unknown tag 'foo'.", 1, 4],
    ['{% %}', 'tag name expected', 1, 4],
    [
      '{% for x in y %}',
      "Unexpected end of template. Jinja was looking for the following tags: 'endfor' or 'else'. The innermost block that needs to be closed is 'for'.",
      1,
      15,
    ],
    [
      '{% for x in y %}{% if x %}',
      "Unexpected end of template. Jinja was looking for the following tags: 'elif' or 'else' or 'endif'. The innermost block that needs to be closed is 'if'.",
      1,
      25,
    ],
    [
      '{% if x %}{% endfor %}',
      "Encountered unknown tag 'endfor'. Jinja was looking for the following tags: 'elif' or 'else' or 'endif'. The innermost block that needs to be closed is 'if'.",
      1,
      14,
    ],
    [
      '{% for x in y %}{% if x %}{% endfor %}',
      "Encountered unknown tag 'endfor'. You probably made a nesting mistake. Jinja is expecting this tag, but currently looking for 'elif' or 'else' or 'endif'. The innermost block that needs to be closed is 'if'.",
      1,
      30,
    ],
    ['{% endif %}', "Encountered unknown tag 'endif'.", 1, 4],
    [
      '{% if x %}{% else %}{% elif y %}{% endif %}',
      "Encountered unknown tag 'elif'. Jinja was looking for the following tags: 'endif'. The innermost block that needs to be closed is 'if'.",
      1,
      24,
    ],
    [
      '{% set x %}',
      "Unexpected end of template. Jinja was looking for the following tags: 'endset'. The innermost block that needs to be closed is 'set'.",
      1,
      10,
    ],
    [
      '{% if x %}\n\nabc',
      "Unexpected end of template. Jinja was looking for the following tags: 'elif' or 'else' or 'endif'. The innermost block that needs to be closed is 'if'.",
      1,
      11,
    ],
    [
      '{% block a-b %}{% endblock %}',
      'Block names in Jinja have to be valid Python identifiers and may not contain hyphens, use an underscore instead.',
      1,
      11,
    ],
    ['{% set 1 = 2 %}', "can't assign to 'const'", 1, 8],
    ['{% set (a+b) = 2 %}', "can't assign to 'add'", 1, 9],
    ['{% set true = 1 %}', "can't assign to 'const'", 1, 8],
    ['{% macro m(true) %}{% endmacro %}', "can't assign to 'name'", 1, 12],
    ['{% macro m(a=1, b) %}{% endmacro %}', 'non-default argument follows default argument', 1, 18],
    ['{% call m %}{% endcall %}', 'expected call', 1, 4],
    ['{{ f(a=1, 2) }}', 'invalid syntax for function call expression', 1, 5],
    ['{{ f(**a, *b) }}', 'invalid syntax for function call expression', 1, 5],
    ['{{ x. }}', 'expected name or number', 1, 7],
    ["{{ x.'a' }}", 'expected name or number', 1, 6],
    ['{{ x is f is g }}', 'You cannot chain multiple tests with is', 1, 11],
    ['{{ x|1 }}', "expected token 'name', got 'integer'", 1, 6],
    ['{{ a if b else }}', "unexpected 'end of print statement'", 1, 16],
    ['{{ not }}', "unexpected 'end of print statement'", 1, 8],
    ['{{ (1, }}', "unexpected '}', expected ')'", 1, 8],
    ['{% for x in y %}\n{% endfor x %}', "expected token 'end of statement block', got 'x'", 2, 11],
    ['{% for x.y in z %}{% endfor %}', "expected token 'in', got '.'", 1, 9],
    ['{% for a, in x %}{% endfor %}', "expected token 'in', got 'x'", 1, 14],
    ['{% with a.b = 1 %}{% endwith %}', "expected token '=', got '.'", 1, 10],
    [
      '{% if x %}{% foo %}{% endif %}',
      "Encountered unknown tag 'foo'. Jinja was looking for the following tags: 'elif' or 'else' or 'endif'. The innermost block that needs to be closed is 'if'.",
      1,
      14,
    ],
  ])('%j fails with %j (line %i, column %i)', (source, message, line, col) => {
    const error = syntaxError(source);
    expect([error.message, error.line, error.column]).toEqual([message, line, col]);
  });

  it('a parse error before a lexical error is the one reported, as Jinja lexes lazily', () => {
    expect(syntaxError("{{ 1 2 }}{{ 'open }}").message).toBe(
      "expected token 'end of print statement', got 'integer'",
    );
    expect(syntaxError("{{ 1 }}{{ 'open }}").message).toBe('unexpected char "\'" at 10');
  });
});

describe('checks Jinja2 makes while compiling', () => {
  it.each([
    ['{% break %}', "'break' outside loop", 1, 4],
    ['{% for x in y %}{% else %}{% continue %}{% endfor %}', "'continue' not properly in loop", 1, 30],
    ['{% for x in y %}{% macro m() %}{% break %}{% endmacro %}{% endfor %}', "'break' outside loop", 1, 35],
    ['{% for x in y %}{% block b %}{% break %}{% endblock %}{% endfor %}', "'break' outside loop", 1, 33],
    ['{% for loop in y %}{% endfor %}', "Can't assign to special loop variable in for-loop target", 1, 8],
    [
      '{% for x in y %}{% set loop = 1 %}{% endfor %}',
      "Can't assign to special loop variable in for-loop target",
      1,
      24,
    ],
    ['{% block a %}{% endblock %}\n{% block a %}{% endblock %}', "block 'a' defined twice", 2, 4],
    [
      '{{ a[1:2, 3] }}',
      'a slice (a:b) is only allowed directly inside brackets, not in a tuple: write x[a:b]',
      1,
      6,
    ],
    ['{{ f(a=1, a=2) }}', 'keyword argument repeated: a', 1, 13],
    ['{% macro m(a, a) %}{% endmacro %}', "duplicate argument 'a' in function definition", 1, 15],
  ])('%j fails with %j (line %i, column %i)', (source, message, line, col) => {
    const error = compileError(source);
    expect([error.message, error.line, error.column]).toEqual([message, line, col]);
  });

  it('a block defined twice is found by parsing, before the template is compiled', () => {
    expect(syntaxError('{% block a %}{% endblock %}{% block a %}{% endblock %}').message).toBe(
      "block 'a' defined twice",
    );
  });

  it('Python compile errors come after the errors Jinja2 reports while generating code', () => {
    expect(compileError('{% continue %}{{ e|nope }}').message).toBe("No filter named 'nope'.");
    expect(compileError('{{ e(a=1, a=2) }}{{ e|nope }}').message).toBe("No filter named 'nope'.");
    expect(compileError('{% set v = y|nope %}{% for loop in a %}{% endfor %}').message).toBe(
      "No filter named 'nope'.",
    );
    // Python's symbol table (a macro argument twice) reports before its code generator (break outside a loop).
    expect(compileError('{% break %}{% macro m(a, a) %}{% endmacro %}').message).toBe(
      "duplicate argument 'a' in function definition",
    );
  });

  it('a repeated keyword in code Jinja2 folds away is never compiled by Python', () => {
    expect(compile('{{ 1 if 1 else dict(a=1, a=2) }}').render({})).toBe('1');
    expect(() => compile('{% if 0 %}{{ dict(a=1, a=2) }}{% endif %}')).toThrow('keyword argument repeated');
  });

  it('allows set loop outside any loop, and break inside filter, set and with blocks in a loop', () => {
    expect(() => compile('{% set loop = 1 %}')).not.toThrow();
    expect(() =>
      compile(
        '{% for x in y %}{% filter upper %}{% break %}{% endfilter %}{% set s %}{% continue %}{% endset %}' +
          '{% with %}{% break %}{% endwith %}{% endfor %}',
      ),
    ).not.toThrow();
  });

  it('a repeated keyword is allowed when some key is a Python keyword (Jinja then passes a dict)', () => {
    expect(() => compile('{{ dict(a=1, class=2, a=3) }}')).not.toThrow();
  });
});

describe('what this dialect does not support', () => {
  it.each([
    ['{% autoescape true %}x{% endautoescape %}', 'autoescaping is always off'],
    ['{% block a required %}{% endblock %}', 'required blocks need template inheritance'],
    ['{% with a, b = (1, 2) %}{% endwith %}', 'with needs one name per value'],
    ['{% set a, b %}xy{% endset %}', 'a block set needs a single name'],
    ["{{ '\\N{BULLET}' }}", '\\N{...} escapes are not supported'],
  ])('%j is a syntax error saying %j', (source, message) => {
    expect(syntaxError(source).message).toContain(message);
  });
});

describe('nesting limits', () => {
  it('deep brackets are a syntax error, not a stack overflow', () => {
    const depth = MAX_NESTING + 50;
    const error = syntaxError(`{{ ${'('.repeat(depth)}1${')'.repeat(depth)} }}`);
    expect(error.message).toContain('nests too deeply');
  });

  it('deep unary operators and nested blocks are syntax errors too', () => {
    expect(syntaxError(`{{ ${'not '.repeat(5000)}x }}`).message).toContain('nests too deeply');
    expect(syntaxError(`{{ ${'-'.repeat(5000)}x }}`).message).toContain('nests too deeply');
    expect(syntaxError(`${'{% if x %}'.repeat(1000)}${'{% endif %}'.repeat(1000)}`).message).toContain(
      'nests too deeply',
    );
  });

  it('a long operator chain deeper than the tree limit is a syntax error', () => {
    expect(syntaxError(`{{ 1${'+1'.repeat(MAX_AST_DEPTH + 10)} }}`).message).toContain('nests too deeply');
    expect(() => parse(`{{ 1${'+1'.repeat(300)} }}`)).not.toThrow();
  });

  it('nesting within the limits parses', () => {
    expect(() => parse(`{{ ${'('.repeat(100)}1${')'.repeat(100)} }}`)).not.toThrow();
    expect(() => parse(`${'{% if x %}'.repeat(100)}${'{% endif %}'.repeat(100)}`)).not.toThrow();
  });
});

describe('parseAll', () => {
  it('returns the template and no errors for a valid template', () => {
    const report = parseAll('{% if x %}{{ x }}{% endif %}');
    expect(report.errors).toEqual([]);
    expect(report.template?.body[0].type).toBe('If');
  });

  it('reports an error in each bad tag and resumes at the next tag', () => {
    const report = parseAll('{{ 1 + }}\n{{ ok }}\n{% foo %}\n{{ x|1 }}');
    expect(report.template).toBeNull();
    expect(report.errors.map((e) => [e.message, e.line])).toEqual([
      ["unexpected 'end of print statement'", 1],
      ["Encountered unknown tag 'foo'.", 3],
      ["expected token 'name', got 'integer'", 4],
    ]);
  });

  it('skips the body of a block whose opening tag is bad, so its end tag is not a second error', () => {
    const report = parseAll('{% for x in %}{{ x }}{% endfor %}{% if y %}{{ 1 + }}{% endif %}');
    expect(report.errors.map((e) => e.message)).toEqual([
      "Expected an expression, got 'end of statement block'",
      "unexpected 'end of print statement'",
    ]);
  });

  it('a bad elif still lets the rest of the if parse', () => {
    const report = parseAll('{% if a %}{% elif %}x{% else %}{{ 1 + }}{% endif %}{% endif %}');
    expect(report.errors.map((e) => e.message)).toEqual([
      "Expected an expression, got 'end of statement block'",
      "unexpected 'end of print statement'",
      "Encountered unknown tag 'endif'.",
    ]);
  });

  it('its first error is the one parse throws', () => {
    const source = '{{ a }}{% for %}{% endfor %}{{ b + }}';
    expect(parseAll(source).errors[0].message).toBe(syntaxError(source).message);
  });

  it('stops at the end of the template and at a lexical error', () => {
    expect(parseAll('{% if x %}{{ 1 + }}').errors.map((e) => e.message)).toEqual([
      "unexpected 'end of print statement'",
      "Unexpected end of template. Jinja was looking for the following tags: 'elif' or 'else' or 'endif'. The innermost block that needs to be closed is 'if'.",
    ]);
    expect(parseAll("{{ 1 + }}{{ 'open }}{{ 2 + }}").errors.map((e) => e.message)).toEqual([
      "unexpected 'end of print statement'",
      'unexpected char "\'" at 12',
    ]);
  });

  it('reports a lexical error in the very first token', () => {
    expect(parseAll('{#{{').errors.map((e) => e.message)).toEqual(['Missing end of comment tag']);
  });

  it('reports the checks made after parsing too', () => {
    expect(parseAll('{% break %}').errors.map((e) => e.message)).toEqual(["'break' outside loop"]);
  });
});
