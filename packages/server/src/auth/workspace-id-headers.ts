/**
 * The headers that name a request's workspace (service-additions.md, "Header names used by real clients"): on
 * the v1 endpoints `MOE-APPKEY`, which real clients send, or `SVC-APPKEY`, service-api.md's name, with the same
 * rules (when both are sent they must agree); on the v5 preview the optional `X-MOE-Tenant-ID`. Every message
 * about these headers takes their names from here.
 */
import type { ErrorDetail } from '../errors/error-body';

/** The v1 key header's names: what real clients send first, then service-api.md's name. */
export const APP_KEY_HEADERS = ['MOE-APPKEY', 'SVC-APPKEY'] as const;

/** How messages name the v1 key header: both names, so that a client of either finds its own. */
export const APP_KEY_HEADER_NAMES = `${APP_KEY_HEADERS[0]} (or ${APP_KEY_HEADERS[1]})`;

/** The v5 preview's optional Workspace ID header; without it the Basic username names the workspace. */
export const TENANT_HEADER = 'X-MOE-Tenant-ID';

/** The preferences' 401 description for a missing key header: the reference's words, then what to do. */
export const MISSING_APP_KEY_DESCRIPTION = `${APP_KEY_HEADERS[0]} missing in Header: send the Workspace ID in ${APP_KEY_HEADER_NAMES}`;

/** The Workspace ID a request's headers name, or why they cannot be used. */
export type WorkspaceClaim =
  | {
      readonly ok: true;
      /** The Workspace ID sent; `undefined` when none was sent and none is needed (v5: the Basic username). */
      readonly id: string | undefined;
      /** The header to name as the `target` of an error about the workspace. */
      readonly target: string;
      /** How messages name that header. */
      readonly named: string;
    }
  | {
      readonly ok: false;
      /** No key header, or two that disagree. */
      readonly reason: 'missing-app-key' | 'conflicting-app-keys';
      readonly detail: ErrorDetail;
    };

/** Reads the claim from a request's headers, given a lookup by (case-insensitive) name. */
export type WorkspaceClaimReader = (header: (name: string) => string | undefined) => WorkspaceClaim;

/**
 * The v1 endpoints' claim: `MOE-APPKEY` or `SVC-APPKEY` (an empty one counts as not sent), the same ID in both
 * when both are sent.
 *
 * @example
 * appKeyClaim((name) => c.req.header(name)); // { ok: true, id: 'DEMO01', target: 'MOE-APPKEY', ... }
 */
export const appKeyClaim: WorkspaceClaimReader = (header) => {
  const sent = APP_KEY_HEADERS.map((name) => ({ name, id: header(name)?.trim() ?? '' })).filter(
    (claim) => claim.id !== '',
  );
  if (sent.length === 0) {
    return {
      ok: false,
      reason: 'missing-app-key',
      detail: {
        target: APP_KEY_HEADERS[0],
        message: `The ${APP_KEY_HEADER_NAMES} header is required: send the Workspace ID`,
      },
    };
  }
  if (sent.some((claim) => claim.id !== sent[0].id)) {
    return {
      ok: false,
      reason: 'conflicting-app-keys',
      detail: {
        target: APP_KEY_HEADERS[1],
        message: `${APP_KEY_HEADERS.join(' and ')} name different workspaces: send the Workspace ID in one of them, or the same in both`,
      },
    };
  }
  return { ok: true, id: sent[0].id, target: sent[0].name, named: APP_KEY_HEADER_NAMES };
};

/**
 * The v5 preview's claim: `X-MOE-Tenant-ID` when sent, else none (the Basic username is the Workspace ID).
 *
 * @example
 * tenantClaim(() => undefined); // { ok: true, id: undefined, target: 'Authorization', named: 'Authorization' }
 */
export const tenantClaim: WorkspaceClaimReader = (header) => {
  const id = header(TENANT_HEADER)?.trim() ?? '';
  return id === ''
    ? { ok: true, id: undefined, target: 'Authorization', named: 'Authorization' }
    : { ok: true, id, target: TENANT_HEADER, named: TENANT_HEADER };
};
