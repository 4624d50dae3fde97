/**
 * The template syntax tree. Node names and shapes mirror Jinja2's `nodes.py`, so that a difference
 * from the reference is easy to find. Every node carries the 1-based line and column where it starts.
 */

/** Where a node starts in the template source: 1-based line and column. */
export interface Span {
  line: number;
  col: number;
}

/** A literal. `value` is already a runtime value: string, int (number or bigint), float (number or `PyFloat`), boolean or null. */
export interface Const extends Span {
  type: 'Const';
  value: unknown;
}

/** Literal template text between tags (already whitespace-controlled by the lexer). */
export interface TemplateData extends Span {
  type: 'TemplateData';
  data: string;
}

/** A variable reference. */
export interface Name extends Span {
  type: 'Name';
  name: string;
}

/** `ns.attr` as the target of a `set` (namespace assignment). */
export interface NSRef extends Span {
  type: 'NSRef';
  name: string;
  attr: string;
}

/** `a.b` */
export interface Getattr extends Span {
  type: 'Getattr';
  node: Expr;
  attr: string;
}

/** `a[b]`; `arg` is a `Slice` for `a[1:2]`. */
export interface Getitem extends Span {
  type: 'Getitem';
  node: Expr;
  arg: Expr;
}

/** `start:stop:step` inside a subscript; each part may be absent. */
export interface Slice extends Span {
  type: 'Slice';
  start: Expr | null;
  stop: Expr | null;
  step: Expr | null;
}

/** `key=value` in a call, filter or test argument list. */
export interface Keyword extends Span {
  type: 'Keyword';
  key: string;
  value: Expr;
}

/** The argument list shared by calls, filters and tests. */
export interface CallArgs {
  args: Expr[];
  kwargs: Keyword[];
  /** `*args` */
  dynArgs: Expr | null;
  /** `**kwargs` */
  dynKwargs: Expr | null;
}

/** `f(x, key=y)` */
export interface Call extends Span, CallArgs {
  type: 'Call';
  node: Expr;
}

/** `x|name(args)`. `node` is null only inside a `{% filter %}` block, where the block body is the input. */
export interface Filter extends Span, CallArgs {
  type: 'Filter';
  node: Expr | null;
  name: string;
}

/** `x is name(args)`; `x is not name` parses as `Not(Test)` as in Jinja2. */
export interface Test extends Span, CallArgs {
  type: 'Test';
  node: Expr;
  name: string;
}

/** `expr1 if test else expr2`; `expr2` is null when there is no `else` (the result is then Undefined). */
export interface CondExpr extends Span {
  type: 'CondExpr';
  test: Expr;
  expr1: Expr;
  expr2: Expr | null;
}

export type BinOperator = '+' | '-' | '*' | '/' | '//' | '%' | '**';

/** Arithmetic: `+ - * / // % **`. */
export interface BinOp extends Span {
  type: 'BinOp';
  op: BinOperator;
  left: Expr;
  right: Expr;
}

/** `-x`, `+x`, `not x` */
export interface UnaryOp extends Span {
  type: 'UnaryOp';
  op: '-' | '+' | 'not';
  node: Expr;
}

/** `a and b` (returns an operand, as in Python). */
export interface And extends Span {
  type: 'And';
  left: Expr;
  right: Expr;
}

/** `a or b` (returns an operand, as in Python). */
export interface Or extends Span {
  type: 'Or';
  left: Expr;
  right: Expr;
}

/** `a ~ b ~ c`: string concatenation of every operand's `str()`. */
export interface Concat extends Span {
  type: 'Concat';
  nodes: Expr[];
}

export type CompareOperator = 'eq' | 'ne' | 'lt' | 'lteq' | 'gt' | 'gteq' | 'in' | 'notin';

/** One link of a comparison chain. */
export interface Operand extends Span {
  type: 'Operand';
  op: CompareOperator;
  expr: Expr;
}

/** `a < b <= c`: `expr` compared through each operand in turn, as Python chains comparisons. */
export interface Compare extends Span {
  type: 'Compare';
  expr: Expr;
  ops: Operand[];
}

/** `[a, b]` */
export interface List extends Span {
  type: 'List';
  items: Expr[];
}

