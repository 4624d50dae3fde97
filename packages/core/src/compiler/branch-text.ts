/**
 * Template text next to an `if` moved into its branches, before a statement list is compiled.
 *
 * `<span{% if item.low %} class="low"{% endif %}>{{ item.name }}` prints `<span`, then a branch, then `>` and
 * the name: three pieces joined at every render. With the text moved in, each branch is one constant
 * (`<span class="low">`, `<span>`), and the outputs on either side lose a join too. The text printed is the
 * same: whichever branch runs (the `else`, made if there is none, included), it prints the text that came before
 * the `if`, its own body, then the text after.
 *
 * Only literal text moves, never an expression, so nothing is evaluated in another order or another scope. A
 * branch that stops its loop (`break`, `continue`) stops before the text after the `if`, as the loop did: the
 * branch's statements are watched for them as the loop body's are. Text is copied into the branches only while
 * the copies stay small.
 */
import type * as ast from '../parser/ast';

/** Most characters of text the copies into one `if`'s branches may add up to. */
const MAX_COPIED_TEXT = 2048;

/**
 * `statements` with the literal text at the end of the output before each `if` and at the start of the output
 * after it moved into the `if`'s branches, and outputs that end up next to each other joined into one. An inline
 * if-expression that picks between text literals (`{{ 's' if n != 1 }}`) is made an `if` first, so the text
 * around it moves too. Returns `statements` itself when nothing changes; the nodes given are not changed.
 */
export function moveTextIntoBranches(statements: readonly ast.Stmt[]): readonly ast.Stmt[] {
  const body = splitTextChoices(statements);
  let changed = body !== statements;
  const out: ast.Stmt[] = [];
  for (let i = 0; i < body.length; i++) {
    const node = body[i];
    if (node.type !== 'If') {
      out.push(node);
      continue;
    }
    const before = out.length > 0 ? out[out.length - 1] : undefined;
    const after = body[i + 1];
    let prefix =
      before?.type === 'Output' ? before.nodes.slice(before.nodes.length - textAtEnd(before.nodes)) : [];
    let suffix = after?.type === 'Output' ? after.nodes.slice(0, textAtStart(after.nodes)) : [];
    // Each branch (and the else) gets a copy: when both sides are too long for that, the shorter side alone.
    const branches = 2 + node.elif.length;
    const headLength = textLength(prefix);
    const tailLength = textLength(suffix);
    if ((headLength + tailLength) * branches > MAX_COPIED_TEXT) {
      if (Math.min(headLength, tailLength) * branches > MAX_COPIED_TEXT) prefix = suffix = [];
      else if (headLength <= tailLength) suffix = [];
      else prefix = [];
    }
    const head = prefix.length;
    const tail = suffix.length;
    if (head === 0 && tail === 0) {
      out.push(node);
      continue;
    }
    changed = true;
    if (head > 0) {
      const rest = (before as ast.Output).nodes.slice(0, -head);
      if (rest.length > 0) out[out.length - 1] = { ...(before as ast.Output), nodes: rest };
      else out.pop();
    }
    const wrap = (statements: readonly ast.Stmt[], at: ast.Span): ast.Stmt[] =>
      joinOutputs([
        ...(prefix.length > 0 ? [outputOf(prefix, at)] : []),
        ...statements,
        ...(suffix.length > 0 ? [outputOf(suffix, at)] : []),
      ]);
    out.push({
      ...node,
      body: wrap(node.body, node),
      elif: node.elif.map((branch) => ({ ...branch, body: wrap(branch.body, branch) })),
      else_: wrap(node.else_, node),
    });
    if (tail > 0) {
      const rest = (after as ast.Output).nodes.slice(tail);
      i++;
      if (rest.length > 0) out.push({ ...(after as ast.Output), nodes: rest });
    }
  }
  return changed ? joinOutputs(out) : body;
}

