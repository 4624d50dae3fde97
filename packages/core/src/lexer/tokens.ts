/**
 * The tokens the lexer produces, named as Jinja2's `lexer.py` names them, so that the parser's error
 * messages (`expected token 'end of print statement', got '}'`) read exactly as Jinja2's do.
 */
import type { PyFloat } from '../runtime/values';

/** Operator tokens, by their text. */
export const OPERATORS = {
  '+': 'add',
  '-': 'sub',
  '/': 'div',
  '//': 'floordiv',
  '*': 'mul',
  '%': 'mod',
  '**': 'pow',
  '~': 'tilde',
  '[': 'lbracket',
  ']': 'rbracket',
  '(': 'lparen',
  ')': 'rparen',
  '{': 'lbrace',
  '}': 'rbrace',
  '==': 'eq',
  '!=': 'ne',
  '>': 'gt',
  '>=': 'gteq',
  '<': 'lt',
  '<=': 'lteq',
  '=': 'assign',
  '.': 'dot',
  ':': 'colon',
  '|': 'pipe',
  ',': 'comma',
  ';': 'semicolon',
} as const;

/** The type of an operator token (`add`, `lparen`, ...). */
export type OperatorType = (typeof OPERATORS)[keyof typeof OPERATORS];

/** Every token type the parser sees. Comments, whitespace and raw markers never reach it. */
export type TokenType =
  | OperatorType
  | 'data'
  | 'variable_begin'
  | 'variable_end'
  | 'block_begin'
  | 'block_end'
  | 'name'
  | 'string'
  | 'integer'
  | 'float'
  | 'eof';

/** A token's value: text for most tokens, the runtime number for `integer` (number or bigint) and `float`. */
export type TokenValue = string | number | bigint | PyFloat;

/** One token, with the 1-based line and column (in code points) where it starts. */
export interface Token {
  type: TokenType;
  value: TokenValue;
  line: number;
  col: number;
}

const OPERATOR_TEXT = new Map<string, string>(Object.entries(OPERATORS).map(([text, type]) => [type, text]));

const DESCRIPTIONS: Record<string, string> = {
  block_begin: 'begin of statement block',
  block_end: 'end of statement block',
  variable_begin: 'begin of print statement',
  variable_end: 'end of print statement',
  data: 'template data / text',
  eof: 'end of template',
};

/** How Jinja2 names a token type in messages: the operator's text, a phrase, or the type itself. */
export function describeTokenType(type: string): string {
  return OPERATOR_TEXT.get(type) ?? DESCRIPTIONS[type] ?? type;
}

/** How Jinja2 names a token in messages: a name by its text, anything else by its type. */
export function describeToken(token: Token): string {
  return token.type === 'name' ? String(token.value) : describeTokenType(token.type);
}

/** Like `describeTokenType` for a token expression such as `name:endfor` (described as `endfor`). */
export function describeTokenExpr(expr: string): string {
  const colon = expr.indexOf(':');
  if (colon >= 0 && expr.slice(0, colon) === 'name') return expr.slice(colon + 1);
  return describeTokenType(colon >= 0 ? expr.slice(0, colon) : expr);
}

/** Tests a token against a token expression: a type (`comma`) or `type:value` (`name:endfor`). */
export function tokenMatches(token: Token, expr: string): boolean {
  const { type, value } = token;
  if (type === expr) return true;
  // Compared in place rather than split: the parser tests `name:if`, `name:or`, ... on every operand.
  return (
    typeof value === 'string' &&
    expr.length === type.length + 1 + value.length &&
    expr.charCodeAt(type.length) === 58 &&
    expr.startsWith(type) &&
    expr.endsWith(value)
  );
}