/** `(a, b)`, also the target of `for a, b in ...` and `set a, b = ...`. */
export interface Tuple extends Span {
  type: 'Tuple';
  items: Expr[];
}

/** One `key: value` of a dict literal. */
export interface Pair extends Span {
  type: 'Pair';
  key: Expr;
  value: Expr;
}

/** `{'k': v}` */
export interface Dict extends Span {
  type: 'Dict';
  items: Pair[];
}

export type Expr =
  | Const
  | Name
  | Getattr
  | Getitem
  | Slice
  | Call
  | Filter
  | Test
  | CondExpr
  | BinOp
  | UnaryOp
  | And
  | Or
  | Concat
  | Compare
  | List
  | Tuple
  | Dict;

/** A run of template data and `{{ }}` expressions, in order. */
export interface Output extends Span {
  type: 'Output';
  nodes: (TemplateData | Expr)[];
}

/** `{% if %}...{% elif %}...{% else %}...{% endif %}` */
export interface If extends Span {
  type: 'If';
  test: Expr;
  body: Stmt[];
  elif: If[];
  else_: Stmt[];
  /**
   * Where an error of the test is placed, when not at the test: the compiler makes an `if` of an inline
   * `{{ 'a' if test else 'b' }}`, whose errors stay placed where the expression starts.
   */
  testAt?: Span;
}

/** `{% for target in iter if test recursive %}...{% else %}...{% endfor %}` */
export interface For extends Span {
  type: 'For';
  /** A `Name` or a `Tuple` of names. */
  target: Name | Tuple;
  iter: Expr;
  body: Stmt[];
  else_: Stmt[];
  test: Expr | null;
  recursive: boolean;
}

/** `{% set target = node %}`; target is a `Name`, a `Tuple` of names, or an `NSRef`. */
export interface Assign extends Span {
  type: 'Assign';
  target: Name | Tuple | NSRef;
  node: Expr;
}

/** `{% set target | filter %}...{% endset %}` */
export interface AssignBlock extends Span {
  type: 'AssignBlock';
  target: Name | NSRef;
  /** A filter chain whose innermost `node` is null, or null. */
  filter: Filter | null;
  body: Stmt[];
}

/** `{% macro name(a, b=1) %}...{% endmacro %}`: `defaults` align with the last `args`. */
export interface Macro extends Span {
  type: 'Macro';
  name: string;
  args: Name[];
  defaults: Expr[];
  body: Stmt[];
}

/** `{% call(args) macro(...) %}...{% endcall %}` */
export interface CallBlock extends Span {
  type: 'CallBlock';
  call: Call;
  args: Name[];
  defaults: Expr[];
  body: Stmt[];
}

/** `{% filter name|other %}...{% endfilter %}`: `filter` is a chain whose innermost `node` is null. */
export interface FilterBlock extends Span {
  type: 'FilterBlock';
  filter: Filter;
  body: Stmt[];
}

/** `{% with a = 1, b = 2 %}...{% endwith %}` */
export interface With extends Span {
  type: 'With';
  targets: Name[];
  values: Expr[];
  body: Stmt[];
}

/** `{% block name %}...{% endblock %}` without inheritance: rendered in place. */
export interface Block extends Span {
  type: 'Block';
  name: string;
  scoped: boolean;
  body: Stmt[];
}

/** `{% break %}` */
export interface Break extends Span {
  type: 'Break';
}

/** `{% continue %}` */
export interface Continue extends Span {
  type: 'Continue';
}

/** The service's `{% cycle('odd', 'even') %}`: outputs `loop.cycle(...)` of the innermost loop. */
export interface Cycle extends Span {
  type: 'Cycle';
  args: Expr[];
}

/** The service's `{% MOE_NOT_SEND("reason") %}`: stops the render, nothing is sent. */
export interface NotSend extends Span {
  type: 'NotSend';
  reason: Expr | null;
}

export type Stmt =
  | Output
  | If
  | For
  | Assign
  | AssignBlock
  | Macro
  | CallBlock
  | FilterBlock
  | With
  | Block
  | Break
  | Continue
  | Cycle
  | NotSend;

/** The root of a parsed template. */
export interface TemplateNode extends Span {
  type: 'Template';
  body: Stmt[];
}

export type Node = Expr | Stmt | TemplateNode | Keyword | Operand | Pair | TemplateData;
