/**
 * The checks Jinja2 makes after parsing, while compiling (a block defined twice, assigning to `loop`,
 * `break` outside a loop, a keyword argument given twice, ...), reported as syntax errors, plus a
 * bound on the tree's depth so that every later recursive pass over it is safe.
 */
import { TemplateAssertionError, TemplateSyntaxError } from '../errors';
import { repr } from '../runtime/format';
import type * as ast from './ast';

/**
 * How deep the syntax tree may be. Long operator chains (`1+1+...`) nest without recursing in the
 * parser; this bound keeps the compiler's and the renderer's recursion safe. Jinja2 fails near 400.
 */
export const MAX_AST_DEPTH = 500;

/** A node of the tree, a namespace assignment target included. */
export type AnyNode = ast.Node | ast.NSRef;

const PYTHON_KEYWORDS = new Set(
  (
    'False None True and as assert async await break class continue def del elif else except finally for ' +
    'from global if import in is lambda nonlocal not or pass raise return try while with yield'
  ).split(' '),
);

const BINARY_NAMES: Record<ast.BinOperator, string> = {
  '+': 'add',
  '-': 'sub',
  '*': 'mul',
  '/': 'div',
  '//': 'floordiv',
  '%': 'mod',
  '**': 'pow',
};
const UNARY_NAMES: Record<ast.UnaryOp['op'], string> = { '-': 'neg', '+': 'pos', not: 'not' };

/** The lower-cased Jinja2 node class name of an expression, as `can't assign to 'add'` shows it. */
export function jinjaNodeName(node: ast.Expr | ast.NSRef): string {
  if (node.type === 'BinOp') return BINARY_NAMES[node.op];
  if (node.type === 'UnaryOp') return UNARY_NAMES[node.op];
  return node.type.toLowerCase();
}

type Visit = (child: AnyNode) => void;

function all(nodes: readonly AnyNode[], visit: Visit): void {
  for (const child of nodes) visit(child);
}

function maybe(child: AnyNode | null, visit: Visit): void {
  if (child !== null) visit(child);
}

function callArgs(call: ast.CallArgs, visit: Visit): void {
  all(call.args, visit);
  all(call.kwargs, visit);
  maybe(call.dynArgs, visit);
  maybe(call.dynKwargs, visit);
}

/**
 * Calls `visit` on each child of a node, in Jinja2's field order. Every pass over a template's tree runs it at
 * each node, so it makes no closures of its own.
 */
export function eachChild(node: AnyNode, visit: Visit): void {
  switch (node.type) {
    case 'Getattr':
    case 'UnaryOp':
      visit(node.node);
      break;
    case 'Getitem':
      visit(node.node);
      visit(node.arg);
      break;
    case 'Slice':
      maybe(node.start, visit);
      maybe(node.stop, visit);
      maybe(node.step, visit);
      break;
    case 'Keyword':
      visit(node.value);
      break;
    case 'Call':
    case 'Test':
      visit(node.node);
      callArgs(node, visit);
      break;
    case 'Filter':
      maybe(node.node, visit);
      callArgs(node, visit);
      break;
    case 'CondExpr':
      visit(node.test);
      visit(node.expr1);
      maybe(node.expr2, visit);
      break;
    case 'BinOp':
    case 'And':
    case 'Or':
      visit(node.left);
      visit(node.right);
      break;
    case 'Concat':
    case 'Output':
      all(node.nodes, visit);
      break;
    case 'Compare':
      visit(node.expr);
      all(node.ops, visit);
      break;
    case 'Operand':
      visit(node.expr);
      break;
    case 'List':
    case 'Tuple':
    case 'Dict':
      all(node.items, visit);
      break;
    case 'Pair':
      visit(node.key);
      visit(node.value);
      break;
    case 'If':
      visit(node.test);
      all(node.body, visit);
      all(node.elif, visit);
      all(node.else_, visit);
      break;
    case 'For':
      visit(node.target);
      visit(node.iter);
      all(node.body, visit);
      all(node.else_, visit);
      maybe(node.test, visit);
      break;
    case 'Assign':
      visit(node.target);
      visit(node.node);
      break;
    case 'AssignBlock':
      visit(node.target);
      maybe(node.filter, visit);
      all(node.body, visit);
      break;
    case 'Macro':
      all(node.args, visit);
      all(node.defaults, visit);
      all(node.body, visit);
      break;
    case 'CallBlock':
      visit(node.call);
      all(node.args, visit);
      all(node.defaults, visit);
      all(node.body, visit);
      break;
    case 'FilterBlock':
      all(node.body, visit);
      visit(node.filter);
      break;
    case 'With':
      all(node.targets, visit);
      all(node.values, visit);
      all(node.body, visit);
      break;
    case 'Block':
    case 'Template':
      all(node.body, visit);
      break;
    case 'Cycle':
      all(node.args, visit);
      break;
    case 'NotSend':
      maybe(node.reason, visit);
      break;
  }
}

