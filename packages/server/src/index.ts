/**
 * `@personalize/server`: the service's preview API over HTTP. `createApp` is a Web-standard Hono app for any
 * runtime (or for embedding in another server); `@personalize/server/node` adds the workspace file on disk
 * and the stand-alone Node server that `pnpm serve` starts.
 * The preferences endpoints read and change the categories of the landing pages whose links
 * `makeLandingPageLink` makes.
 */
export { type AppOptions, createApp } from './app';
export type { AppEnv } from './app-env';
export type { AuthenticationFailure } from './auth/basic-auth';
export { constantTimeEqual } from './auth/constant-time';
export { type AuthenticationRefusal, workspaceAuth } from './auth/workspace-auth';
export {
  APP_KEY_HEADERS,
  appKeyClaim,
  TENANT_HEADER,
  tenantClaim,
  type WorkspaceClaim,
  type WorkspaceClaimReader,
} from './auth/workspace-id-headers';
export {
  type ContentApiConfig,
  type HttpContentApiOptions,
  httpContentApis,
} from './content-api/http-content-apis';
export type {
  ErrorDetail,
  RequestErrorBody,
  ServerErrorBody,
  ServiceUnavailableBody,
} from './errors/error-body';
export {
  PREFERENCES_TITLES,
  type PreferencesErrorBody,
  type PreferencesParamsErrorBody,
} from './errors/preferences-error-body';
export { type LandingPageLinkOptions, makeLandingPageLink } from './landing-page/landing-page-link';
export {
  decryptLandingPageId,
  encryptLandingPageId,
  landingPageKey,
} from './landing-page/landing-page-token';
export { type RequestLogger, requestLog, stdoutLogger } from './logging/request-log';
export type { AppMetrics, RateLimitRefusal } from './metrics/app-metrics';
export {
  openApiDocument,
  PREFERENCES_PATH,
  PREVIEW_PATHS,
  V5_PREVIEW_PATH,
} from './openapi/openapi-document';
export {
  bulkPreferencesUpdateSchema,
  checkBulkUpdate,
  checkUpdate,
  MAX_BULK_ENTRIES,
  PREFERENCES_UPDATED,
  preferencesUpdateSchema,
  type UpdateCheck,
} from './preferences/preference-bodies';
export {
  memoryPreferenceStore,
  type PreferenceStore,
  PreferenceStoreUnavailableError,
  type PreferenceUpdate,
} from './preferences/preference-store';
export {
  bulkPreferencesUpdateHandler,
  type PreferencesBody,
  type PreferencesHandlerOptions,
  preferencesHandler,
  preferencesUpdateHandler,
} from './preferences/preferences-handler';
export {
  preferencesAuthRefusal,
  preferencesRateLimitRefusals,
  requireApiSecret,
} from './preferences/preferences-refusals';
export { CHANNELS, type PreviewRequest } from './preview/preview-schema';
export { type V5PreviewRequest, v5PreviewRequestSchema } from './preview/v5-preview-schema';
export { memoryRateLimitStore } from './rate-limit/memory-rate-limit-store';
export {
  countRequest,
  type RateLimitDecision,
  type RateLimitWindow,
  type RateLimitWindowKind,
  windowAt,
} from './rate-limit/rate-limit';
export { type RateLimitOptions, type RateLimitRefusals, rateLimit } from './rate-limit/rate-limit-middleware';
export {
  type RateLimitCount,
  type RateLimitStore,
  RateLimitStoreUnavailableError,
} from './rate-limit/rate-limit-store';
export {
  type CustomTemplateRecord,
  PUBLISHED_LIMITS,
  type Workspace,
  type WorkspaceFileStoreOptions,
  type WorkspaceLimits,
  type WorkspaceStore,
  workspaceFileStore,
} from './workspaces/workspace';
export { parseWorkspaceFile, type WorkspaceFile, WorkspaceFileError } from './workspaces/workspace-file';