/**
 * `body` with each output that prints a choice between text literals split around it, the choice made an `if`
 * (`a{{ 'x' if c else 'y' }}b` is `a{% if c %}x{% else %}y{% endif %}b`). The choice's test is the `if`'s, its
 * errors placed where the expression starts, as they were; the literals cannot fail. Returns `body` itself when
 * no output has such a choice.
 */
function splitTextChoices(body: readonly ast.Stmt[]): readonly ast.Stmt[] {
  if (!body.some((node) => node.type === 'Output' && node.nodes.some(isTextChoice))) return body;
  const out: ast.Stmt[] = [];
  for (const node of body) {
    if (node.type !== 'Output' || !node.nodes.some(isTextChoice)) {
      out.push(node);
      continue;
    }
    let run: (ast.TemplateData | ast.Expr)[] = [];
    for (const child of node.nodes) {
      if (!isTextChoice(child)) {
        run.push(child);
        continue;
      }
      if (run.length > 0) out.push({ ...node, nodes: run });
      run = [];
      out.push(choiceAsIf(child));
    }
    if (run.length > 0) out.push({ ...node, nodes: run });
  }
  return out;
}

/** `'a' if x`, `'a' if x else 'b'`, `'a' if x else 'b' if y else 'c'`...: text literals chosen by tests. */
function isTextChoice(node: ast.TemplateData | ast.Expr): node is ast.CondExpr {
  if (node.type !== 'CondExpr' || !isText(node.expr1)) return false;
  return node.expr2 === null || isText(node.expr2) || isTextChoice(node.expr2);
}

function isText(node: ast.Expr): node is ast.Const {
  return node.type === 'Const' && typeof node.value === 'string';
}

/** The `if` (with an `elif` for each further test) that prints what the choice does: no `else` prints nothing. */
function choiceAsIf(choice: ast.CondExpr): ast.If {
  const branch = (test: ast.Expr, text: ast.Const): ast.If => ({
    type: 'If',
    test,
    body: [outputOf([textOf(text)], text)],
    elif: [],
    else_: [],
    testAt: choice,
    line: choice.line,
    col: choice.col,
  });
  const first = branch(choice.test, choice.expr1 as ast.Const);
  let rest = choice.expr2;
  while (rest !== null && rest.type === 'CondExpr') {
    first.elif.push(branch(rest.test, rest.expr1 as ast.Const));
    rest = rest.expr2;
  }
  if (rest !== null) first.else_ = [outputOf([textOf(rest as ast.Const)], rest)];
  return first;
}

function textOf(literal: ast.Const): ast.TemplateData {
  return { type: 'TemplateData', data: literal.value as string, line: literal.line, col: literal.col };
}

/** How many of `nodes`, counted from the end, are literal text. */
function textAtEnd(nodes: readonly (ast.TemplateData | ast.Expr)[]): number {
  let n = 0;
  while (n < nodes.length && nodes[nodes.length - 1 - n].type === 'TemplateData') n++;
  return n;
}

/** How many of `nodes`, counted from the start, are literal text. */
function textAtStart(nodes: readonly (ast.TemplateData | ast.Expr)[]): number {
  let n = 0;
  while (n < nodes.length && nodes[n].type === 'TemplateData') n++;
  return n;
}

function textLength(nodes: readonly (ast.TemplateData | ast.Expr)[]): number {
  let length = 0;
  for (const node of nodes) if (node.type === 'TemplateData') length += node.data.length;
  return length;
}

function outputOf(nodes: (ast.TemplateData | ast.Expr)[], at: ast.Span): ast.Output {
  return { type: 'Output', nodes, line: at.line, col: at.col };
}

/** `body` with each run of consecutive outputs made one output. */
function joinOutputs(body: ast.Stmt[]): ast.Stmt[] {
  const out: ast.Stmt[] = [];
  for (const node of body) {
    const last = out.length > 0 ? out[out.length - 1] : undefined;
    if (node.type === 'Output' && last?.type === 'Output') {
      out[out.length - 1] = { ...last, nodes: [...last.nodes, ...node.nodes] };
    } else out.push(node);
  }
  return out;
}
