/**
 * One input line of `bulk` to one output line: the line's JSON object is the user's attributes (merged over the
 * stored user's when its `id` names one), rendered with the workspace's content blocks and product sets.
 */
import { createRenderer, memoryResolvers, type RenderInput } from '@personalize/core';
import { messageOf } from '../command-line/command-error';
import { isJsonObject, jsonKind } from '../command-line/json-file';
import { errorLine, fieldLabel } from '../templates/template-file';
import type { BulkSetup } from './bulk-protocol';
import type { LongLine } from './line-batches';

/** The outcome of one line: its status and its output line (JSON, no newline). */
export interface LineOutput {
  /** How the line ended. */
  readonly status: 'sent' | 'not_sent' | 'error';
  /** The output line: `{"line":n,"status":...}`. */
  readonly json: string;
}

/** Renders one input line (its text without the newline, and its 1-based number). */
export type LineRenderer = (text: string, line: number) => Promise<LineOutput>;

function errorOutput(line: number, error: string): LineOutput {
  return { status: 'error', json: JSON.stringify({ line, status: 'error', error }) };
}

function notSentOutput(line: number, reason: string): LineOutput {
  return { status: 'not_sent', json: JSON.stringify({ line, status: 'not_sent', reason }) };
}

/** The error line of a line longer than the limit, which was never read. */
export function longLineOutput(long: LongLine, maxLineBytes: number): LineOutput {
  return errorOutput(
    long.line,
    `the line is ${long.bytes} bytes long, more than --max-line-bytes (${maxLineBytes}): it was not read`,
  );
}

/** The line's attributes, or the reason it has none. */
function parseAttributes(text: string): Record<string, unknown> | string {
  if (text.trim() === '') return 'the line is empty: each line must be a JSON object of user attributes';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `the line is not valid JSON: ${messageOf(error)}`;
  }
  return isJsonObject(value) ? value : `the line is ${jsonKind(value)}, not a JSON object of user attributes`;
}

/**
 * Creates the renderer of lines for one setup: the template compiled once, the workspace's data in memory.
 *
 * @example
 * const render = createLineRenderer(setup);
 * await render('{"First Name": "jane"}', 1); // { status: 'sent', json: '{"line":1,"status":"sent","text":"Hi Jane"}' }
 */
export function createLineRenderer(setup: BulkSetup): LineRenderer {
  const { store, event, template } = setup;
  const renderer = createRenderer({
    resolvers: memoryResolvers({
      users: store.users,
      contentBlocks: store.contentBlocks,
      productSets: store.productSets,
    }),
  });
  const knownUsers = new Set(store.users.map((user) => user.id));

  const inputOf = (attributes: Record<string, unknown>): RenderInput => {
    const id = attributes.id;
    const userId = typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
    return {
      // Only a known id names a stored user: an unknown one is a user the export has and the workspace has not.
      user: userId !== undefined && knownUsers.has(userId) ? { identifier: 'ID', value: userId } : undefined,
      userAttributes: attributes,
      eventAttributes: event?.attributes,
      eventName: event?.name,
    };
  };

  if (template.kind === 'text') {
    const compiled = renderer.compile(template.source);
    return async (text, line) => {
      const attributes = parseAttributes(text);
      if (typeof attributes === 'string') return errorOutput(line, attributes);
      try {
        const result = await renderer.render(compiled, inputOf(attributes));
        if (result.status === 'not_sent') return notSentOutput(line, result.reason);
        return { status: 'sent', json: JSON.stringify({ line, status: 'sent', text: result.text }) };
      } catch (error) {
        return errorOutput(line, errorLine('', error));
      }
    };
  }

  const payload = template.payload;
  return async (text, line) => {
    const attributes = parseAttributes(text);
    if (typeof attributes === 'string') return errorOutput(line, attributes);
    let result: Awaited<ReturnType<typeof renderer.renderPayload<typeof payload>>>;
    try {
      result = await renderer.renderPayload(payload, inputOf(attributes));
    } catch (error) {
      return errorOutput(line, errorLine('', error));
    }
    // An error says more about the template than "not sent": report it first.
    for (const failure of result.failures) {
      if (failure.status === 'error')
        return errorOutput(line, errorLine(fieldLabel(failure.path), failure.error));
    }
    for (const failure of result.failures) {
      if (failure.status === 'not_sent') return notSentOutput(line, failure.reason);
    }
    return { status: 'sent', json: JSON.stringify({ line, status: 'sent', payload: result.payload }) };
  };
}
