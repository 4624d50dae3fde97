/** The preview endpoint's handler: the body read under its cap, checked, personalized, answered. */
import type { Handler } from 'hono';
import type { AppEnv } from '../app-env';
import { ERROR_MESSAGES, requestError } from '../errors/error-body';
import { jsonAnswer } from '../http/json-answer';
import { type PreviewOptions, personalizePreview } from './personalize-preview';
import { readCappedText } from './read-body';
import { validatePreviewRequest } from './validate-request';

/**
 * Answers `POST /core-services/v1/personalization/preview` for the authenticated workspace: 413 past
 * `maxBodyBytes`, 400 with one `details` item per problem, or 200 with the personalized content.
 *
 * @example
 * app.post(path, workspaceAuth(store, (w) => w.keys.preview), previewHandler({ maxBodyBytes: 1024 * 1024, ...options }));
 */
export function previewHandler(options: PreviewOptions & { readonly maxBodyBytes: number }): Handler<AppEnv> {
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
    const checked = validatePreviewRequest(text, {
      contentType: c.req.header('Content-Type'),
      dataCompression: c.req.header('data-compression'),
    });
    if (!checked.ok) return jsonAnswer(c, requestError(ERROR_MESSAGES.invalid, checked.details), 400);
    c.set('requestId', checked.request.request_id);
    const outcome = await personalizePreview(workspace, checked.request, checked.compressed, options);
    c.set('warnings', outcome.warnings);
    if (!outcome.ok) return jsonAnswer(c, requestError(ERROR_MESSAGES.invalid, outcome.details), 400);
    return jsonAnswer(c, outcome.body);
  };
}
