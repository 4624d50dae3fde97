/**
 * A checked preview request made into its answer: the workspace rules of service-api.md 2 (event names,
 * custom templates, users), compressed values decoded, every template rendered with one set of fetches, and
 * each failing key reported with the engine's error.
 */
import {
  CompressionError,
  type DecodePayloadOptions,
  decodePayload,
  encodePayload,
} from '@personalize/compression';
import {
  type PayloadFailure,
  type PayloadPath,
  type RenderInput,
  type RenderWarning,
  type TemplateError,
  type TemplateNames,
  TemplateRuntimeError,
  TemplateSyntaxError,
} from '@personalize/core';
import type { ErrorDetail } from '../errors/error-body';
import { jsonPath } from '../errors/json-path';
import { setOwn } from '../json/set-own';
import type { CustomTemplateRecord, Workspace } from '../workspaces/workspace';
import { personalizedRecord, platformsOf } from './custom-template';
import type { PreviewRequest } from './preview-schema';

/** How previews are answered. */
export interface PreviewOptions {
  /** Return inline payload keys lower-cased, with underscores for spaces and hyphens. Defaults to `false`. */
  readonly normalizeKeys: boolean;
  /** Caps on inflating compressed payload values. Defaults to 1 MiB per value, 8 MiB per request. */
  readonly compression: DecodePayloadOptions;
  /** Told about an engine failure that is a bug rather than a template's fault (it is still a 400 for the key). */
  readonly onEngineFailure: (error: TemplateError) => void;
}

/** The answer to a preview: the 200 body, or the problems for a 400; with the sources that failed. */
export type PreviewOutcome =
  | { readonly ok: true; readonly body: unknown; readonly warnings: readonly RenderWarning[] }
  | {
      readonly ok: false;
      readonly details: readonly ErrorDetail[];
      readonly warnings: readonly RenderWarning[];
    };

const PAYLOAD = 'personalization_content.payload';
const TEMPLATE = 'personalization_content.custom_template_data';
const EVENT_NAME = 'personalization_details.event_name';

/** A response key in the normalized form: lower case, underscores for spaces and hyphens. */
export function normalizeKey(key: string): string {
  return key
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** `{**stored, **supplied}`: the supplied values win, in Python's key order. */
function mergeAttributes(
  stored: Readonly<Record<string, unknown>>,
  supplied: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  // A key set again keeps its place, as in a dict.
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(stored)) setOwn(out, key, stored[key]);
  for (const key of Object.keys(supplied)) setOwn(out, key, supplied[key]);
  return out;
}

/** The engine's error in one line: where, then what (the code frame is left out). */
export function describeTemplateError(error: TemplateError): string {
  const where = error.line === undefined ? '' : `line ${error.line}, column ${error.column ?? 1}: `;
  if (error instanceof TemplateSyntaxError) return `${where}syntax error: ${error.message}`;
  if (error instanceof TemplateRuntimeError && error.kind !== error.name) {
    return `${where}${error.kind}: ${error.message}`;
  }
  return `${where}${error.message}`;
}

/** The `target` of a failing string: the payload key, or the field inside the custom template record. */
function targetOf(path: PayloadPath): string {
  const [part, ...rest] = path;
  return part === 'payload' ? `${PAYLOAD}.${String(rest[0])}` : `${TEMPLATE}.${jsonPath(rest)}`;
}

function failureDetail(failure: PayloadFailure, options: PreviewOptions): ErrorDetail {
  const target = targetOf(failure.path);
  if (failure.status === 'not_sent') {
    return { target, message: `The template says not to send the message: ${failure.reason}` };
  }
  if (failure.error instanceof TemplateRuntimeError && failure.error.kind === 'InternalError') {
    options.onEngineFailure(failure.error);
  }
  return { target, message: describeTemplateError(failure.error) };
}

/** Every string of a value, for the templates it holds. */
function strings(value: unknown, out: string[]): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) strings(item, out);
  return out;
}

/**
 * True when a template of `sources`, or a content block they include (at any depth), reads `EventAttribute`.
 * Templates that do not compile, and blocks that do not exist, are left to the render, which reports them.
 */
async function readsEventAttributes(workspace: Workspace, sources: readonly string[]): Promise<boolean> {
  const seen = new Set<string>();
  const pending = [...sources];
  for (let source = pending.pop(); source !== undefined; source = pending.pop()) {
    let names: TemplateNames;
    try {
      names = workspace.renderer.compile(source).names;
    } catch {
      continue;
    }
    if (names.variables.includes('EventAttribute')) return true;
    if (!names.variables.includes('ContentBlock')) continue;
    const blocks = names.wholeVariables.includes('ContentBlock')
      ? await workspace.contentBlocks.contentBlockNames()
      : (names.members.ContentBlock ?? []);
    for (const name of blocks) {
      if (seen.has(name)) continue;
      seen.add(name);
      const block = await workspace.contentBlocks.contentBlock(name);
      if (block !== undefined) pending.push(block);
    }
  }
  return false;
}