/** Stops the walk when the tree is too deep to walk further. */
const TOO_DEEP = Symbol('too deep');

/** What `findProblems` finds, by the stage of Jinja2's compilation that reports it. */
interface Problems {
  /** A block defined twice: Jinja2's code generator checks this first. */
  blocks: TemplateSyntaxError[];
  /** Assignments to `loop` inside a loop: Jinja2's code generator, when it reaches the loop. */
  loopTargets: TemplateSyntaxError[];
  /**
   * What Python's compiler rejects in the code Jinja2 generated, once all of it is generated: what its parser
   * rejects (a slice in a tuple subscript) first, then its symbol table (a macro argument named twice), then its
   * code generator (`break` outside a loop, a keyword given twice), each in the order of the code.
   */
  python: TemplateSyntaxError[];
}

/**
 * Walks a parsed template for the checks Jinja2 and Python make while compiling it. `folded`: nodes Jinja2 folds to
 * a constant, whose code is never generated, so Python checks nothing inside them (see `pythonCompileError`).
 */
function findProblems(
  template: ast.TemplateNode,
  source: string,
  folded: ReadonlySet<AnyNode> | null,
): Problems | TemplateSyntaxError {
  const blocks: TemplateSyntaxError[] = [];
  const loopTargets: TemplateSyntaxError[] = [];
  const parser: TemplateSyntaxError[] = [];
  const symbols: TemplateSyntaxError[] = [];
  const compiled: TemplateSyntaxError[] = [];
  // What Python's compiler rejects in the code Jinja2 generates is a plain syntax error; Jinja2's own checks
  // are assertion errors.
  const error = (message: string, where: ast.Span) =>
    new TemplateSyntaxError(message, where.line, where.col).locate(where.line, where.col, source);
  const assertion = (message: string, where: ast.Span) =>
    new TemplateAssertionError(message, where.line, where.col).locate(where.line, where.col, source);
  const blockNames = new Set<string>();

  const checkLoopTarget = (target: AnyNode) => {
    const name = loopStore(target);
    if (name !== null) loopTargets.push(assertion(LOOP_ASSIGNMENT, name));
  };

  const checkKeywords = (call: ast.CallArgs & ast.Span, extra: string[]) => {
    const keys = [...call.kwargs.map((k) => k.key), ...extra];
    // With a Python keyword among the keys Jinja2 passes a dict instead, where a repeated key is allowed.
    if (keys.some((k) => PYTHON_KEYWORDS.has(k))) return;
    const seen = new Set<string>();
    keys.forEach((key, i) => {
      if (seen.has(key)) compiled.push(error(`keyword argument repeated: ${key}`, call.kwargs[i] ?? call));
      seen.add(key);
    });
  };

  const checkArguments = (args: ast.Name[]) => {
    const seen = new Set<string>();
    for (const arg of args) {
      if (seen.has(arg.name))
        symbols.push(error(`duplicate argument ${repr(arg.name)} in function definition`, arg));
      seen.add(arg.name);
    }
  };

  // `inFor`: anywhere inside a for loop; `inLoop`: where a `break` would leave a loop.
  const walk = (node: AnyNode, depth: number, inFor: boolean, inLoop: boolean): void => {
    if (depth > MAX_AST_DEPTH) throw TOO_DEEP;
    if (folded?.has(node)) return;
    let childrenInLoop = inLoop;
    switch (node.type) {
      case 'Block':
        if (blockNames.has(node.name)) blocks.push(assertion(`block ${repr(node.name)} defined twice`, node));
        blockNames.add(node.name);
        // A block, a macro and a call block body are functions: a `break` there leaves no loop.
        childrenInLoop = false;
        break;
      case 'Macro':
      case 'CallBlock':
        checkArguments(node.args);
        if (node.type === 'CallBlock') checkKeywords(node.call, ['caller']);
        childrenInLoop = false;
        break;
      case 'For': {
        checkLoopTarget(node.target);
        walk(node.target, depth + 1, true, inLoop);
        walk(node.iter, depth + 1, true, inLoop);
        for (const child of node.body) walk(child, depth + 1, true, true);
        // A recursive loop's body is a function, so its `else` is outside every loop.
        for (const child of node.else_) walk(child, depth + 1, true, inLoop && !node.recursive);
        if (node.test !== null) walk(node.test, depth + 1, true, inLoop);
        return;
      }
      case 'Assign':
      case 'AssignBlock':
        if (inFor) checkLoopTarget(node.target);
        break;
      case 'Break':
        if (!inLoop) compiled.push(error("'break' outside loop", node));
        break;
      case 'Continue':
        if (!inLoop) compiled.push(error("'continue' not properly in loop", node));
        break;
      case 'Call':
      case 'Filter':
      case 'Test':
        checkKeywords(node, []);
        break;
      case 'Getitem': {
        // Jinja2 writes `x[1:2, 3]` into Python as `x[(1:2, 3)]`, which Python rejects.
        const slice =
          node.arg.type === 'Tuple' ? node.arg.items.find((item) => item.type === 'Slice') : undefined;
        if (slice)
          parser.push(
            error(
              'a slice (a:b) is only allowed directly inside brackets, not in a tuple: write x[a:b]',
              slice,
            ),
          );
        break;
      }
    }
    eachChild(node, (child) => walk(child, depth + 1, inFor, childrenInLoop));
  };

  try {
    walk(template, 1, false, false);
  } catch (e) {
    if (e !== TOO_DEEP) throw e;
    return tooDeep(template, source);
  }
  return { blocks, loopTargets, python: [...parser, ...symbols, ...compiled] };
}

