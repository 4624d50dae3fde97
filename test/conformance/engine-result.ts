import { compile, type Limits, TemplateError, TemplateRuntimeError } from '@personalize/core';
import type { JinjaResult } from '../jinja/bridge';
import {
  comparableMessage,
  comparableOutput,
  type DeliberateDifference,
  deliberateDifference,
} from './deliberate-differences';

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

/** How the engine's result for a template compares with Jinja2's. */
export interface Comparison {
  /** Why they disagree, or `undefined` when they agree. */
  problem?: string;
  /** The deliberate difference that makes them agree, when one does. */
  deliberate?: DeliberateDifference;
}

/**
 * Compares the engine's result for `template` with Jinja2's. They agree when both render the same text
 * (objects' addresses aside), or raise the same Python exception with the same message (where Jinja2's shows
 * no Python internals), or differ as `deliberateDifferences` lists. An engine failure outside TemplateError,
 * or an internal one, is always a disagreement.
 */
export function compare(template: string, engine: EngineResult, jinja: JinjaResult): Comparison {
  const both = () => `engine: ${describeEngine(engine)}\n jinja: ${describeJinja(jinja)}`;
  if (!engine.ok && 'crash' in engine)
    return { problem: `the engine crashed outside TemplateError\n${both()}` };
  if (!engine.ok && engine.error instanceof TemplateRuntimeError && engine.error.kind === 'InternalError') {
    return { problem: `the engine failed internally\n${both()}` };
  }
  if (jinja.ok && engine.ok && comparableOutput(engine.output) === comparableOutput(jinja.output)) return {};
  const kind = engine.ok ? '' : errorClass(engine.error);
  const deliberate = deliberateDifference(template, engine, kind, jinja);
  if (deliberate !== undefined) return { deliberate };
  if (jinja.ok) {
    return {
      problem: `${engine.ok ? 'outputs differ' : 'the engine raised where Jinja2 rendered'}\n${both()}`,
    };
  }
  if (engine.ok) return { problem: `Jinja2 raised where the engine rendered\n${both()}` };
  if (kind !== jinja.errorType) return { problem: `the exceptions differ\n${both()}` };
  const expected = comparableMessage(jinja);
  if (expected !== undefined && engine.error.message !== expected) {
    return { problem: `the messages differ\n${both()}` };
  }
  return {};
}

/** Why the engine and Jinja2 disagree on `template` (see `compare`), or `undefined` when they agree. */
export function disagreement(template: string, engine: EngineResult, jinja: JinjaResult): string | undefined {
  return compare(template, engine, jinja).problem;
}
