/**
 * A checked v5 preview request made into its answer, by the same rules as v1 (`personalize-content`): the
 * user and the event checked against the workspace, compressed strings decoded, every string of the content
 * tree rendered with one set of fetches, and each failing string reported at its JSON path in the v5 body.
 */
import type { UserIdentification } from '@personalize/core';
import type { ErrorDetail } from '../errors/error-body';
import { jsonPath } from '../errors/json-path';
import type { Workspace } from '../workspaces/workspace';
import {
  checkContext,
  decodeContent,
  encodeContent,
  type PreviewFields,
  type PreviewOptions,
  type PreviewOutcome,
  renderContent,
} from './personalize-content';
import { UNIQUE_ID_TYPE, type V5PreviewRequest } from './v5-preview-schema';

const CONTENT = 'campaign_content.content';

/** Where the v5 body holds what the workspace rules check. */
const FIELDS: PreviewFields = { eventName: 'event_name', userValue: 'user_identification.value' };

function contentTarget(path: readonly (string | number)[]): string {
  return path.length === 0 ? CONTENT : `${CONTENT}.${jsonPath(path)}`;
}

/** `user_identification` as the renderer names users: `USER_ATTRIBUTE_UNIQUE_ID` is the user's ID. */
function userOf(request: V5PreviewRequest): UserIdentification | undefined {
  const user = request.user_identification ?? undefined;
  if (user === undefined) return undefined;
  return { identifier: user.type.toUpperCase() === UNIQUE_ID_TYPE ? 'ID' : user.type, value: user.value };
}

/**
 * Answers a v5 preview request that passed `validateV5PreviewRequest`, for an authenticated workspace:
 * `{response_id, type: 'personalization', data: {personalized_content: {content}}}`.
 *
 * @example
 * const outcome = await personalizeV5Preview(workspace, request, 'preview-001', false, options);
 */
export async function personalizeV5Preview(
  workspace: Workspace,
  request: V5PreviewRequest,
  requestId: string,
  compressed: boolean,
  options: PreviewOptions,
): Promise<PreviewOutcome> {
  const details: ErrorDetail[] = [];
  const context = await checkContext(
    workspace,
    {
      channel: request.channel,
      eventName: request.event_name ?? undefined,
      user: userOf(request),
      userAttributes: request.user_attributes ?? undefined,
      eventAttributes: request.event_attributes ?? undefined,
    },
    FIELDS,
    details,
  );
  let content = request.campaign_content.content;
  if (compressed) {
    const decoded = decodeContent(content, options.compression, contentTarget);
    if (decoded.ok) content = decoded.content;
    else details.push(...decoded.details);
  }
  if (context === undefined || details.length > 0) return { ok: false, details, warnings: [] };

  const rendered = await renderContent(
    workspace,
    context,
    content,
    { fields: FIELDS, of: contentTarget },
    options,
  );
  if (!rendered.ok) return rendered;
  const personalized = compressed ? encodeContent(rendered.content) : rendered.content;
  return {
    ok: true,
    body: {
      response_id: requestId,
      type: 'personalization',
      data: { personalized_content: { content: personalized } },
    },
    warnings: rendered.warnings,
  };
}
