/**
 * What the v1 and the v5 previews share once their bodies are read: the workspace rules (the event name, the
 * user), compressed strings decoded and encoded, and a tree of templates rendered with one set of fetches, each
 * failing string reported at the JSON path of the version's body.
 */
import {
  CompressionError,
  type DecodePayloadOptions,
  decodePayload,
  encodeValue,
} from '@personalize/compression';
import {
  contentApiArgumentSources,
  type PayloadFailure,
  type PayloadPath,
  type RenderInput,
  type RenderWarning,
  type TemplateError,
  TemplateRuntimeError,
  TemplateSyntaxError,
  type TimeBudget,
  type UserIdentification,
} from '@personalize/core';
import type { ErrorDetail } from '../errors/error-body';
import { jsonPath } from '../errors/json-path';
import { setOwn } from '../json/set-own';
import type { Workspace } from '../workspaces/workspace';

/** How previews are answered. */
export interface PreviewOptions {
  /** Return inline payload keys lower-cased, with underscores for spaces and hyphens (v1). Defaults to `false`. */
  readonly normalizeKeys: boolean;
  /** Caps on inflating compressed strings. Defaults to 1 MiB per string, 8 MiB per request. */
  readonly compression: DecodePayloadOptions;
  /** Told about an engine failure that is a bug rather than a template's fault (it is still a 400 for the string). */
  readonly onEngineFailure: (error: TemplateError) => void;
  /** Told about every field that failed, for the metrics. Defaults to none. */
  readonly onRenderFailure?: (failure: PayloadFailure) => void;
}

/** The answer to a preview: the 200 body, or the problems for a 400; with the sources that failed. */
export type PreviewOutcome =
  | { readonly ok: true; readonly body: unknown; readonly warnings: readonly RenderWarning[] }
  | {
      readonly ok: false;
      readonly details: readonly ErrorDetail[];
      readonly warnings: readonly RenderWarning[];
    };

/** Who and what a preview is for, as either version of the body says it. */
export interface PreviewContext {
  /** The channel (`EMAIL`, `PUSH`, ...). */
  readonly channel: string;
  /** The event name, when sent. */
  readonly eventName: string | undefined;
  /** The user to look up, when the body names one. */
  readonly user: UserIdentification | undefined;
  /** Attribute values sent with the request; they win over the stored ones. */
  readonly userAttributes: Readonly<Record<string, unknown>> | undefined;
  /** The event's attribute values. */
  readonly eventAttributes: Readonly<Record<string, unknown>> | undefined;
}

/** Where a version's body holds the parts the workspace rules check: the `target`s of their errors. */
export interface PreviewFields {
  /** The event name (`personalization_details.event_name`). */
  readonly eventName: string;
  /** The value identifying the user (`user_details.identifier_value`). */
  readonly userValue: string;
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

/**
 * The workspace rules of the context: the event name is one of the workspace's events, and the user exists.
 * Problems are pushed to `details`; when there are none, the render input: the attributes the templates see.
 */
export async function checkContext(
  workspace: Workspace,
  context: PreviewContext,
  fields: PreviewFields,
  details: ErrorDetail[],
): Promise<RenderInput | undefined> {
  const found = details.length;
  const { eventName, user } = context;
  if (eventName !== undefined && !workspace.events.includes(eventName)) {
    details.push({
      target: fields.eventName,
      message: `${fields.eventName} ${JSON.stringify(eventName)} is not an event of this workspace`,
    });
  }
  let stored: Readonly<Record<string, unknown>> = {};
  if (user !== undefined) {
    const attributes = await workspace.users.userAttributes(user, undefined);
    if (attributes === undefined) {
      details.push({
        target: fields.userValue,
        message: `No user of this workspace has ${user.identifier} ${JSON.stringify(user.value)}`,
      });
    } else stored = attributes;
  }
  if (details.length > found) return undefined;
  const supplied = context.userAttributes ?? {};
  // The user was looked up above (a missing user is a 400 whatever the content reads): the renderer is given
  // the merged attributes rather than the user, so the store is asked once.
  return {
    userAttributes: user === undefined ? supplied : mergeAttributes(stored, supplied),
    eventAttributes: context.eventAttributes ?? {},
    channel: context.channel,
    eventName,
  };
}

/** Every string of a value with its path, in document order. */
function stringsOf(
  value: unknown,
  path: PayloadPath,
  out: { path: PayloadPath; text: string }[],
): { path: PayloadPath; text: string }[] {
  if (typeof value === 'string') out.push({ path, text: value });
  else if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) stringsOf(value[index], [...path, index], out);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) stringsOf(item, [...path, key], out);
  }
  return out;
}

