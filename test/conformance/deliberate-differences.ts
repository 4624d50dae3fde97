/**
 * Where the engine's error differs from Jinja2's on purpose: each entry is a line of the README's "Where it
 * differs from Jinja2, on purpose" table, with the reason. Everything else must raise Jinja2's exception with
 * Jinja2's message.
 */
import type { JinjaResult } from '../jinja/bridge';

/** An error the engine raises differently from Jinja2, on purpose. */
export interface DeliberateDifference {
  /** What differs, as the README says it. */
  what: string;
  /** Why, as the README says it. */
  why: string;
  /** Jinja2's exception class and, when only some of its messages are meant, a pattern they match. */
  jinja: { errorType: string; message?: RegExp };
  /**
   * The engine's exception (`kind` of a runtime error, else the class name) and a pattern for its message;
   * without one, the engine prints Jinja2's message.
   */
  engine: { kind: string; message?: RegExp };
}

/** Python's own compiler adds where in the generated Python module the error is: no template line. */
const GENERATED_CODE_PLACE = / \(<template>, line \d+\)$/;

export const deliberateDifferences: readonly DeliberateDifference[] = [
  {
    what: "What Python's compiler rejects in the code Jinja2 generates (`{% break %}` outside a loop, a keyword given twice) is a `TemplateSyntaxError`",
    why: "Jinja2 finds these only when Python compiles its output, raises Python's `SyntaxError` and names a line of that output; the engine finds them while parsing and names the template's line and column",
    jinja: { errorType: 'SyntaxError' },
    engine: { kind: 'TemplateSyntaxError' },
  },
  {
    what: 'A macro with a parameter named twice names the parameter',
    why: "Python's message names the variable Jinja2 generates for it (`l_1_a`)",
    jinja: { errorType: 'SyntaxError', message: /^duplicate argument 'l_\d+_\w+' in function definition/ },
    engine: { kind: 'TemplateSyntaxError', message: /^duplicate argument '\w+' in function definition$/ },
  },
  {
    what: '`include`, `extends`, `import` are syntax errors',
    why: 'not part of the dialect: content blocks take their place',
    jinja: { errorType: 'TypeError', message: /^no loader for this environment specified$/ },
    engine: { kind: 'TemplateSyntaxError', message: /^The '(include|extends|import|from)' tag is not part of/ },
  },
];

/** An object's address in what Python prints for it (`<generator object do_map at 0x7f3a...>`). */
const ADDRESS = / at 0x[0-9a-f]+/g;

/**
 * Jinja2's output as the engine must print it: the same, without objects' addresses, which the engine leaves
 * out (no template could rely on one).
 */
export function comparableOutput(output: string): string {
  return output.replace(ADDRESS, '');
}

/**
 * Jinja2's message as the engine must print it, or `undefined` when it shows Python's internals that no
 * template could rely on: an object's address (`<function f at 0x7f...>`) or a Python source file.
 */
export function comparableMessage(jinja: JinjaResult & { ok: false }): string | undefined {
  if (/\bat 0x[0-9a-f]+/.test(jinja.message) || /\.py\b/.test(jinja.message)) return undefined;
  return jinja.message.replace(GENERATED_CODE_PLACE, '');
}

/** The deliberate difference that explains why the engine raised `kind: message` where Jinja2 raised `jinja`. */
export function deliberateDifference(
  kind: string,
  message: string,
  jinja: JinjaResult & { ok: false },
): DeliberateDifference | undefined {
  return deliberateDifferences.find(
    (d) =>
      d.jinja.errorType === jinja.errorType &&
      (d.jinja.message === undefined || d.jinja.message.test(jinja.message)) &&
      d.engine.kind === kind &&
      (d.engine.message === undefined ? message === comparableMessage(jinja) : d.engine.message.test(message)),
  );
}
