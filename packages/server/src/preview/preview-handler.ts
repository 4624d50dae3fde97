/** The preview endpoints' handler: the body read under its cap, checked, personalized, answered. */
import type { Handler } from 'hono';
import type { AppEnv } from '../app-env';
import { ERROR_MESSAGES, requestError } from '../errors/error-body';
import { jsonAnswer } from '../http/json-answer';
import { readCappedText } from '../http/read-body';
import type { Workspace } from '../workspaces/workspace';
import type { PreviewOptions, PreviewOutcome } from './personalize-content';
import { personalizePreview } from './personalize-preview';
import { personalizeV5Preview } from './personalize-v5-preview';
import type { PreviewRequest } from './preview-schema';
import type { V5PreviewRequest } from './v5-preview-schema';
import { type RequestValidation, validatePreviewRequest } from './validate-request';
import { REQUEST_ID_HEADER, validateV5PreviewRequest } from './validate-v5-request';

/** One version of the preview API: how its request is checked, and answered. */
export interface PreviewVersion<R> {
  /** Checks the body text and the headers (read by name) before any workspace data is read. */
  validate(text: string, header: (name: string) => string | undefined): RequestValidation<R>;
  /** Answers a checked request for the authenticated workspace. */
  personalize(
    workspace: Workspace,
    checked: Extract<RequestValidation<R>, { ok: true }>,
    options: PreviewOptions,
  ): Promise<PreviewOutcome>;
}

/** `POST /core-services/v1/personalization/preview` (and its legacy alias). */
export const V1_PREVIEW: PreviewVersion<PreviewRequest> = {
  validate: (text, header) =>
    validatePreviewRequest(text, {
      contentType: header('Content-Type'),
      dataCompression: header('data-compression'),
    }),
  personalize: (workspace, checked, options) =>
    personalizePreview(workspace, checked.request, checked.compressed, options),
};

/** `POST /v5/personalization/preview`. */
export const V5_PREVIEW: PreviewVersion<V5PreviewRequest> = {
  validate: (text, header) =>
    validateV5PreviewRequest(text, {
      contentType: header('Content-Type'),
      dataCompression: header('data-compression'),
      requestId: header(REQUEST_ID_HEADER),
    }),
  personalize: (workspace, checked, options) =>
    personalizeV5Preview(workspace, checked.request, checked.requestId, checked.compressed, options),
};

/**
 * Answers a preview request of `version` for the authenticated workspace: 413 past `maxBodyBytes`, 400 with
 * one `details` item per problem, or 200 with the personalized content.
 *
 * @example
 * app.post(path, workspaceAuth(store, (w) => w.keys.preview), previewHandler(V1_PREVIEW, { maxBodyBytes: 1024 * 1024, ...options }));
 */
export function previewHandler<R>(
  version: PreviewVersion<R>,
  options: PreviewOptions & { readonly maxBodyBytes: number },
): Handler<AppEnv> {
  const { maxBodyBytes } = options;
  return async (c) => {
    const workspace = c.get('workspace');
    if (workspace === undefined) throw new Error('the preview runs after authentication');
    const text = await readCappedText(c.req.raw, maxBodyBytes);
    if (text === undefined) {
      return jsonAnswer(
        c,
        requestError(ERROR_MESSAGES.tooLarge, [
          {
            target: 'body',
            message: `The request body is larger than ${maxBodyBytes} bytes, the largest accepted`,
          },
        ]),
        413,
      );
    }
    const checked = version.validate(text, (name) => c.req.header(name));
    if (!checked.ok) return jsonAnswer(c, requestError(ERROR_MESSAGES.invalid, checked.details), 400);
    c.set('requestId', checked.requestId);
    const outcome = await version.personalize(workspace, checked, options);
    c.set('warnings', outcome.warnings);
    if (!outcome.ok) return jsonAnswer(c, requestError(ERROR_MESSAGES.invalid, outcome.details), 400);
    return jsonAnswer(c, outcome.body);
  };
}
