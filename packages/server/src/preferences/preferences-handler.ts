/**
 * The preferences path, `/v1/category-subscription/user-preferences`: `GET` reads the categories of the user
 * named by a landing-page link's encrypted `user_id` (service-api.md 4.2), `PUT` changes them, and `POST`
 * changes those of up to 50 users by id (service-additions.md). Changes live in a `PreferenceStore`; a read is
 * the workspace file's subscriptions with the stored changes over them.
 */
import type { Context, Handler } from 'hono';
import type { AppEnv } from '../app-env';
import {
  PREFERENCES_TITLES,
  type PreferencesParamsErrorBody,
  preferencesError,
  preferencesInternalError,
} from '../errors/preferences-error-body';
import { jsonAnswer } from '../http/json-answer';
import { contentTypeProblem, parseJsonObject } from '../http/json-body';
import { readCappedText } from '../http/read-body';
import { setOwn } from '../json/set-own';
import { decryptLandingPageId, landingPageKey } from '../landing-page/landing-page-token';
import type { Workspace } from '../workspaces/workspace';
import { checkBulkUpdate, checkUpdate, PREFERENCES_UPDATED, type UpdateCheck } from './preference-bodies';
import { type PreferenceStore, PreferenceStoreUnavailableError } from './preference-store';

/** The 200 body of a read: every category of the workspace, `true` when the user is subscribed. */
export interface PreferencesBody {
  readonly categories: Readonly<Record<string, boolean>>;
}

/** Options of the preferences handlers. */
export interface PreferencesHandlerOptions {
  /** Where updates live. */
  readonly store: PreferenceStore;
  /** Largest update body accepted, in bytes; a larger one gets 413. */
  readonly maxBodyBytes: number;
}

/** The query parameters that carry tokens, and what each names. */
const TOKENS = [
  ['user_id', 'user'],
  ['cid', 'campaign'],
] as const;

/** Seconds a client waits before retrying when the store does not answer: outages are usually short. */
const UNAVAILABLE_RETRY_AFTER_S = 1;

/** The user a link's tokens name, or the problems with them (the 400's words). */
type LinkUser =
  | { readonly ok: true; readonly userId: string }
  | { readonly ok: false; readonly problems: string[] };

/**
 * Reads the user of a landing-page link from the request's `user_id` and `cid`: both present, both tokens of
 * this workspace (not changed, cut short, or made with another `api_secret`), and a user the workspace has.
 */
function linkReader(): (c: Context<AppEnv>, workspace: Workspace, apiSecret: string) => Promise<LinkUser> {
  // Deriving the key is a digest and an import: once per workspace object, not per request.
  const keys = new WeakMap<Workspace, Promise<CryptoKey>>();
  return async (c, workspace, apiSecret) => {
    const tokens = TOKENS.map(([name]) => c.req.query(name) ?? '');
    const missing = TOKENS.filter((_, index) => tokens[index] === '').map(([name]) => name);
    if (missing.length > 0) {
      const verb = missing.length > 1 ? 'are' : 'is';
      return {
        ok: false,
        problems: [
          `${missing.join(' and ')} ${verb} required: pass the values of the landing-page link unchanged`,
        ],
      };
    }
    let key = keys.get(workspace);
    if (key === undefined) {
      key = landingPageKey(apiSecret);
      keys.set(workspace, key);
    }
    const ids = await Promise.all(tokens.map(async (token) => decryptLandingPageId(await key, token)));
    const unreadable = TOKENS.filter((_, index) => ids[index] === undefined).map(
      ([name, what]) =>
        `${name} is not an encrypted ${what} id of this workspace (changed, cut short, or made with another API secret)`,
    );
    const userId = ids[0];
    if (userId === undefined || unreadable.length > 0) return { ok: false, problems: unreadable };
    if ((await workspace.userSubscriptions(userId)) === undefined)
      return { ok: false, problems: ['user_id names no user of this workspace'] };
    return { ok: true, userId };
  };
}

function paramsText(problems: readonly string[]): string {
  return `Invalid params received: ${problems.join('; ')}`;
}

function authenticatedWorkspace(c: Context<AppEnv>): Workspace & { readonly apiSecret: string } {
  const workspace = c.get('workspace');
  if (workspace?.apiSecret === undefined) throw new Error('the preferences run after the API secret check');
  return workspace as Workspace & { readonly apiSecret: string };
}

/** Runs a store call; a store that does not answer is a 503 in the preferences shape. */
async function withStore<T>(
  c: Context<AppEnv>,
  call: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; answer: Response }> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (!(error instanceof PreferenceStoreUnavailableError)) throw error;
    const answer = jsonAnswer(
      c,
      preferencesInternalError(
        `The preferences of this workspace cannot be read or stored right now; retry in ${UNAVAILABLE_RETRY_AFTER_S} s`,
      ),
      503,
      { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_S) },
    );
    return { ok: false, answer };
  }
}

