/** Authentication as Hono middleware: the request's workspace, or a 401 in the endpoint's error shape. */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { ERROR_MESSAGES, requestError } from '../errors/error-body';
import { jsonAnswer } from '../http/json-answer';
import type { RateLimitRefusals } from '../rate-limit/rate-limit-middleware';
import type { Workspace, WorkspaceStore } from '../workspaces/workspace';
import { type Authentication, authenticate, basicCredentials } from './basic-auth';
import { type FailedAuthenticationLimit, failureCount } from './failed-authentications';
import { appKeyClaim, type WorkspaceClaim, type WorkspaceClaimReader } from './workspace-id-headers';

/** Answers a request whose credentials were refused (status 401), in the endpoint's error shape. */
export type AuthenticationRefusal = (
  c: Context<AppEnv>,
  failure: Extract<Authentication, { ok: false }>,
) => Response;

/** The preview's 401: `{"error": {"message": "Invalid Request", "details": [...]}}`, one item per problem. */
const previewRefusal: AuthenticationRefusal = (c, failure) =>
  jsonAnswer(c, requestError(ERROR_MESSAGES.invalid, failure.details), 401);

/** Failed authentications throttled, and the 429 that says so in the endpoint's error shape. */
export interface AuthenticationThrottle extends FailedAuthenticationLimit {
  /** The endpoint's 429 body. */
  readonly refusals: RateLimitRefusals;
}

/** The Workspace ID a request claims, known or not: its key header's, else the Basic username (v5). */
function claimedId(claim: WorkspaceClaim, authorization: string | undefined): string {
  if (!claim.ok) return '';
  return claim.id ?? basicCredentials(authorization ?? '')?.username ?? '';
}

/**
 * Checks the header naming the workspace (`readClaim`; defaults to the v1 endpoints' `MOE-APPKEY` or
 * `SVC-APPKEY`) and the Basic credentials against the store, with the API key `keyOf` picks for the endpoint,
 * and sets the `workspace` variable for the handlers after it. `refuse` words the 401; defaults to the
 * preview's error shape. With `throttle`, a client address that failed too often for a Workspace ID gets 429,
 * with `retry-after`, until the minute ends.
 *
 * @example
 * app.post('/core-services/v1/personalization/preview', workspaceAuth(store, (w) => w.keys.preview), handler);
 */
export function workspaceAuth(
  store: WorkspaceStore,
  keyOf: (workspace: Workspace) => string | undefined,
  refuse: AuthenticationRefusal = previewRefusal,
  readClaim: WorkspaceClaimReader = appKeyClaim,
  throttle?: AuthenticationThrottle,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const claim = readClaim((name) => c.req.header(name));
    const authorization = c.req.header('Authorization');
    const failures =
      throttle === undefined ? undefined : failureCount(throttle, c, claimedId(claim, authorization));
    const waitS = await failures?.refusedForS();
    if (throttle !== undefined && waitS !== undefined) {
      const description = `Too many failed authentications for this workspace from this address; retry in ${waitS} s`;
      const header = claim.ok ? claim.target : 'Authorization';
      return jsonAnswer(c, throttle.refusals.limited(description, header), 429, {
        'retry-after': String(waitS),
      });
    }
    const auth = await authenticate(store, claim, authorization, keyOf);
    if (!auth.ok) {
      await failures?.add();
      return refuse(c, auth);
    }
    c.set('workspace', auth.workspace);
    if (claim.ok) c.set('workspaceHeader', claim.target);
    return next();
  };
}
