/**
 * `GET /v1/category-subscription/user-preferences` (service-api.md 4.2): the subscription categories of the
 * user named by a landing-page link's encrypted `user_id`, for the campaign of its `cid`.
 */
import type { Context, Handler } from 'hono';
import type { AppEnv } from '../app-env';
import type { PreferencesParamsErrorBody } from '../errors/preferences-error-body';
import { jsonAnswer } from '../http/json-answer';
import { setOwn } from '../json/set-own';
import { decryptLandingPageId, landingPageKey } from '../landing-page/landing-page-token';
import type { Workspace } from '../workspaces/workspace';

/** The 200 body: every category of the workspace, `true` when the user is subscribed. */
export interface PreferencesBody {
  readonly categories: Readonly<Record<string, boolean>>;
}

/** The query parameters that carry tokens, and what each names. */
const TOKENS = [
  ['user_id', 'user'],
  ['cid', 'campaign'],
] as const;

function invalidParams(c: Context<AppEnv>, problems: readonly string[]): Response {
  const body: PreferencesParamsErrorBody = { message: `Invalid params received: ${problems.join('; ')}` };
  return jsonAnswer(c, body, 400);
}

/**
 * Answers the preferences of the authenticated workspace's user: 400 `{message}` when `user_id` or `cid` is
 * missing, is not a token of this workspace (changed, cut short, or made with another `api_secret`), or
 * names no user; otherwise 200 `{categories}`. `moe_event_id` and `app_key` are accepted and not read.
 *
 * @example
 * app.get('/v1/category-subscription/user-preferences', auth, requireApiSecret, counted, preferencesHandler());
 */
export function preferencesHandler(): Handler<AppEnv> {
  // Deriving the key is a digest and an import: once per workspace object, not per request.
  const keys = new WeakMap<Workspace, Promise<CryptoKey>>();
  const keyOf = (workspace: Workspace, apiSecret: string): Promise<CryptoKey> => {
    let key = keys.get(workspace);
    if (key === undefined) {
      key = landingPageKey(apiSecret);
      keys.set(workspace, key);
    }
    return key;
  };

  return async (c) => {
    const workspace = c.get('workspace');
    if (workspace?.apiSecret === undefined) throw new Error('the preferences run after the API secret check');
    const tokens = TOKENS.map(([name]) => c.req.query(name) ?? '');
    const missing = TOKENS.filter((_, index) => tokens[index] === '').map(([name]) => name);
    if (missing.length > 0) {
      const verb = missing.length > 1 ? 'are' : 'is';
      return invalidParams(c, [
        `${missing.join(' and ')} ${verb} required: pass the values of the landing-page link unchanged`,
      ]);
    }
    const key = await keyOf(workspace, workspace.apiSecret);
    const [userId, campaignId] = await Promise.all(tokens.map((token) => decryptLandingPageId(key, token)));
    const unreadable = TOKENS.filter((_, index) => [userId, campaignId][index] === undefined).map(
      ([name, what]) =>
        `${name} is not an encrypted ${what} id of this workspace (changed, cut short, or made with another API secret)`,
    );
    if (userId === undefined || unreadable.length > 0) return invalidParams(c, unreadable);
    const subscriptions = await workspace.userSubscriptions(userId);
    if (subscriptions === undefined) return invalidParams(c, ['user_id names no user of this workspace']);
    const categories: Record<string, boolean> = {};
    for (const category of workspace.categories) {
      setOwn(
        categories,
        category,
        !Object.hasOwn(subscriptions, category) || subscriptions[category] !== false,
      );
    }
    const body: PreferencesBody = { categories };
    return jsonAnswer(c, body);
  };
}
