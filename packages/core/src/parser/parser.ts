/**
 * The parser: tokens to the syntax tree of `ast.ts`, following Jinja2 3.1's `parser.py` rule by rule
 * (precedence, tuples without parentheses, the `is` test shorthand, error messages), plus the
 * service's `cycle` and `MOE_NOT_SEND` tags, `break`/`continue` (Jinja2's loopcontrols extension),
 * and clear errors for the loader tags this dialect leaves out (`include`, `extends`, `import`, `from`).
 */
import { TemplateSyntaxError } from '../errors';
import { scan } from '../lexer/lexer';
import { describeToken, describeTokenExpr, type Token, tokenMatches } from '../lexer/tokens';
import { repr } from '../runtime/format';
import { internalized } from '../runtime/strings';
import { PyFloat } from '../runtime/values';
import type * as ast from './ast';
import { TokenStream } from './token-stream';
import { checkParsed, jinjaNodeName, validate } from './validate';

/**
 * How deeply brackets, unary operators, conditional expressions and statement bodies may nest.
 * Jinja2 itself gives up (with a Python RecursionError) well below this.
 */
export const MAX_NESTING = 200;

/**
 * Parses a template; throws a `TemplateSyntaxError` (with line, column and code frame) for the first error. What
 * Jinja2 finds only while compiling (an unknown filter, `break` outside a loop, ...) the compiler reports.
 */
export function parse(source: string): ast.TemplateNode {
  const template = new Parser(source, null).parseTemplate();
  const problem = checkParsed(template, source);
  if (problem !== null) throw problem;
  return template;
}

/** The result of `parseAll`: the tree when the template is valid, and every syntax error found. */
export interface ParseReport {
  /** The syntax tree, or null when there is any error. */
  template: ast.TemplateNode | null;
  /** The errors in the order found; the first is the one `parse` throws. */
  errors: TemplateSyntaxError[];
}

/**
 * Parses a template and reports as many syntax errors as it can: after a bad tag it resumes at the
 * next one (skipping the body of a block whose opening tag was bad). A lexical error (an unclosed
 * string or comment) ends the report, since nothing after it can be read reliably.
 */
export function parseAll(source: string): ParseReport {
  const errors: TemplateSyntaxError[] = [];
  let template: ast.TemplateNode | null = null;
  try {
    template = new Parser(source, errors).parseTemplate();
  } catch (e) {
    if (e instanceof TemplateSyntaxError) errors.push(e);
    else if (e !== ABORT) throw e;
  }
  if (template !== null && errors.length === 0) errors.push(...validate(template, source, true));
  return { template: errors.length === 0 ? template : null, errors };
}

/** Thrown in `parseAll` to stop once nothing more can be reported. */
const ABORT = Symbol('abort');
/** `parseAll` stops after this many errors. */
const MAX_REPORTED = 50;

const COMPARE_OPERATORS = new Set(['eq', 'ne', 'lt', 'lteq', 'gt', 'gteq']);
const MATH1: Record<string, ast.BinOperator> = { add: '+', sub: '-' };
const MATH2: Record<string, ast.BinOperator> = { mul: '*', div: '/', floordiv: '//', mod: '%' };
const TEST_ARGUMENT_START = new Set(['name', 'string', 'integer', 'float', 'lparen', 'lbracket', 'lbrace']);
const LOADER_TAGS = new Set(['extends', 'include', 'import', 'from']);

/** The tags that close each block tag, in Jinja2's order (used to skip a block whose opening tag failed). */
const BODY_ENDS: Record<string, string[]> = {
  for: ['name:endfor', 'name:else'],
  if: ['name:elif', 'name:else', 'name:endif'],
  block: ['name:endblock'],
  macro: ['name:endmacro'],
  call: ['name:endcall'],
  filter: ['name:endfilter'],
  set: ['name:endset'],
  with: ['name:endwith'],
  autoescape: ['name:endautoescape'],
};

type Target = ast.Name | ast.Tuple | ast.NSRef;

interface Signature {
  args: ast.Name[];
  defaults: ast.Expr[];
}

const noArgs = (): ast.CallArgs => ({ args: [], kwargs: [], dynArgs: null, dynKwargs: null });

function at(token: Token | ast.Span): ast.Span {
  return { line: token.line, col: token.col };
}

class Parser {
  private readonly stream: TokenStream;
  private readonly tagStack: string[] = [];
  private readonly endTokenStack: string[][] = [];
  private depth = 0;

  /** `errors` is null for `parse` (stop at the first error) and a list to fill for `parseAll`. */
  constructor(
    private readonly source: string,
    private readonly errors: TemplateSyntaxError[] | null,
  ) {
    this.stream = new TokenStream(scan(source), source);
  }