/**
 * Answers `GET`: 400 `{message}` when `user_id` or `cid` is missing, is not a token of this workspace, or names
 * no user; otherwise 200 `{categories}`, the stored updates over the workspace file's subscriptions.
 * `moe_event_id` and `app_key` are accepted and not read.
 *
 * @example
 * app.get(PREFERENCES_PATH, auth, requireApiSecret, counted, preferencesHandler(memoryPreferenceStore()));
 */
export function preferencesHandler(store: PreferenceStore): Handler<AppEnv> {
  const readLink = linkReader();
  return async (c) => {
    const workspace = authenticatedWorkspace(c);
    const link = await readLink(c, workspace, workspace.apiSecret);
    if (!link.ok) {
      const body: PreferencesParamsErrorBody = { message: paramsText(link.problems) };
      return jsonAnswer(c, body, 400);
    }
    const subscriptions = (await workspace.userSubscriptions(link.userId)) ?? {};
    const stored = await withStore(c, () => store.preferences(workspace.id, link.userId));
    if (!stored.ok) return stored.answer;
    const categories: Record<string, boolean> = {};
    for (const category of workspace.categories) {
      const subscribed = Object.hasOwn(stored.value, category)
        ? stored.value[category]
        : !Object.hasOwn(subscriptions, category) || subscriptions[category] !== false;
      setOwn(categories, category, subscribed);
    }
    const body: PreferencesBody = { categories };
    return jsonAnswer(c, body);
  };
}

/** Reads an update's JSON body under the cap: the object, or the refusal (413, or 400 `Invalid Request`). */
async function readUpdateBody(
  c: Context<AppEnv>,
  maxBodyBytes: number,
): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false; answer: Response }> {
  const text = await readCappedText(c.req.raw, maxBodyBytes);
  if (text === undefined) {
    const description = `The request body is larger than ${maxBodyBytes} bytes, the largest accepted`;
    return {
      ok: false,
      answer: jsonAnswer(c, preferencesError(PREFERENCES_TITLES.payloadTooLarge, description), 413),
    };
  }
  const problems = [];
  const contentType = contentTypeProblem(c.req.header('Content-Type'));
  if (contentType !== undefined) problems.push(contentType.message);
  const parsed = parseJsonObject(text, 'the preferences');
  if (!parsed.ok) problems.push(parsed.detail.message);
  if (problems.length > 0 || !parsed.ok) {
    const answer = jsonAnswer(
      c,
      preferencesError(PREFERENCES_TITLES.invalidRequest, problems.join('; ')),
      400,
    );
    return { ok: false, answer };
  }
  return { ok: true, body: parsed.value };
}

/** Stores checked updates and answers 200 with `message`, or the check's 400. */
async function store(
  c: Context<AppEnv>,
  options: PreferencesHandlerOptions,
  workspace: Workspace,
  check: UpdateCheck,
  message: string,
): Promise<Response> {
  if (!check.ok) return jsonAnswer(c, preferencesError(check.title, check.description), 400);
  const stored = await withStore(c, () => options.store.update(workspace.id, check.updates));
  if (!stored.ok) return stored.answer;
  return jsonAnswer(c, { message });
}

/**
 * Answers `PUT ?user_id=<token>&cid=<token>` with `{"categories": {...}, "unsubscribe_all": <bool>}`: the
 * link's user's categories changed, 200 `{"message": "Success"}` once stored; 400 `{title, description}`.
 *
 * @example
 * app.put(PREFERENCES_PATH, auth, requireApiSecret, counted, preferencesUpdateHandler({ store, maxBodyBytes }));
 */
export function preferencesUpdateHandler(options: PreferencesHandlerOptions): Handler<AppEnv> {
  const readLink = linkReader();
  return async (c) => {
    const workspace = authenticatedWorkspace(c);
    const link = await readLink(c, workspace, workspace.apiSecret);
    if (!link.ok) {
      return jsonAnswer(
        c,
        preferencesError(PREFERENCES_TITLES.invalidParams, paramsText(link.problems)),
        400,
      );
    }
    const read = await readUpdateBody(c, options.maxBodyBytes);
    if (!read.ok) return read.answer;
    return store(
      c,
      options,
      workspace,
      checkUpdate(workspace, link.userId, read.body),
      PREFERENCES_UPDATED.put,
    );
  };
}

/**
 * Answers `POST` with `{"channel": "email", "user_preferences": [...]}`: up to 50 users' categories changed,
 * all or none, 200 `{"message": "Your request has been processed"}` once stored; 400 `{title, description}`.
 *
 * @example
 * app.post(PREFERENCES_PATH, auth, requireApiSecret, counted, bulkPreferencesUpdateHandler({ store, maxBodyBytes }));
 */
export function bulkPreferencesUpdateHandler(options: PreferencesHandlerOptions): Handler<AppEnv> {
  return async (c) => {
    const workspace = authenticatedWorkspace(c);
    const read = await readUpdateBody(c, options.maxBodyBytes);
    if (!read.ok) return read.answer;
    return store(
      c,
      options,
      workspace,
      await checkBulkUpdate(workspace, read.body),
      PREFERENCES_UPDATED.post,
    );
  };
}