/** The value with its strings replaced, in document order, by `texts`. */
function withStrings(value: unknown, texts: readonly string[], next: { index: number }): unknown {
  if (typeof value === 'string') return texts[next.index++];
  if (Array.isArray(value)) return value.map((item) => withStrings(item, texts, next));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) setOwn(out, key, withStrings(item, texts, next));
  return out;
}

/**
 * The content with every string decompressed (`data-compression`), under the caps per string and per
 * request; or one problem per string that cannot be, `targetOf` naming where it is.
 */
export function decodeContent<T>(
  content: T,
  options: DecodePayloadOptions,
  targetOf: (path: PayloadPath) => string,
): { ok: true; content: T } | { ok: false; details: ErrorDetail[] } {
  const strings = stringsOf(content, [], []);
  // Keyed by index: two paths may read the same as text (a key `a.b`, and `b` inside `a`).
  const byIndex: Record<string, string> = {};
  strings.forEach(({ text }, index) => {
    byIndex[index] = text;
  });
  let decoded: Record<string, unknown>;
  try {
    decoded = decodePayload(byIndex, options);
  } catch (error) {
    if (!(error instanceof CompressionError)) throw error;
    return {
      ok: false,
      details: error.errors.map((refused) => {
        const path = refused.key === undefined ? undefined : strings[Number(refused.key)]?.path;
        const target = path === undefined ? targetOf([]) : targetOf(path);
        // The message names the string by its path in the body rather than by its index here.
        const named = new CompressionError(refused.code, refused.detail, path && jsonPath(path));
        return { target, message: named.message };
      }),
    };
  }
  const texts = strings.map((_, index) => decoded[index] as string);
  return { ok: true, content: withStrings(content, texts, { index: 0 }) as T };
}

/** The content with every string compressed as gzip + Base64, for a request that sent it compressed. */
export function encodeContent<T>(content: T): T {
  const texts = stringsOf(content, [], []).map(({ text }) => encodeValue(text));
  return withStrings(content, texts, { index: 0 }) as T;
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

function failureDetail(
  failure: PayloadFailure,
  targetOf: (path: PayloadPath) => string,
  options: PreviewOptions,
): ErrorDetail {
  options.onRenderFailure?.(failure);
  const target = targetOf(failure.path);
  if (failure.status === 'not_sent') {
    return { target, message: `The template says not to send the message: ${failure.reason}` };
  }
  if (failure.error instanceof TemplateRuntimeError && failure.error.kind === 'InternalError') {
    options.onEngineFailure(failure.error);
  }
  return { target, message: describeTemplateError(failure.error) };
}

/**
 * True when a template of `sources`, a token of their content API arguments, or a content block they include
 * (at any depth), reads `EventAttribute`. Templates that do not compile, and blocks that do not exist, are left
 * to the render, which reports them.
 */
async function readsEventAttributes(
  workspace: Workspace,
  sources: readonly string[],
  budget: TimeBudget,
): Promise<boolean> {
  const seen = new Set<string>();
  const pending = [...sources];
  for (let source = pending.pop(); source !== undefined; source = pending.pop()) {
    let template: ReturnType<Workspace['renderer']['compile']>;
    try {
      template = workspace.renderer.compile(source, budget);
    } catch {
      continue;
    }
    const names = template.names;
    if (names.variables.includes('EventAttribute')) return true;
    pending.push(...contentApiArgumentSources(template));
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

/**
 * Renders every string of `content` for a checked render input, with one set of fetches: the content with its
 * strings personalized, or one problem per failing string at `targetOf` its path. Content that reads
 * `EventAttribute` needs an event name (a problem at `fields.eventName`).
 */
export async function renderContent<T>(
  workspace: Workspace,
  input: RenderInput,
  content: T,
  targets: { readonly fields: PreviewFields; readonly of: (path: PayloadPath) => string },
  options: PreviewOptions,
): Promise<
  | { ok: true; content: T; warnings: readonly RenderWarning[] }
  | { ok: false; details: ErrorDetail[]; warnings: readonly RenderWarning[] }
> {
  const eventField = targets.fields.eventName;
  // One time limit for the whole request: every template compiled and rendered for it spends from it.
  const budget = workspace.renderer.timeBudget();
  if (
    input.eventName === undefined &&
    (await readsEventAttributes(
      workspace,
      stringsOf(content, [], []).map(({ text }) => text),
      budget,
    ))
  ) {
    return {
      ok: false,
      details: [
        { target: eventField, message: `${eventField} is required: the content uses EventAttribute` },
      ],
      warnings: [],
    };
  }
  const rendered = await workspace.renderer.renderPayload(content, { ...input, budget });
  if (rendered.failures.length > 0) {
    return {
      ok: false,
      details: rendered.failures.map((failure) => failureDetail(failure, targets.of, options)),
      warnings: rendered.warnings,
    };
  }
  return { ok: true, content: rendered.payload, warnings: rendered.warnings };
}