  parseTemplate(): ast.TemplateNode {
    return { type: 'Template', body: this.subparse(null), line: 1, col: 1 };
  }

  // ------------------------------------------------------------------ errors

  private error(message: string, where: ast.Span = this.stream.current): TemplateSyntaxError {
    return new TemplateSyntaxError(message, where.line, where.col).locate(where.line, where.col, this.source);
  }

  private fail(message: string, where: ast.Span = this.stream.current): never {
    throw this.error(message, where);
  }

  /** Jinja2's message for an unknown tag (`name`) or the end of the template (`name` null). */
  private failUnknownOrEof(name: string | null, endTokenStack: string[][], where: ast.Span): never {
    const expected = new Set(endTokenStack.flatMap((exprs) => exprs.map(describeTokenExpr)));
    const innermost = endTokenStack[endTokenStack.length - 1];
    const looking = innermost ? innermost.map((e) => repr(describeTokenExpr(e))).join(' or ') : '';
    const message = [
      name === null ? 'Unexpected end of template.' : `Encountered unknown tag ${repr(name)}.`,
    ];
    if (looking) {
      if (name !== null && expected.has(name)) {
        message.push(
          `You probably made a nesting mistake. Jinja is expecting this tag, but currently looking for ${looking}.`,
        );
      } else {
        message.push(`Jinja was looking for the following tags: ${looking}.`);
      }
    }
    if (this.tagStack.length > 0) {
      message.push(
        `The innermost block that needs to be closed is ${repr(this.tagStack[this.tagStack.length - 1])}.`,
      );
    }
    return this.fail(message.join(' '), where);
  }

  private failEof(endTokens: string[]): never {
    return this.failUnknownOrEof(null, [...this.endTokenStack, endTokens], this.stream.current);
  }

  /** Guards the parser's recursion so that absurd nesting is a syntax error, not a stack overflow. */
  private enter(): void {
    if (this.depth >= MAX_NESTING) {
      this.fail(
        `the template nests too deeply (more than ${MAX_NESTING} levels of brackets, operators or blocks); ` +
          'split the expression or the blocks',
      );
    }
    this.depth++;
  }

  // ------------------------------------------------------------------ statements

  private subparse(endTokens: string[] | null): ast.Stmt[] {
    const body: ast.Stmt[] = [];
    let buffer: (ast.TemplateData | ast.Expr)[] = [];
    const flush = () => {
      if (buffer.length > 0) {
        body.push({ type: 'Output', nodes: buffer, line: buffer[0].line, col: buffer[0].col });
        buffer = [];
      }
    };
    this.enter();
    if (endTokens !== null) this.endTokenStack.push(endTokens);
    try {
      const stream = this.stream;
      while (stream.active) {
        const token = stream.current;
        if (token.type === 'data') {
          buffer.push({
            type: 'TemplateData',
            data: token.value as string,
            line: token.line,
            col: token.col,
          });
          stream.next();
        } else if (token.type === 'variable_begin') {
          this.attempt(null, () => {
            stream.next();
            buffer.push(this.parseTuple({ withCondexpr: true }));
            stream.expect('variable_end');
          });
        } else if (token.type === 'block_begin') {
          flush();
          stream.next();
          if (endTokens?.some((e) => tokenMatches(stream.current, e))) return body;
          const tag = stream.current;
          const start = stream.position;
          const statement = this.attempt({ tag, start }, () => this.parseStatement());
          if (statement !== null) {
            body.push(statement);
            this.attempt(null, () => stream.expect('block_end'));
          }
        } else {
          this.fail('internal parsing error');
        }
      }
      flush();
    } finally {
      if (endTokens !== null) this.endTokenStack.pop();
      this.depth--;
    }
    return body;
  }

  /**
   * Runs one step of `subparse`. For `parse` this is just `step()`; for `parseAll` an error is recorded
   * and parsing resumes after the tag, skipping the body of a block tag (`opener`) whose header failed.
   */
  private attempt<T>(opener: { tag: Token; start: number } | null, step: () => T): T | null {
    if (this.errors === null) return step();
    try {
      return step();
    } catch (e) {
      if (!(e instanceof TemplateSyntaxError)) throw e;
      this.record(e);
      try {
        this.skipTag();
        const name = opener?.tag.type === 'name' ? (opener.tag.value as string) : '';
        const isInlineSet =
          name === 'set' && opener !== null && this.stream.tagContains(opener.start, 'assign');
        if (Object.hasOwn(BODY_ENDS, name) && !isInlineSet) this.skipBody(name);
      } catch (inner) {
        if (inner instanceof TemplateSyntaxError) this.record(inner);
        throw inner instanceof TemplateSyntaxError ? ABORT : inner;
      }
      return null;
    }
  }

