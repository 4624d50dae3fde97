/**
 * Authentication (service-api.md 5): HTTP Basic with the Workspace ID as username and the API key of the
 * endpoint's tile as password, plus a header naming the same workspace (`workspace-id-headers.ts`).
 */
import type { ErrorDetail } from '../errors/error-body';
import { base64Bytes } from '../http/base64-bytes';
import type { Workspace, WorkspaceStore } from '../workspaces/workspace';
import { constantTimeEqual } from './constant-time';
import type { WorkspaceClaim } from './workspace-id-headers';

/**
 * Why credentials were refused, the first reason found: a key header is missing or two disagree, the
 * `Authorization` header is missing or not Basic, or the credentials do not match a workspace and its key.
 */
export type AuthenticationFailure =
  | 'missing-app-key'
  | 'conflicting-app-keys'
  | 'missing-authorization'
  | 'malformed-authorization'
  | 'unknown-workspace'
  | 'wrong-username'
  | 'wrong-key';

/** The outcome of checking a request's credentials: the workspace, or the problems for a 401. */
export type Authentication =
  | { readonly ok: true; readonly workspace: Workspace }
  | { readonly ok: false; readonly reason: AuthenticationFailure; readonly details: readonly ErrorDetail[] };

/** Strict UTF-8: credentials that are not UTF-8 text are not credentials. One decoder serves every request. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The username and password of a Basic `Authorization` header, or `undefined` when it is not one. */
export function basicCredentials(header: string): { username: string; password: string } | undefined {
  const match = /^Basic[ \t]+([A-Za-z0-9+/]+={0,2})[ \t]*$/i.exec(header);
  if (match === null) return undefined;
  let text: string;
  try {
    text = UTF8.decode(base64Bytes(match[1]));
  } catch {
    return undefined;
  }
  const colon = text.indexOf(':');
  if (colon < 0) return undefined;
  return { username: text.slice(0, colon), password: text.slice(colon + 1) };
}

const AUTHORIZATION_FORMAT = "'Basic ' followed by the Base64 text of <Workspace ID>:<API key>";

/** The one message for an unknown workspace and a wrong key, which must not tell one from the other. */
function invalidCredentials(claim: { readonly named: string }): string {
  return `The API key in the Authorization header is invalid for the Workspace ID in ${claim.named}`;
}

/** What a password is compared with when the workspace does not exist, so that the comparison still runs. */
const UNKNOWN_KEY = 'no workspace has this ID, and no password matches this text';

/**
 * Checks the workspace named by the headers (`claim`) and the `Authorization` header against the workspace
 * store; `keyOf` picks the API key of the endpoint's tile. Keys are compared in constant time, and an unknown
 * workspace is refused with the same message as a wrong key.
 *
 * @example
 * const claim = appKeyClaim((name) => c.req.header(name));
 * const auth = await authenticate(store, claim, c.req.header('Authorization'), (w) => w.keys.preview);
 * if (!auth.ok) return c.json(requestError('Invalid Request', auth.details), 401);
 */
export async function authenticate(
  store: WorkspaceStore,
  claim: WorkspaceClaim,
  authorization: string | undefined,
  keyOf: (workspace: Workspace) => string | undefined,
): Promise<Authentication> {
  const details: ErrorDetail[] = [];
  // The first failure found, set where its detail is pushed.
  let reason: AuthenticationFailure | undefined;
  if (!claim.ok) {
    reason = claim.reason;
    details.push(claim.detail);
  }
  const credentials = authorization === undefined ? undefined : basicCredentials(authorization);
  if ((authorization?.trim() ?? '') === '') {
    reason ??= 'missing-authorization';
    details.push({
      target: 'Authorization',
      message: `The Authorization header is required: ${AUTHORIZATION_FORMAT}`,
    });
  } else if (credentials === undefined) {
    reason ??= 'malformed-authorization';
    details.push({
      target: 'Authorization',
      message: `The Authorization header must be ${AUTHORIZATION_FORMAT}`,
    });
  }
  // Credentials are only missing after a detail about the Authorization header, which set `reason`.
  if (!claim.ok || reason !== undefined || credentials === undefined) {
    return { ok: false, reason: reason ?? 'malformed-authorization', details };
  }

  const workspaceId = claim.id ?? credentials.username;
  if (credentials.username !== workspaceId) {
    return {
      ok: false,
      reason: 'wrong-username',
      details: [
        {
          target: 'Authorization',
          message: `The username in the Authorization header must be the Workspace ID sent in ${claim.named}`,
        },
      ],
    };
  }
  // An unknown workspace and a wrong key are one answer, after the same comparison: neither words nor
  // timing tell which Workspace IDs exist.
  const workspace = await store.workspace(workspaceId);
  const key = workspace === undefined ? undefined : keyOf(workspace);
  const matches = constantTimeEqual(credentials.password, key ?? UNKNOWN_KEY) && key !== undefined;
  if (workspace === undefined || !matches) {
    return {
      ok: false,
      reason: workspace === undefined ? 'unknown-workspace' : 'wrong-key',
      details: [{ target: claim.target, message: invalidCredentials(claim) }],
    };
  }
  return { ok: true, workspace };
}
