/**
 * Errors a template author can act on: each names where (line, column, a code frame) and why.
 * None carries a JavaScript stack or type name in its message.
 */

import { keywordNames } from './runtime/values';

/** Shows the offending line of `source` with a caret under `col` (both 1-based). */
export function codeFrame(source: string, line: number, col: number): string {
  const lines = source.split(/\r\n|\r|\n/);
  const text = lines[line - 1];
  if (text === undefined) return '';
  const gutter = `${line} | `;
  return `${gutter}${text}\n${' '.repeat(gutter.length + Math.max(0, col - 1))}^`;
}

/** The base of every error the engine raises for a template. */
export class TemplateError extends Error {
  /** 1-based line of the offending token, when known. */
  line: number | undefined;
  /** 1-based column of the offending token, when known. */
  column: number | undefined;
  /** The offending line with a caret under the column, when the source is known. */
  frame = '';

  constructor(message: string, line?: number, column?: number) {
    super(message);
    this.name = 'TemplateError';
    this.line = line;
    this.column = column;
  }

  /** Records where the error happened, unless an inner node already did. @internal */
  locate(line: number, column: number, source?: string): this {
    if (this.line === undefined) {
      this.line = line;
      this.column = column;
    }
    if (source !== undefined && this.frame === '' && this.line !== undefined) {
      this.frame = codeFrame(source, this.line, this.column ?? 1);
    }
    return this;
  }

  /** The message with its place: `line 3, column 7: unexpected '}'` followed by the code frame. */
  describe(): string {
    const where = this.line === undefined ? '' : `line ${this.line}, column ${this.column ?? 1}: `;
    return this.frame ? `${where}${this.message}\n${this.frame}` : `${where}${this.message}`;
  }
}

/** The template does not parse. The message reads as Jinja2's does. */
export class TemplateSyntaxError extends TemplateError {
  constructor(message: string, line: number, column: number) {
    super(message, line, column);
    this.name = 'TemplateSyntaxError';
  }
}

/**
 * The template parses but breaks a rule Jinja2 checks while compiling it (an unknown filter or test, a block
 * defined twice, assigning to `loop`, a `caller` parameter without a default). A `TemplateSyntaxError`, as in
 * Jinja2.
 */
export class TemplateAssertionError extends TemplateSyntaxError {
  constructor(message: string, line: number, column: number) {
    super(message, line, column);
    this.name = 'TemplateAssertionError';
  }
}

/**
 * The template parsed but failed while rendering. `kind` is the Python exception Jinja2 raises
 * for the same failure (`TypeError`, `UndefinedError`, `ZeroDivisionError`, `ValueError`, ...).
 */
export class TemplateRuntimeError extends TemplateError {
  readonly kind: string;

  constructor(kind: string, message: string) {
    super(message);
    this.name = 'TemplateRuntimeError';
    this.kind = kind;
  }
}

/** The template tried to reach something the sandbox forbids. */
export class SecurityError extends TemplateRuntimeError {
  constructor(message: string) {
    super('SecurityError', message);
    this.name = 'SecurityError';
  }
}

/**
 * A render went past one of its limits (output size, loop iterations, time, ...). `kind` is the exception
 * Jinja2's sandbox raises for the same limit (`OverflowError` for `range()`), else `LimitError`.
 */
export class LimitError extends TemplateRuntimeError {
  /** The `Limits` option that was exceeded. */
  readonly limit: string;

  constructor(limit: string, message: string, kind = 'LimitError') {
    super(kind, message);
    this.name = 'LimitError';
    this.limit = limit;
  }
}

/**
 * Thrown by `{% MOE_NOT_SEND("reason") %}` and `|default('MOE_NOT_SEND')` on a missing value:
 * the message must not be sent, and no partial text is kept.
 */
export class NotSentSignal extends TemplateError {
  readonly reason: string;

  constructor(reason: string) {
    super(`not sent: ${reason}`);
    this.name = 'NotSentSignal';
    this.reason = reason;
  }
}

/** Shorthand for the Python-like errors the runtime raises. @internal */
export const typeError = (message: string) => new TemplateRuntimeError('TypeError', message);
/** @internal */
export const valueError = (message: string) => new TemplateRuntimeError('ValueError', message);

/**
 * Python's TypeError for keywords a function does not take: `Cycler.next() got an unexpected keyword argument
 * 'x'`. `fn` is the name Python shows. @internal
 */
export function refuseKeywords(fn: string, kwargs: Record<string, unknown>): void {
  for (const _ in kwargs) {
    throw typeError(`${fn}() got an unexpected keyword argument '${keywordNames(kwargs)[0]}'`);
  }
}

/** Python's TypeError for a method that takes no arguments but `self`: `Cycler.next() takes 1 positional argument but 2 were given`. @internal */
export function refuseArguments(fn: string, args: readonly unknown[], kwargs: Record<string, unknown>): void {
  refuseKeywords(fn, kwargs);
  if (args.length > 0)
    throw typeError(`${fn}() takes 1 positional argument but ${args.length + 1} were given`);
}
