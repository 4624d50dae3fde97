/**
 * One render of a draft, as the worker runs it: every template checked for syntax errors (all of them, with
 * their places), the message rendered with the sample data by the same renderer the server uses, and what it
 * reads.
 */
import {
  createRenderer,
  memoryResolvers,
  parseAll,
  type Renderer,
  type TemplateError,
  type TemplateNames,
  TemplateSyntaxError,
} from '@personalize/core';
import type { Draft, EditorProblem } from '../draft/draft';
import type { JsonPath } from '../message/json-document';
import { type MessageTemplate, readMessage } from '../message/message-templates';
import { messageReads } from '../reads/template-reads';
import { readSampleData, type SampleData } from '../sample-data/sample-data';
import type { FieldOutcome, RenderReport } from './render-protocol';

/** The problem to underline for an engine error in `template`, when the error knows its line. */
function templateProblem(template: MessageTemplate, error: TemplateError): EditorProblem[] {
  if (error.line === undefined) return [];
  const { from, to } = template.place(error.line, error.column ?? 1);
  return [{ editor: template.editor, from, to, severity: 'error', message: error.describe() }];
}

/** A path as a map key: `["a.b"]` and `["a", "b"]` stay apart. */
const pathKey = (path: JsonPath): string => JSON.stringify(path);

function valueAt(value: unknown, path: JsonPath): unknown {
  let found = value;
  for (const key of path) found = (found as Record<string | number, unknown>)[key];
  return found;
}

/** The renderer for one sample data text: made again only when the sample data changes. */
let current: { readonly text: string; readonly renderer: Renderer } | undefined;

function rendererFor(text: string, sample: SampleData): Renderer {
  if (current?.text !== text) {
    // Content API results are the sample's: nothing to keep between renders.
    const renderer = createRenderer({
      resolvers: memoryResolvers(sample.store),
      cache: { contentApiResults: false },
    });
    current = { text, renderer };
  }
  return current.renderer;
}

/** Renders a draft. Never rejects: whatever goes wrong is in the report. */
export async function renderDraft(draft: Draft): Promise<RenderReport> {
  const sample = readSampleData(draft.sampleData);
  const message = readMessage(draft);
  const problems: EditorProblem[] = [];
  if (!sample.ok) problems.push(...sample.problems);
  if (!message.ok) {
    problems.push(...message.problems);
    return {
      outcome: { kind: 'not_rendered', reason: 'The payload is not valid JSON: see the marks in it.' },
      problems,
      reads: [],
    };
  }

  const parsed: TemplateNames[] = [];
  const unparsed = new Set<MessageTemplate>();
  for (const template of message.templates) {
    const report = parseAll(template.source);
    for (const error of report.errors) problems.push(...templateProblem(template, error));
    if (report.errors.length > 0) unparsed.add(template);
  }
  if (!sample.ok) {
    return {
      outcome: { kind: 'not_rendered', reason: 'The sample data has problems: see the marks in it.' },
      problems,
      reads: [],
    };
  }

  const renderer = rendererFor(draft.sampleData, sample.data);
  for (const template of message.templates) {
    if (unparsed.has(template)) continue;
    try {
      parsed.push(renderer.compile(template.source).names);
    } catch {
      // A limit such as the template's size: the render below reports it for this field.
      unparsed.add(template);
    }
  }
  const reads = messageReads(parsed, sample.data);
  let result: Awaited<ReturnType<Renderer['renderPayload']>>;
  try {
    result = await renderer.renderPayload(message.payload, sample.data.input);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { outcome: { kind: 'not_rendered', reason: `The render failed: ${reason}` }, problems, reads };
  }

  const failures = new Map(result.failures.map((failure) => [pathKey(failure.path), failure]));
  const fields = message.templates.map((template): FieldOutcome => {
    const failure = failures.get(pathKey(template.path));
    if (failure === undefined) {
      return { label: template.label, status: 'sent', text: String(valueAt(result.payload, template.path)) };
    }
    if (failure.status === 'not_sent')
      return { label: template.label, status: 'not_sent', reason: failure.reason };
    // A syntax error is underlined from parseAll already, with any others in the same template.
    if (!(failure.error instanceof TemplateSyntaxError))
      problems.push(...templateProblem(template, failure.error));
    return { label: template.label, status: 'error', description: failure.error.describe() };
  });
  return {
    outcome: {
      kind: 'rendered',
      fields,
      payload: draft.mode === 'payload' ? JSON.stringify(result.payload, null, 2) : undefined,
      warnings: result.warnings.map((warning) => warning.message),
    },
    problems,
    reads,
  };
}
