/**
 * Workspaces as the server sees them: the keys a request is checked against, the limits it is counted
 * against, the events and custom templates it may name, and a renderer over the workspace's data. The
 * workspace file is the embedded default store; other stores implement `WorkspaceStore`.
 */
import {
  type ContentBlockResolver,
  createRenderer,
  type MaybePromise,
  memoryResolvers,
  type Renderer,
  type RendererOptions,
  type UserAttributeResolver,
} from '@personalize/core';
import {
  type ContentApiConfig,
  type HttpContentApiOptions,
  httpContentApis,
} from '../content-api/http-content-apis';
import { setOwn } from '../json/set-own';
import type { WorkspaceEntry, WorkspaceFile } from './workspace-file';

/** The published per-workspace limits (service-api.md 8). */
export const PUBLISHED_LIMITS: Readonly<WorkspaceLimits> = Object.freeze({
  previewPerMinute: 10_000,
  preferencesPerMinute: 100,
  preferencesPerDay: 360_000,
});

/** A workspace's request limits. */
export interface WorkspaceLimits {
  /** Preview requests per minute. Defaults to 10,000. */
  readonly previewPerMinute: number;
  /** Preferences requests per minute. Defaults to 100. */
  readonly preferencesPerMinute: number;
  /** Preferences requests per UTC day. Defaults to 360,000. */
  readonly preferencesPerDay: number;
}

/** A stored custom template record (service-api.md 2.7): `meta_info`, platform objects, versions, dates. */
export type CustomTemplateRecord = Readonly<Record<string, unknown>>;

/** One workspace. */
export interface Workspace {
  /** The Workspace ID: the Basic auth username and the `MOE-APPKEY` (or `SVC-APPKEY`) header. */
  readonly id: string;
  /** API keys by tile: `preview` is the Basic auth password of the preview endpoint. */
  readonly keys: { readonly preview: string; readonly data?: string };
  /** The secret of the landing-page links; absent when not set on the dashboard. */
  readonly apiSecret: string | undefined;
  /** Request limits. */
  readonly limits: WorkspaceLimits;
  /** The event names `personalization_details.event_name` may take. */
  readonly events: readonly string[];
  /** The subscription categories. */
  readonly categories: readonly string[];
  /** The stored users, looked up by `user_details`. */
  readonly users: UserAttributeResolver;
  /**
   * The categories a user changed (`false` = unsubscribed; every other category is subscribed), or
   * `undefined` when no user has this id.
   */
  userSubscriptions(userId: string): MaybePromise<Readonly<Record<string, boolean>> | undefined>;
  /** Renders with the workspace's content blocks, content APIs and product sets. */
  readonly renderer: Renderer;
  /** The sources of the workspace's content blocks (to know what a block reads before rendering). */
  readonly contentBlocks: ContentBlockResolver;
  /** The stored record of a custom template version, or `undefined` when there is none. */
  customTemplate(templateId: string, version: string): MaybePromise<CustomTemplateRecord | undefined>;
}

/** Where workspaces come from. */
export interface WorkspaceStore {
  /** The workspace with this ID, or `undefined` when there is none. */
  workspace(id: string): MaybePromise<Workspace | undefined>;
}

/** Options of `workspaceFileStore`. */
export interface WorkspaceFileStoreOptions {
  /** Renderer options for every workspace (limits, clock, caches); the resolvers come from the file. */
  renderer?: Omit<RendererOptions, 'resolvers'>;
  /** How content APIs are called over HTTP. */
  contentApis?: HttpContentApiOptions;
}

function contentApiConfigs(entry: WorkspaceEntry): Record<string, ContentApiConfig> {
  const out: Record<string, ContentApiConfig> = {};
  for (const [name, api] of Object.entries(entry.content_apis)) {
    setOwn(out, name, {
      url: api.url,
      method: api.method,
      headers: api.headers,
      timeoutMs: api.timeout_ms,
      cacheTtlMs: api.cache_ttl_s * 1000,
    });
  }
  return out;
}

function workspaceOf(entry: WorkspaceEntry, options: WorkspaceFileStoreOptions): Workspace {
  const memory = memoryResolvers({
    users: entry.users,
    contentBlocks: entry.content_blocks,
    productSets: entry.product_sets,
  });
  const apis = contentApiConfigs(entry);
  // The renderer stops waiting for a call at its own timeout: give it room for the slowest configured API.
  const slowest = Math.max(0, ...Object.values(apis).map((api) => api.timeoutMs));
  const limits = options.renderer?.limits ?? {};
  const renderer = createRenderer({
    ...options.renderer,
    limits: slowest > 0 ? { contentApiTimeoutMs: slowest, ...limits } : limits,
    resolvers: { ...memory, contentApis: httpContentApis(apis, options.contentApis) },
  });
  const subscriptions = new Map(entry.users.map((user) => [user.id, user.subscriptions]));
  const templates = new Map(
    entry.custom_templates.map((t) => [JSON.stringify([t.template_id, t.version]), t.record]),
  );
  return {
    id: entry.id,
    keys: entry.keys,
    apiSecret: entry.api_secret,
    limits: {
      previewPerMinute: entry.limits.preview_per_minute ?? PUBLISHED_LIMITS.previewPerMinute,
      preferencesPerMinute: entry.limits.preferences_per_minute ?? PUBLISHED_LIMITS.preferencesPerMinute,
      preferencesPerDay: entry.limits.preferences_per_day ?? PUBLISHED_LIMITS.preferencesPerDay,
    },
    events: entry.events,
    categories: entry.categories,
    users: memory.users,
    userSubscriptions: (userId) => subscriptions.get(userId),
    renderer,
    contentBlocks: memory.contentBlocks,
    customTemplate: (templateId, version) => templates.get(JSON.stringify([templateId, version])),
  };
}

/**
 * The store of a workspace file (checked by `parseWorkspaceFile`): every workspace in memory, its users,
 * content blocks and product sets in maps, its content APIs called over HTTP.
 *
 * @example
 * const store = workspaceFileStore(parseWorkspaceFile(JSON.parse(text), 'workspaces.json'));
 * const app = createApp({ workspaces: store });
 */
export function workspaceFileStore(
  file: WorkspaceFile,
  options: WorkspaceFileStoreOptions = {},
): WorkspaceStore & { readonly ids: readonly string[] } {
  const byId = new Map(file.workspaces.map((entry) => [entry.id, workspaceOf(entry, options)]));
  return { ids: [...byId.keys()], workspace: (id) => byId.get(id) };
}