  private record(error: TemplateSyntaxError): void {
    const errors = this.errors as TemplateSyntaxError[];
    const last = errors[errors.length - 1];
    if (!last || last.message !== error.message || last.line !== error.line || last.column !== error.column) {
      errors.push(error);
    }
    if (this.stream.broken || this.stream.is('eof') || errors.length >= MAX_REPORTED) throw ABORT;
  }

  /** Moves past the end of the tag the parser is in (`%}` or `}}`). */
  private skipTag(): void {
    const stream = this.stream;
    const stops = ['block_end', 'variable_end', 'eof', 'data', 'block_begin', 'variable_begin'];
    while (!stops.includes(stream.current.type)) stream.next();
    if (stream.is('block_end') || stream.is('variable_end')) stream.next();
  }

  /** Parses (and drops) the body of a block tag whose header failed, up to its end tag. */
  private skipBody(tag: string): void {
    const ends = BODY_ENDS[tag];
    const final = ends.find((e) => e === `name:end${tag}`) as string;
    this.tagStack.push(tag);
    try {
      for (;;) {
        this.subparse(ends);
        if (this.stream.is('eof')) this.failEof(ends);
        const closing = this.stream.next();
        this.skipTag();
        if (tokenMatches(closing, final)) return;
      }
    } finally {
      this.tagStack.pop();
    }
  }

  private parseStatement(): ast.Stmt {
    const token = this.stream.current;
    if (token.type !== 'name') this.fail('tag name expected', token);
    const name = token.value as string;
    this.tagStack.push(name);
    let popTag = true;
    try {
      switch (name) {
        case 'for':
          return this.parseFor();
        case 'if':
          return this.parseIf();
        case 'block':
          return this.parseBlock();
        case 'print':
          return this.parsePrint();
        case 'macro':
          return this.parseMacro();
        case 'set':
          return this.parseSet();
        case 'with':
          return this.parseWith();
        case 'autoescape':
          return this.parseAutoescape();
        case 'call':
          return this.parseCallBlock();
        case 'filter':
          return this.parseFilterBlock();
        case 'break':
          this.stream.next();
          return { type: 'Break', line: token.line, col: token.col };
        case 'continue':
          this.stream.next();
          return { type: 'Continue', line: token.line, col: token.col };
        case 'cycle':
          return this.parseCycle();
        case 'MOE_NOT_SEND':
          return this.parseNotSend();
      }
      if (LOADER_TAGS.has(name)) {
        this.fail(
          `The '${name}' tag is not part of this template language: templates cannot load other templates. ` +
            "Use a content block instead: {{ ContentBlock['name'] }}.",
          token,
        );
      }
      this.tagStack.pop();
      popTag = false;
      return this.failUnknownOrEof(name, this.endTokenStack, token);
    } finally {
      if (popTag) this.tagStack.pop();
    }
  }

  private parseStatements(endTokens: string[], dropNeedle = false): ast.Stmt[] {
    this.stream.skipIf('colon');
    this.stream.expect('block_end');
    const result = this.subparse(endTokens);
    if (this.stream.is('eof')) this.failEof(endTokens);
    if (dropNeedle) this.stream.next();
    return result;
  }

  private parseSet(): ast.Assign | ast.AssignBlock {
    const token = this.stream.next();
    const target = this.parseAssignTarget({ withNamespace: true });
    if (this.stream.skipIf('assign')) {
      return { type: 'Assign', target, node: this.parseTuple(), line: token.line, col: token.col };
    }
    const filter = this.parseFilter(null) as ast.Filter | null;
    if (target.type === 'Tuple') {
      this.fail('a block set needs a single name: unpacking into several names is not supported', target);
    }
    const body = this.parseStatements(['name:endset'], true);
    return { type: 'AssignBlock', target, filter, body, line: token.line, col: token.col };
  }

  private parseFor(): ast.For {
    const token = this.stream.expect('name:for');
    const target = this.parseAssignTarget() as ast.Name | ast.Tuple;
    this.stream.expect('name:in');
    const iter = this.parseTuple({ withCondexpr: false });
    const test = this.stream.skipIf('name:if') ? this.parseExpression() : null;
    const recursive = this.stream.skipIf('name:recursive');
    const body = this.parseStatements(['name:endfor', 'name:else']);
    const else_ = this.stream.next().value === 'endfor' ? [] : this.parseStatements(['name:endfor'], true);
    return { type: 'For', target, iter, body, else_, test, recursive, line: token.line, col: token.col };
  }

