import {
  compile,
  type Limits,
  TemplateError,
  TemplateRuntimeError,
  TemplateSyntaxError,
} from '@personalize/core';
import type { JinjaResult } from '../jinja/bridge';
import { comparableMessage, comparableOutput, deliberateDifference } from './deliberate-differences';

/** What the engine did with a template: its output, the TemplateError it threw, or a crash (anything else thrown). */
export type EngineResult =
  | { ok: true; output: string }
  | { ok: false; error: TemplateError }
  | { ok: false; crash: unknown };

/** Compiles and renders with the engine, catching whatever it throws. Data is cloned: a template may mutate it. */
export function renderWithEngine(
  template: string,
  data: Record<string, unknown> | undefined,
  limits?: Partial<Limits>,
): EngineResult {
  try {
    return { ok: true, output: compile(template, { limits }).render(structuredClone(data ?? {})) };
  } catch (error) {
    return error instanceof TemplateError ? { ok: false, error } : { ok: false, crash: error };
  }
}

/** The Python exception the engine's error stands for: a runtime error's `kind`, otherwise the class name. */
export function errorClass(error: TemplateError): string {
  return error instanceof TemplateRuntimeError ? error.kind : error.name;
}

function describeEngine(result: EngineResult): string {
  if (result.ok) return `output ${JSON.stringify(result.output)}`;
  if ('crash' in result) {
    const crash = result.crash;
    return `crash ${crash instanceof Error ? `${crash.name}: ${crash.message}` : String(crash)}`;
  }
  const { error } = result;
  const kind = errorClass(error);
  return `${error.name}${kind === error.name ? '' : `(${kind})`}: ${error.message}`;
}

function describeJinja(result: JinjaResult): string {
  return result.ok ? `output ${JSON.stringify(result.output)}` : `${result.errorType}: ${result.message}`;
}

/**
 * Why the engine and Jinja2 disagree, or `undefined` when they agree. They agree when both render the same
 * text, or when both raise the same Python exception with the same message. Where Jinja2's message shows
 * Python's internals (see `comparableMessage`) only the exceptions are compared; a difference listed in
 * `deliberateDifferences` is agreement. An engine failure outside TemplateError, or an internal one, is
 * always a disagreement.
 */
export function disagreement(engine: EngineResult, jinja: JinjaResult): string | undefined {
  const both = () => `engine: ${describeEngine(engine)}\n jinja: ${describeJinja(jinja)}`;
  if (!engine.ok && 'crash' in engine) return `the engine crashed outside TemplateError\n${both()}`;
  if (!engine.ok && engine.error instanceof TemplateRuntimeError && engine.error.kind === 'InternalError') {
    return `the engine failed internally\n${both()}`;
  }
  if (jinja.ok) {
    if (engine.ok && engine.output === comparableOutput(jinja.output)) return undefined;
    return engine.ok ? `outputs differ\n${both()}` : `the engine raised where Jinja2 rendered\n${both()}`;
  }
  if (engine.ok) return `Jinja2 raised where the engine rendered\n${both()}`;
  const kind = errorClass(engine.error);
  const message = engine.error.message;
  if (deliberateDifference(kind, message, jinja) !== undefined) return undefined;
  if (kind !== jinja.errorType) return `the exceptions differ\n${both()}`;
  const expected = comparableMessage(jinja);
  if (expected !== undefined && message !== expected) return `the messages differ\n${both()}`;
  return undefined;
}