/**
 * Checks a parsed template. Returns the errors in the order Jinja2 meets them: a block defined twice
 * first, then assignments to `loop`, then what Python rejects in the generated code. With `all` false,
 * only the first.
 */
export function validate(template: ast.TemplateNode, source: string, all: boolean): TemplateSyntaxError[] {
  const problems = findProblems(template, source, null);
  if (problems instanceof TemplateSyntaxError) return [problems];
  const errors = [...problems.blocks, ...problems.loopTargets, ...problems.python];
  return all ? errors : errors.slice(0, 1);
}

/**
 * What Jinja2 reports before it compiles a template's statements, else null: a tree too deep to walk, a block
 * defined twice. The rest the compiler reports in Jinja2's order: an unknown filter or an assignment to `loop`
 * as it reaches them, then `pythonCompileError`.
 */
export function checkParsed(template: ast.TemplateNode, source: string): TemplateSyntaxError | null {
  const problems = findProblems(template, source, null);
  if (problems instanceof TemplateSyntaxError) return problems;
  return problems.blocks[0] ?? null;
}

/**
 * The first error Python's compiler would find in the code Jinja2 generated for the template, else null: checked
 * after the whole template is compiled, as Python compiles Jinja2's code after Jinja2 made all of it. Nothing
 * inside the `folded` nodes is checked: Jinja2 writes their constant (`1 if 1 else dict(a=1, a=2)` is `1`).
 */
export function pythonCompileError(
  template: ast.TemplateNode,
  source: string,
  folded: ReadonlySet<AnyNode>,
): TemplateSyntaxError | null {
  const problems = findProblems(template, source, folded);
  if (problems instanceof TemplateSyntaxError) return problems;
  return problems.python[0] ?? null;
}

/** Jinja2's message for an assignment to `loop` inside a loop. */
export const LOOP_ASSIGNMENT = "Can't assign to special loop variable in for-loop target";

/** The name `loop` in an assignment target (a name, or a tuple of targets), else null. */
function loopStore(target: AnyNode): ast.Name | null {
  if (target.type === 'Name') return target.name === 'loop' ? target : null;
  if (target.type === 'Tuple') {
    for (const item of target.items) {
      const name = loopStore(item);
      if (name !== null) return name;
    }
  }
  return null;
}

/**
 * For each loop that assigns to `loop` somewhere inside it (its target, a `set`, an inner loop's target, in macros
 * too), the first such name, as Jinja2's `visit_For` finds it (`node.find_all(nodes.Name)`) when it reaches the loop.
 */
export function loopAssignments(template: ast.TemplateNode): Map<ast.For, ast.Name> {
  const found = new Map<ast.For, ast.Name>();
  const loops: ast.For[] = [];
  const note = (target: AnyNode) => {
    const name = loopStore(target);
    if (name === null) return;
    // Innermost first: once a loop has its name, every loop around it has one already.
    for (let i = loops.length - 1; i >= 0 && !found.has(loops[i]); i--) found.set(loops[i], name);
  };
  const visit = (node: AnyNode): void => {
    if (node.type === 'For') {
      loops.push(node);
      note(node.target);
      eachChild(node, visit);
      loops.pop();
      return;
    }
    if ((node.type === 'Assign' || node.type === 'AssignBlock') && loops.length > 0) note(node.target);
    eachChild(node, visit);
  };
  visit(template);
  return found;
}

/** The error for a tree deeper than `MAX_AST_DEPTH`, at the first node past it (found without recursion). */
function tooDeep(root: ast.TemplateNode, source: string): TemplateSyntaxError {
  const stack: [AnyNode, number][] = [[root, 1]];
  let where: AnyNode = root;
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [AnyNode, number];
    if (depth > MAX_AST_DEPTH) {
      where = node;
      break;
    }
    const children: AnyNode[] = [];
    eachChild(node, (child) => children.push(child));
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i], depth + 1]);
  }
  const { line, col } = where as ast.Span;
  return new TemplateSyntaxError(
    `the template nests too deeply (more than ${MAX_AST_DEPTH} levels of operators, brackets or blocks); ` +
      'split the expression into smaller parts with {% set %}',
    line,
    col,
  ).locate(line, col, source);
}