  private parseIf(): ast.If {
    const token = this.stream.expect('name:if');
    const result = this.parseIfBranch(at(token));
    for (;;) {
      const next = this.stream.next();
      if (tokenMatches(next, 'name:elif')) {
        result.elif.push(this.parseIfBranch(at(this.stream.current)));
      } else {
        if (tokenMatches(next, 'name:else')) result.else_ = this.parseStatements(['name:endif'], true);
        return result;
      }
    }
  }

  /** The test and body of an `if` or `elif`, up to the next `elif`, `else` or `endif`. */
  private parseIfBranch(start: ast.Span): ast.If {
    const test = this.parseTuple({ withCondexpr: false });
    const body = this.parseStatements(['name:elif', 'name:else', 'name:endif']);
    return { type: 'If', test, body, elif: [], else_: [], line: start.line, col: start.col };
  }

  private parseWith(): ast.With {
    const token = this.stream.next();
    const targets: ast.Name[] = [];
    const values: ast.Expr[] = [];
    while (!this.stream.is('block_end')) {
      if (targets.length > 0) this.stream.expect('comma');
      const target = this.parseAssignTarget();
      if (target.type !== 'Name') {
        this.fail('with needs one name per value: unpacking into several names is not supported', target);
      }
      targets.push(target);
      this.stream.expect('assign');
      values.push(this.parseExpression());
    }
    const body = this.parseStatements(['name:endwith'], true);
    return { type: 'With', targets, values, body, line: token.line, col: token.col };
  }

  /** `{% autoescape false %}` is a plain scope; turning autoescaping on is not part of the dialect. */
  private parseAutoescape(): ast.With {
    const token = this.stream.next();
    const value = this.parseExpression();
    if (value.type !== 'Const' || isTruthyConst(value.value)) {
      this.fail(
        'autoescaping is always off in this template language: only {% autoescape false %} is accepted',
        value,
      );
    }
    const body = this.parseStatements(['name:endautoescape'], true);
    return { type: 'With', targets: [], values: [], body, line: token.line, col: token.col };
  }

  private parseBlock(): ast.Block {
    const token = this.stream.next();
    const name = this.stream.expect('name').value as string;
    const scoped = this.stream.skipIf('name:scoped');
    const required = this.stream.skipIf('name:required');
    if (this.stream.is('sub')) {
      this.fail(
        'Block names in Jinja have to be valid Python identifiers and may not contain hyphens, use an underscore instead.',
      );
    }
    if (required) {
      this.fail(
        "required blocks need template inheritance, which this template language does not have; remove 'required'",
        token,
      );
    }
    const body = this.parseStatements(['name:endblock'], true);
    this.stream.skipIf(`name:${name}`);
    return { type: 'Block', name, scoped, body, line: token.line, col: token.col };
  }

  private parseSignature(): Signature {
    const args: ast.Name[] = [];
    const defaults: ast.Expr[] = [];
    this.stream.expect('lparen');
    while (!this.stream.is('rparen')) {
      if (args.length > 0) this.stream.expect('comma');
      const arg = this.parseAssignTarget({ nameOnly: true }) as ast.Name;
      if (this.stream.skipIf('assign')) defaults.push(this.parseExpression());
      else if (defaults.length > 0) this.fail('non-default argument follows default argument');
      args.push(arg);
    }
    this.stream.expect('rparen');
    return { args, defaults };
  }

  private parseCallBlock(): ast.CallBlock {
    const token = this.stream.next();
    const { args, defaults } = this.stream.is('lparen') ? this.parseSignature() : { args: [], defaults: [] };
    const call = this.parseExpression();
    if (call.type !== 'Call') this.fail('expected call', token);
    const body = this.parseStatements(['name:endcall'], true);
    return { type: 'CallBlock', call, args, defaults, body, line: token.line, col: token.col };
  }

  private parseFilterBlock(): ast.FilterBlock {
    const token = this.stream.next();
    const filter = this.parseFilter(null, true) as ast.Filter;
    const body = this.parseStatements(['name:endfilter'], true);
    return { type: 'FilterBlock', filter, body, line: token.line, col: token.col };
  }

  private parseMacro(): ast.Macro {
    const token = this.stream.next();
    const name = (this.parseAssignTarget({ nameOnly: true }) as ast.Name).name;
    const { args, defaults } = this.parseSignature();
    const body = this.parseStatements(['name:endmacro'], true);
    return { type: 'Macro', name, args, defaults, body, line: token.line, col: token.col };
  }

