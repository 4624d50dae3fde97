/**
 * The parser's view of the tokens, as Jinja2's `TokenStream`: one current token, a look-ahead of one,
 * and `expect` with Jinja2's messages. A lexical error is raised only when the parser steps onto it,
 * as Jinja2's lazy lexer does, so an earlier parse error is reported first.
 */
import { TemplateSyntaxError } from '../errors';
import type { LexResult } from '../lexer/lexer';
import { describeToken, describeTokenExpr, type Token, type TokenType, tokenMatches } from '../lexer/tokens';
import { spendRunning } from '../limits';
import { repr } from '../runtime/format';

/** A cursor over the lexer's tokens. @internal */
export class TokenStream {
  /** The token the parser is looking at. */
  current: Token;
  /** True once the parser stepped onto the lexer's error: no token follows. */
  broken = false;
  private index = 0;

  constructor(
    private readonly lexed: LexResult,
    private readonly source: string,
  ) {
    this.current = this.at(0);
  }

  /** False at the end of the template. */
  get active(): boolean {
    return this.current.type !== 'eof';
  }

  /** The position of the current token in the token list. */
  get position(): number {
    return this.index;
  }

  /** True when the current token has this type (a method, so that TypeScript does not narrow `current`). */
  is(type: TokenType): boolean {
    return this.current.type === type;
  }

  /** The token after the current one. */
  look(): Token {
    return this.current.type === 'eof' ? this.current : this.at(this.index + 1);
  }

  /** Moves one token ahead and returns the token that was current. */
  next(): Token {
    spendRunning(1);
    const old = this.current;
    if (old.type !== 'eof') {
      this.current = this.at(this.index + 1);
      this.index++;
    }
    return old;
  }

  /** Moves `n` tokens ahead. */
  skip(n: number): void {
    for (let i = 0; i < n; i++) this.next();
  }

  /** Moves ahead and returns true when the current token matches `expr` (`comma`, `name:endfor`). */
  skipIf(expr: string): boolean {
    if (!tokenMatches(this.current, expr)) return false;
    this.next();
    return true;
  }

  /** Returns the current token and moves ahead, or fails with Jinja2's message when it does not match. */
  expect(expr: string): Token {
    if (!tokenMatches(this.current, expr)) {
      const expected = repr(describeTokenExpr(expr));
      const message =
        this.current.type === 'eof'
          ? `unexpected end of template, expected ${expected}.`
          : `expected token ${expected}, got ${repr(describeToken(this.current))}`;
      throw new TemplateSyntaxError(message, this.current.line, this.current.col).locate(
        this.current.line,
        this.current.col,
        this.source,
      );
    }
    return this.next();
  }

  /** True when a token of `type` lies between the token at `from` and the end of that tag. */
  tagContains(from: number, type: string): boolean {
    const { tokens } = this.lexed;
    for (let i = from; i < tokens.length; i++) {
      const t = tokens[i].type;
      if (t === type) return true;
      if (t === 'block_end' || t === 'variable_end' || t === 'eof') return false;
    }
    return false;
  }

  private at(i: number): Token {
    const { tokens, error } = this.lexed;
    if (i < tokens.length) return tokens[i];
    if (error) {
      this.broken = true;
      throw error;
    }
    return tokens[tokens.length - 1];
  }
}
