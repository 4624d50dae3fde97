/** Renders templates through the public API and prints the result as the Jinja2 expectation scripts print theirs. */
import { type CompileOptions, compile, TemplateError, TemplateRuntimeError } from '../../src/index';

/** A template case: the rule it shows, the template, its render variables and what Jinja2 renders. */
export interface TemplateCase {
  rule: string;
  template: string;
  data?: Record<string, unknown>;
  /** The rendered text, or `!Kind: message` for the error Jinja2 raises. */
  expected: string;
}

/**
 * The rendered text, or `!Kind: message` for an error: the Python exception name for a runtime error,
 * the class name (`TemplateSyntaxError`, `NotSentSignal`) for the others. Anything else is rethrown.
 */
export function outcome(
  template: string,
  data: Record<string, unknown> = {},
  options?: CompileOptions,
): string {
  try {
    return compile(template, options).render(data);
  } catch (error) {
    if (error instanceof TemplateRuntimeError) return `!${error.kind}: ${error.message}`;
    if (error instanceof TemplateError) return `!${error.name}: ${error.message}`;
    throw error;
  }
}

/** Renders and returns what was thrown; fails when nothing is. */
export function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

/** The TemplateError thrown by compiling and rendering `template`; fails for anything else. */
export function templateError(
  template: string,
  data: Record<string, unknown> = {},
  options?: CompileOptions,
): TemplateError {
  const error = thrownBy(() => compile(template, options).render(data));
  if (error instanceof TemplateError) return error;
  throw new Error(`expected a TemplateError, got ${String(error)}`);
}