  private parsePrint(): ast.Output {
    const token = this.stream.next();
    const nodes: ast.Expr[] = [];
    while (!this.stream.is('block_end')) {
      if (nodes.length > 0) this.stream.expect('comma');
      nodes.push(this.parseExpression());
    }
    return { type: 'Output', nodes, line: token.line, col: token.col };
  }

  /** The service's `{% cycle('odd', 'even') %}`, also written `{% cycle 'odd', 'even' %}`. */
  private parseCycle(): ast.Cycle {
    const token = this.stream.next();
    let args: ast.Expr[] = [];
    if (this.stream.is('lparen')) {
      const call = this.parseCallArgs();
      if (call.kwargs.length > 0 || call.dynArgs !== null || call.dynKwargs !== null) {
        this.fail(
          "cycle takes the values to cycle through, without names: {% cycle('odd', 'even') %}",
          token,
        );
      }
      args = call.args;
    } else {
      while (!this.stream.is('block_end')) {
        if (args.length > 0) this.stream.expect('comma');
        args.push(this.parseExpression());
      }
    }
    return { type: 'Cycle', args, line: token.line, col: token.col };
  }

  /** The service's `{% MOE_NOT_SEND("reason") %}`, also without a reason. */
  private parseNotSend(): ast.NotSend {
    const token = this.stream.next();
    let reason: ast.Expr | null = null;
    if (this.stream.is('lparen')) {
      const call = this.parseCallArgs();
      if (
        call.args.length > 1 ||
        call.kwargs.length > 0 ||
        call.dynArgs !== null ||
        call.dynKwargs !== null
      ) {
        this.fail('MOE_NOT_SEND takes at most one value, the reason: {% MOE_NOT_SEND("reason") %}', token);
      }
      reason = call.args[0] ?? null;
    } else if (!this.stream.is('block_end')) {
      reason = this.parseExpression();
    }
    return { type: 'NotSend', reason, line: token.line, col: token.col };
  }

  private parseAssignTarget(
    options: { withTuple?: boolean; nameOnly?: boolean; withNamespace?: boolean } = {},
  ): Target {
    const { withTuple = true, nameOnly = false, withNamespace = false } = options;
    let target: ast.Expr | ast.NSRef;
    if (withNamespace && this.stream.look().type === 'dot') {
      const token = this.stream.expect('name');
      this.stream.next();
      const attr = this.stream.expect('name');
      target = {
        type: 'NSRef',
        name: token.value as string,
        attr: attr.value as string,
        line: token.line,
        col: token.col,
      };
    } else if (nameOnly) {
      const token = this.stream.expect('name');
      target = { type: 'Name', name: token.value as string, line: token.line, col: token.col };
    } else {
      target = withTuple ? this.parseTuple({ simplified: true }) : this.parsePrimary();
    }
    if (!canAssign(target)) this.fail(`can't assign to ${repr(jinjaNodeName(target))}`, target);
    return target as Target;
  }

  // ------------------------------------------------------------------ expressions

  private parseExpression(withCondexpr = true): ast.Expr {
    return withCondexpr ? this.parseCondexpr() : this.parseOr();
  }

  private parseCondexpr(): ast.Expr {
    let start = at(this.stream.current);
    let expr1 = this.parseOr();
    while (this.stream.skipIf('name:if')) {
      const test = this.parseOr();
      let expr2: ast.Expr | null = null;
      if (this.stream.skipIf('name:else')) {
        this.enter();
        try {
          expr2 = this.parseCondexpr();
        } finally {
          this.depth--;
        }
      }
      expr1 = { type: 'CondExpr', test, expr1, expr2, line: start.line, col: start.col };
      start = at(this.stream.current);
    }
    return expr1;
  }

  private parseOr(): ast.Expr {
    let start = at(this.stream.current);
    let left = this.parseAnd();
    while (this.stream.skipIf('name:or')) {
      const right = this.parseAnd();
      left = { type: 'Or', left, right, line: start.line, col: start.col };
      start = at(this.stream.current);
    }
    return left;
  }

  private parseAnd(): ast.Expr {
    let start = at(this.stream.current);
    let left = this.parseNot();
    while (this.stream.skipIf('name:and')) {
      const right = this.parseNot();
      left = { type: 'And', left, right, line: start.line, col: start.col };
      start = at(this.stream.current);
    }
    return left;
  }

