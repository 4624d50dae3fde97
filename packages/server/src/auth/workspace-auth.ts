/** Authentication as Hono middleware: the request's workspace, or a 401 in the endpoint's error shape. */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { ERROR_MESSAGES, requestError } from '../errors/error-body';
import { jsonAnswer } from '../http/json-answer';
import type { Workspace, WorkspaceStore } from '../workspaces/workspace';
import { type Authentication, authenticate } from './basic-auth';
import { appKeyClaim, type WorkspaceClaimReader } from './workspace-id-headers';

/** Answers a request whose credentials were refused (status 401), in the endpoint's error shape. */
export type AuthenticationRefusal = (
  c: Context<AppEnv>,
  failure: Extract<Authentication, { ok: false }>,
) => Response;

/** The preview's 401: `{"error": {"message": "Invalid Request", "details": [...]}}`, one item per problem. */
const previewRefusal: AuthenticationRefusal = (c, failure) =>
  jsonAnswer(c, requestError(ERROR_MESSAGES.invalid, failure.details), 401);

/**
 * Checks the header naming the workspace (`readClaim`; defaults to the v1 endpoints' `MOE-APPKEY` or
 * `SVC-APPKEY`) and the Basic credentials against the store, with the API key `keyOf` picks for the endpoint,
 * and sets the `workspace` variable for the handlers after it. `refuse` words the 401; defaults to the
 * preview's error shape.
 *
 * @example
 * app.post('/core-services/v1/personalization/preview', workspaceAuth(store, (w) => w.keys.preview), handler);
 */
export function workspaceAuth(
  store: WorkspaceStore,
  keyOf: (workspace: Workspace) => string | undefined,
  refuse: AuthenticationRefusal = previewRefusal,
  readClaim: WorkspaceClaimReader = appKeyClaim,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const claim = readClaim((name) => c.req.header(name));
    const auth = await authenticate(store, claim, c.req.header('Authorization'), keyOf);
    if (!auth.ok) return refuse(c, auth);
    c.set('workspace', auth.workspace);
    if (claim.ok) c.set('workspaceHeader', claim.target);
    return next();
  };
}
