/**
 * A checked v1 preview request made into its answer: the workspace rules of service-api.md 2 (event names,
 * custom templates, users), compressed values decoded, every template rendered with one set of fetches, and
 * each failing key reported with the engine's error. The steps it shares with v5 are in `personalize-content`.
 */
import type { PayloadPath } from '@personalize/core';
import type { ErrorDetail } from '../errors/error-body';
import { jsonPath } from '../errors/json-path';
import { setOwn } from '../json/set-own';
import type { CustomTemplateRecord, Workspace } from '../workspaces/workspace';
import { personalizedRecord, platformsOf } from './custom-template';
import {
  checkContext,
  decodeContent,
  encodeContent,
  type PreviewFields,
  type PreviewOptions,
  type PreviewOutcome,
  renderContent,
} from './personalize-content';
import type { PreviewRequest } from './preview-schema';

const PAYLOAD = 'personalization_content.payload';
const TEMPLATE = 'personalization_content.custom_template_data';

/** Where the v1 body holds what the workspace rules check. */
const FIELDS: PreviewFields = {
  eventName: 'personalization_details.event_name',
  userValue: 'user_details.identifier_value',
};

/** A response key in the normalized form: lower case, underscores for spaces and hyphens. */
export function normalizeKey(key: string): string {
  return key
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** The `target` of a failing string: the payload key, or the field inside the custom template record. */
function targetOf(path: PayloadPath): string {
  const [part, ...rest] = path;
  return part === 'payload' ? `${PAYLOAD}.${String(rest[0])}` : `${TEMPLATE}.${jsonPath(rest)}`;
}

/** The stored record of the custom template the request names, or a problem when it does not exist. */
async function customTemplateOf(
  workspace: Workspace,
  request: PreviewRequest,
  details: ErrorDetail[],
): Promise<CustomTemplateRecord | undefined> {
  const reference = request.personalization_content.custom_template_data ?? undefined;
  if (reference === undefined) return undefined;
  const record = await workspace.customTemplate(reference.template_id, reference.version);
  if (record === undefined) {
    details.push({
      target: TEMPLATE,
      message: `Custom template ${JSON.stringify(reference.template_id)} version ${JSON.stringify(reference.version)} does not exist in this workspace`,
    });
  }
  return record;
}

/**
 * Answers a v1 preview request that passed `validatePreviewRequest`, for an authenticated workspace.
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
  const details: ErrorDetail[] = [];
  const personalization = request.personalization_details;
  const user = request.user_details ?? undefined;
  const context = await checkContext(
    workspace,
    {
      channel: personalization.channel,
      eventName: personalization.event_name ?? undefined,
      user: user && { identifier: user.identifier, value: user.identifier_value },
      userAttributes: personalization.user_attributes ?? undefined,
      eventAttributes: personalization.event_attributes ?? undefined,
    },
    FIELDS,
    details,
  );
  const record = await customTemplateOf(workspace, request, details);
  let payload: Record<string, string> = request.personalization_content.payload ?? {};
  if (compressed) {
    const decoded = decodeContent(payload, options.compression, (path) =>
      path.length === 0 ? PAYLOAD : `${PAYLOAD}.${String(path[0])}`,
    );
    if (decoded.ok) payload = decoded.content;
    else details.push(...decoded.details);
  }
  if (record !== undefined && Object.hasOwn(payload, 'data')) {
    details.push({
      target: `${PAYLOAD}.data`,
      message: `${PAYLOAD}.data cannot be used with custom_template_data: the answer's payload.data holds the template records`,
    });
  }
  if (context === undefined || details.length > 0) return { ok: false, details, warnings: [] };

  const platforms = record === undefined ? {} : platformsOf(record);
  const rendered = await renderContent(
    workspace,
    context,
    { payload, template: platforms },
    { fields: FIELDS, of: targetOf },
    options,
  );
  if (!rendered.ok) return rendered;

  let texts: Record<string, unknown> = rendered.content.payload;
  if (options.normalizeKeys) {
    const normalized: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(texts)) setOwn(normalized, normalizeKey(key), value);
    texts = normalized;
  }
  if (compressed) texts = encodeContent(texts);
  const out: Record<string, unknown> = { ...texts };
  if (record !== undefined && request.personalization_content.custom_template_data) {
    const templateId = request.personalization_content.custom_template_data.template_id;
    setOwn(out, 'data', [personalizedRecord(record, rendered.content.template, templateId)]);
  }
  return { ok: true, body: { personalized_content: { payload: out } }, warnings: rendered.warnings };
}