  private parseNot(): ast.Expr {
    if (!tokenMatches(this.stream.current, 'name:not')) return this.parseCompare();
    const token = this.stream.next();
    this.enter();
    try {
      return { type: 'UnaryOp', op: 'not', node: this.parseNot(), line: token.line, col: token.col };
    } finally {
      this.depth--;
    }
  }

  private parseCompare(): ast.Expr {
    const stream = this.stream;
    let start = at(stream.current);
    const expr = this.parseMath1();
    const ops: ast.Operand[] = [];
    for (;;) {
      const token = stream.current;
      let op: ast.CompareOperator;
      if (COMPARE_OPERATORS.has(token.type)) {
        stream.next();
        op = token.type as ast.CompareOperator;
      } else if (stream.skipIf('name:in')) {
        op = 'in';
      } else if (tokenMatches(token, 'name:not') && tokenMatches(stream.look(), 'name:in')) {
        stream.skip(2);
        op = 'notin';
      } else {
        break;
      }
      ops.push({ type: 'Operand', op, expr: this.parseMath1(), line: token.line, col: token.col });
      start = at(stream.current);
    }
    return ops.length === 0 ? expr : { type: 'Compare', expr, ops, line: start.line, col: start.col };
  }

  private parseMath1(): ast.Expr {
    let start = at(this.stream.current);
    let left = this.parseConcat();
    while (Object.hasOwn(MATH1, this.stream.current.type)) {
      const op = MATH1[this.stream.next().type];
      const right = this.parseConcat();
      left = { type: 'BinOp', op, left, right, line: start.line, col: start.col };
      start = at(this.stream.current);
    }
    return left;
  }

  private parseConcat(): ast.Expr {
    const start = at(this.stream.current);
    const nodes = [this.parseMath2()];
    while (this.stream.is('tilde')) {
      this.stream.next();
      nodes.push(this.parseMath2());
    }
    return nodes.length === 1 ? nodes[0] : { type: 'Concat', nodes, line: start.line, col: start.col };
  }

  private parseMath2(): ast.Expr {
    let start = at(this.stream.current);
    let left = this.parsePow();
    while (Object.hasOwn(MATH2, this.stream.current.type)) {
      const op = MATH2[this.stream.next().type];
      const right = this.parsePow();
      left = { type: 'BinOp', op, left, right, line: start.line, col: start.col };
      start = at(this.stream.current);
    }
    return left;
  }

  private parsePow(): ast.Expr {
    let start = at(this.stream.current);
    let left = this.parseUnary();
    while (this.stream.is('pow')) {
      this.stream.next();
      const right = this.parseUnary();
      left = { type: 'BinOp', op: '**', left, right, line: start.line, col: start.col };
      start = at(this.stream.current);
    }
    return left;
  }

  /** As in Jinja2, `-x|abs` is `(-x)|abs` and `-2 ** 2` is `(-2) ** 2`. */
  private parseUnary(withFilter = true): ast.Expr {
    const token = this.stream.current;
    this.enter();
    try {
      let node: ast.Expr;
      if (token.type === 'sub' || token.type === 'add') {
        this.stream.next();
        node = {
          type: 'UnaryOp',
          op: token.type === 'sub' ? '-' : '+',
          node: this.parseUnary(false),
          line: token.line,
          col: token.col,
        };
      } else {
        node = this.parsePrimary();
      }
      node = this.parsePostfix(node);
      return withFilter ? this.parseFilterExpr(node) : node;
    } finally {
      this.depth--;
    }
  }

  private parsePrimary(): ast.Expr {
    const stream = this.stream;
    const token = stream.current;
    switch (token.type) {
      case 'name': {
        stream.next();
        const name = token.value as string;
        if (name === 'true' || name === 'True')
          return { type: 'Const', value: true, line: token.line, col: token.col };
        if (name === 'false' || name === 'False')
          return { type: 'Const', value: false, line: token.line, col: token.col };
        if (name === 'none' || name === 'None')
          return { type: 'Const', value: null, line: token.line, col: token.col };
        return { type: 'Name', name, line: token.line, col: token.col };
      }
      case 'string': {
        stream.next();
        let value = token.value as string;
        while (stream.is('string')) value += stream.next().value as string;
        return { type: 'Const', value: internalized(value), line: token.line, col: token.col };
      }
      case 'integer':
      case 'float':
        stream.next();
        return { type: 'Const', value: token.value, line: token.line, col: token.col };
      case 'lparen': {
        stream.next();
        const node = this.parseTuple({ explicitParentheses: true });
        stream.expect('rparen');
        return node;
      }
      case 'lbracket':
        return this.parseList();
      case 'lbrace':
        return this.parseDict();
      default:
        return this.fail(`unexpected ${repr(describeToken(token))}`, token);
    }
  }