/** The workspace rules: the event name, the custom template, the user, the compressed values. */
async function workspaceChecks(
  workspace: Workspace,
  request: PreviewRequest,
  compressed: boolean,
  options: PreviewOptions,
): Promise<
  | {
      ok: true;
      payload: Record<string, string>;
      record: CustomTemplateRecord | undefined;
      stored: Readonly<Record<string, unknown>>;
    }
  | { ok: false; details: ErrorDetail[] }
> {
  const details: ErrorDetail[] = [];
  const personalization = request.personalization_details;
  const eventName = personalization.event_name ?? undefined;
  if (eventName !== undefined && !workspace.events.includes(eventName)) {
    details.push({
      target: EVENT_NAME,
      message: `${EVENT_NAME} ${JSON.stringify(eventName)} is not an event of this workspace`,
    });
  }

  const reference = request.personalization_content.custom_template_data ?? undefined;
  let record: CustomTemplateRecord | undefined;
  if (reference !== undefined) {
    record = await workspace.customTemplate(reference.template_id, reference.version);
    if (record === undefined) {
      details.push({
        target: TEMPLATE,
        message: `Custom template ${JSON.stringify(reference.template_id)} version ${JSON.stringify(reference.version)} does not exist in this workspace`,
      });
    }
  }

  let stored: Readonly<Record<string, unknown>> = {};
  const user = request.user_details ?? undefined;
  if (user !== undefined) {
    const found = await workspace.users.userAttributes(
      { identifier: user.identifier, value: user.identifier_value },
      undefined,
    );
    if (found === undefined) {
      details.push({
        target: 'user_details.identifier_value',
        message: `No user of this workspace has ${user.identifier} ${JSON.stringify(user.identifier_value)}`,
      });
    } else stored = found;
  }

  let payload: Record<string, string> = request.personalization_content.payload ?? {};
  if (compressed) {
    try {
      payload = decodePayload(payload, options.compression) as Record<string, string>;
    } catch (error) {
      if (!(error instanceof CompressionError)) throw error;
      for (const refused of error.errors) {
        details.push({
          target: refused.key === undefined ? PAYLOAD : `${PAYLOAD}.${refused.key}`,
          message: refused.message,
        });
      }
    }
  }
  if (record !== undefined && Object.hasOwn(payload, 'data')) {
    details.push({
      target: `${PAYLOAD}.data`,
      message: `${PAYLOAD}.data cannot be used with custom_template_data: the answer's payload.data holds the template records`,
    });
  }
  return details.length > 0 ? { ok: false, details } : { ok: true, payload, record, stored };
}

/**
 * Answers a preview request that passed `validatePreviewRequest`, for an authenticated workspace.
 *
 * @example
 * const outcome = await personalizePreview(workspace, request, false, options);
 * if (outcome.ok) return c.json(outcome.body);
 */
export async function personalizePreview(
  workspace: Workspace,
  request: PreviewRequest,
  compressed: boolean,
  options: PreviewOptions,
): Promise<PreviewOutcome> {
  const checked = await workspaceChecks(workspace, request, compressed, options);
  if (!checked.ok) return { ok: false, details: checked.details, warnings: [] };
  const { payload, record, stored } = checked;
  const platforms = record === undefined ? {} : platformsOf(record);
  const details = request.personalization_details;
  const eventName = details.event_name ?? undefined;
  if (eventName === undefined && (await readsEventAttributes(workspace, strings([payload, platforms], [])))) {
    return {
      ok: false,
      details: [
        { target: EVENT_NAME, message: `${EVENT_NAME} is required: the content uses EventAttribute` },
      ],
      warnings: [],
    };
  }

  const supplied = details.user_attributes ?? {};
  // The user was looked up above (a missing user is a 400 whatever the content reads): the renderer is given
  // the merged attributes rather than the user, so the store is asked once.
  const input: RenderInput = {
    userAttributes: request.user_details ? mergeAttributes(stored, supplied) : supplied,
    eventAttributes: details.event_attributes ?? {},
    channel: details.channel,
    eventName,
  };
  const rendered = await workspace.renderer.renderPayload({ payload, template: platforms }, input);
  if (rendered.failures.length > 0) {
    return {
      ok: false,
      details: rendered.failures.map((failure) => failureDetail(failure, options)),
      warnings: rendered.warnings,
    };
  }

  let texts: Record<string, unknown> = rendered.payload.payload;
  if (options.normalizeKeys) {
    const normalized: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(texts)) setOwn(normalized, normalizeKey(key), value);
    texts = normalized;
  }
  if (compressed) texts = encodePayload(texts);
  const out: Record<string, unknown> = { ...texts };
  if (record !== undefined && request.personalization_content.custom_template_data) {
    const templateId = request.personalization_content.custom_template_data.template_id;
    setOwn(out, 'data', [personalizedRecord(record, rendered.payload.template, templateId)]);
  }
  return { ok: true, body: { personalized_content: { payload: out } }, warnings: rendered.warnings };
}
