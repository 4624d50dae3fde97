/** What the app's middleware and handlers share about one request. */
import type { RenderWarning } from '@personalize/core';
import type { Workspace } from './workspaces/workspace';

/** Hono's environment of the app: per-request values set by the middleware. */
export interface AppEnv {
  Variables: {
    /** The authenticated workspace. */
    workspace: Workspace | undefined;
    /** The header that named the workspace (`MOE-APPKEY`, `SVC-APPKEY`, ...), the target of a 429's detail. */
    workspaceHeader: string | undefined;
    /** The body's `request_id`, for the log line. */
    requestId: string | undefined;
    /** The `x-ratelimit-*` headers of the request, repeated on an error answer. */
    rateLimitHeaders: Readonly<Record<string, string>> | undefined;
    /** Sources that failed while rendering. */
    warnings: readonly RenderWarning[] | undefined;
  };
}