  /**
   * A comma-separated list that is a tuple when it has a comma (`{{ 1, 2 }}`, `{% for a, b in x %}`).
   * `simplified` parses only primaries (assignment targets). Jinja2 passes `extra_end_rules` here too,
   * but a bug makes them never match (`for a, in x` reads `in` as a name), so they are left out.
   */
  private parseTuple(
    options: { simplified?: boolean; withCondexpr?: boolean; explicitParentheses?: boolean } = {},
  ): ast.Expr {
    const { simplified = false, withCondexpr = true, explicitParentheses = false } = options;
    const stream = this.stream;
    let start = at(stream.current);
    const items: ast.Expr[] = [];
    let isTuple = false;
    for (;;) {
      if (items.length > 0) stream.expect('comma');
      const type = stream.current.type;
      if (type === 'variable_end' || type === 'block_end' || type === 'rparen') break;
      items.push(simplified ? this.parsePrimary() : this.parseExpression(withCondexpr));
      if (!stream.is('comma')) break;
      isTuple = true;
      start = at(stream.current);
    }
    if (!isTuple) {
      if (items.length > 0) return items[0];
      if (!explicitParentheses)
        this.fail(`Expected an expression, got ${repr(describeToken(stream.current))}`);
    }
    return { type: 'Tuple', items, line: start.line, col: start.col };
  }

  private parseList(): ast.List {
    const token = this.stream.expect('lbracket');
    const items: ast.Expr[] = [];
    while (!this.stream.is('rbracket')) {
      if (items.length > 0) this.stream.expect('comma');
      if (this.stream.is('rbracket')) break;
      items.push(this.parseExpression());
    }
    this.stream.expect('rbracket');
    return { type: 'List', items, line: token.line, col: token.col };
  }

  private parseDict(): ast.Dict {
    const token = this.stream.expect('lbrace');
    const items: ast.Pair[] = [];
    while (!this.stream.is('rbrace')) {
      if (items.length > 0) this.stream.expect('comma');
      if (this.stream.is('rbrace')) break;
      const key = this.parseExpression();
      this.stream.expect('colon');
      const value = this.parseExpression();
      items.push({ type: 'Pair', key, value, line: key.line, col: key.col });
    }
    this.stream.expect('rbrace');
    return { type: 'Dict', items, line: token.line, col: token.col };
  }

  private parsePostfix(node: ast.Expr): ast.Expr {
    let result = node;
    for (;;) {
      const type = this.stream.current.type;
      if (type === 'dot' || type === 'lbracket') result = this.parseSubscript(result);
      else if (type === 'lparen') result = this.parseCall(result);
      else return result;
    }
  }

  private parseFilterExpr(node: ast.Expr): ast.Expr {
    let result = node;
    for (;;) {
      const token = this.stream.current;
      if (token.type === 'pipe') result = this.parseFilter(result) as ast.Expr;
      else if (tokenMatches(token, 'name:is')) result = this.parseTest(result);
      else if (token.type === 'lparen') result = this.parseCall(result);
      else return result;
    }
  }

  private parseSubscript(node: ast.Expr): ast.Getattr | ast.Getitem {
    const stream = this.stream;
    const token = stream.next();
    if (token.type === 'dot') {
      const attr = stream.current;
      stream.next();
      if (attr.type === 'name')
        return { type: 'Getattr', node, attr: attr.value as string, line: token.line, col: token.col };
      if (attr.type !== 'integer') this.fail('expected name or number', attr);
      return {
        type: 'Getitem',
        node,
        arg: { type: 'Const', value: attr.value, line: attr.line, col: attr.col },
        line: token.line,
        col: token.col,
      };
    }
    const args: ast.Expr[] = [];
    while (!stream.is('rbracket')) {
      if (args.length > 0) stream.expect('comma');
      args.push(this.parseSubscribed());
    }
    stream.expect('rbracket');
    const arg: ast.Expr =
      args.length === 1 ? args[0] : { type: 'Tuple', items: args, line: token.line, col: token.col };
    return { type: 'Getitem', node, arg, line: token.line, col: token.col };
  }

  private parseSubscribed(): ast.Expr {
    const stream = this.stream;
    const start = at(stream.current);
    const parts: (ast.Expr | null)[] = [];
    if (stream.is('colon')) {
      stream.next();
      parts.push(null);
    } else {
      const node = this.parseExpression();
      if (!stream.is('colon')) return node;
      stream.next();
      parts.push(node);
    }
    const endsPart = () => stream.is('rbracket') || stream.is('comma');
    if (stream.is('colon') || endsPart()) parts.push(null);
    else parts.push(this.parseExpression());
    if (stream.is('colon')) {
      stream.next();
      parts.push(endsPart() ? null : this.parseExpression());
    } else {
      parts.push(null);
    }
    return {
      type: 'Slice',
      start: parts[0],
      stop: parts[1],
      step: parts[2],
      line: start.line,
      col: start.col,
    };
  }

  private parseCallArgs(): ast.CallArgs {
    const stream = this.stream;
    const token = stream.expect('lparen');
    const args: ast.Expr[] = [];
    const kwargs: ast.Keyword[] = [];
    let dynArgs: ast.Expr | null = null;
    let dynKwargs: ast.Expr | null = null;
    let requireComma = false;
    const ensure = (ok: boolean) => {
      if (!ok) this.fail('invalid syntax for function call expression', token);
    };
    while (!stream.is('rparen')) {
      if (requireComma) {
        stream.expect('comma');
        if (stream.is('rparen')) break;
      }
      if (stream.is('mul')) {
        ensure(dynArgs === null && dynKwargs === null);
        stream.next();
        dynArgs = this.parseExpression();
      } else if (stream.is('pow')) {
        ensure(dynKwargs === null);
        stream.next();
        dynKwargs = this.parseExpression();
      } else if (stream.is('name') && stream.look().type === 'assign') {
        ensure(dynKwargs === null);
        const key = stream.current.value as string;
        stream.skip(2);
        const value = this.parseExpression();
        kwargs.push({ type: 'Keyword', key, value, line: value.line, col: value.col });
      } else {
        ensure(dynArgs === null && dynKwargs === null && kwargs.length === 0);
        args.push(this.parseExpression());
      }
      requireComma = true;
    }
    stream.expect('rparen');
    return { args, kwargs, dynArgs, dynKwargs };
  }

  private parseCall(node: ast.Expr): ast.Call {
    const token = this.stream.current;
    return { type: 'Call', node, ...this.parseCallArgs(), line: token.line, col: token.col };
  }

  /** A filter chain `|a|b(1)`; with `startInline` the first `|` is implied (`{% filter upper %}`). */
  private parseFilter(node: ast.Expr | null, startInline = false): ast.Expr | null {
    const stream = this.stream;
    let result = node;
    let inline = startInline;
    while (stream.is('pipe') || inline) {
      if (!inline) stream.next();
      const token = stream.expect('name');
      let name = token.value as string;
      while (stream.is('dot')) {
        stream.next();
        name += `.${stream.expect('name').value as string}`;
      }
      const args = stream.is('lparen') ? this.parseCallArgs() : noArgs();
      result = { type: 'Filter', node: result, name, ...args, line: token.line, col: token.col };
      inline = false;
    }
    return result;
  }

  /** `x is name`, `x is not name`, `x is name(args)` and the one-argument shorthand `x is divisibleby 3`. */
  private parseTest(node: ast.Expr): ast.Expr {
    const stream = this.stream;
    const token = stream.next();
    const negated = stream.skipIf('name:not');
    let name = stream.expect('name').value as string;
    while (stream.is('dot')) {
      stream.next();
      name += `.${stream.expect('name').value as string}`;
    }
    let args: ast.CallArgs = noArgs();
    const current = stream.current;
    if (current.type === 'lparen') {
      args = this.parseCallArgs();
    } else if (
      TEST_ARGUMENT_START.has(current.type) &&
      !tokenMatches(current, 'name:else') &&
      !tokenMatches(current, 'name:or') &&
      !tokenMatches(current, 'name:and')
    ) {
      if (tokenMatches(current, 'name:is')) this.fail('You cannot chain multiple tests with is');
      args.args.push(this.parsePostfix(this.parsePrimary()));
    }
    const test: ast.Test = { type: 'Test', node, name, ...args, line: token.line, col: token.col };
    return negated ? { type: 'UnaryOp', op: 'not', node: test, line: token.line, col: token.col } : test;
  }
}

function canAssign(node: ast.Expr | ast.NSRef): boolean {
  switch (node.type) {
    case 'Name':
      return !['true', 'false', 'none', 'True', 'False', 'None'].includes(node.name);
    case 'NSRef':
      return true;
    case 'Tuple':
      return node.items.every(canAssign);
    default:
      return false;
  }
}

/** Python truthiness of a literal, for `{% autoescape %}`. */
function isTruthyConst(value: unknown): boolean {
  if (value instanceof PyFloat) return value.value !== 0;
  return !(value === false || value === null || value === 0 || value === 0n || value === '');
}
