/**
 * The bodies of `PUT` and `POST` on the preferences path (service-additions.md, "Preferences: updating
 * them"), as Zod schemas (the OpenAPI document is generated from them), and their checks against the
 * workspace: categories it has, users it has, at most 50 entries. Every problem is found; the answer's title
 * is the reference's for the first kind found.
 */
import { z } from 'zod';
import { jsonPath } from '../errors/json-path';
import { PREFERENCES_TITLES } from '../errors/preferences-error-body';
import { jsonTypeName, problems } from '../errors/zod-issues';
import { asJsonObject } from '../http/json-body';
import { setOwn } from '../json/set-own';
import type { Workspace } from '../workspaces/workspace';
import type { PreferenceUpdate } from './preference-store';

/** Most entries of one bulk update (the reference's payload limit). */
export const MAX_BULK_ENTRIES = 50;

/** The only channel whose categories these endpoints change. */
export const PREFERENCES_CHANNEL = 'email';

const categories = z
  .record(z.string(), z.boolean())
  .describe(
    'Category name to true (subscribed) or false (unsubscribed); each must be a category of the workspace.',
  );
const unsubscribeAll = z
  .boolean()
  .describe('true unsubscribes the user from every category of the workspace, whatever categories says.');

/** The `PUT` body: one user's categories (the user comes from the link's `user_id`). */
export const preferencesUpdateSchema = z
  .object({ categories, unsubscribe_all: unsubscribeAll })
  .describe("The user's new preferences: both fields are required.");

/** The `POST` body: up to 50 users' categories, by user id. */
export const bulkPreferencesUpdateSchema = z
  .object({
    channel: z.string().describe(`The channel of the categories: ${PREFERENCES_CHANNEL} (case-insensitive).`),
    user_preferences: z
      .array(
        z.object({
          customer_id: z.string().min(1).describe("The user's id."),
          categories,
          unsubscribe_all: unsubscribeAll,
        }),
      )
      .min(1)
      .max(MAX_BULK_ENTRIES)
      .describe(`One entry per user, at most ${MAX_BULK_ENTRIES}.`),
  })
  .describe('Preferences of several users.');

/** The `200` bodies. */
export const PREFERENCES_UPDATED = { put: 'Success', post: 'Your request has been processed' } as const;

/** Checked updates, or why there are none: a title and one line per problem. */
export type UpdateCheck =
  | { readonly ok: true; readonly updates: readonly PreferenceUpdate[] }
  | { readonly ok: false; readonly title: string; readonly description: string };

/** Problems found so far, each with the title it would give the answer. */
class Problems {
  private readonly found: { title: string; message: string }[] = [];

  add(message: string, title: string = PREFERENCES_TITLES.invalidRequest): void {
    this.found.push({ title, message });
  }

  get size(): number {
    return this.found.length;
  }

  /** The answer: the first problem's title, every problem in the description. */
  refusal(): UpdateCheck {
    if (this.found.length === 0) this.add('the body does not match its schema (see /openapi.json)');
    const title = this.found[0].title;
    const lines = this.found.map((problem) => problem.message).join('; ');
    return {
      ok: false,
      title,
      description:
        title === PREFERENCES_TITLES.categoriesRequired ? `Categories Preferences Required: ${lines}` : lines,
    };
  }
}

/**
 * The schema's problems, but those of the values inside a `categories` object: `categoriesOf` reports those,
 * with the workspace's own (categories it does not have).
 */
function addSchemaProblems(issues: z.core.$ZodIssue[], found: Problems): void {
  for (const issue of issues) {
    if (issue.path.length >= 2 && issue.path[issue.path.length - 2] === 'categories') continue;
    const missingCategories =
      issue.code === 'invalid_type' && issue.input === undefined && issue.path.at(-1) === 'categories';
    for (const problem of problems([issue])) {
      found.add(problem.message, missingCategories ? PREFERENCES_TITLES.categoriesRequired : undefined);
    }
  }
}

/**
 * The categories an entry (`{categories, unsubscribe_all}`) sets, checked against the workspace:
 * `unsubscribe_all: true` sets every category to false. Read from the object as sent, since Zod's records
 * leave out a key named `__proto__`; `at` is where its `categories` is.
 */
function categoriesOf(
  workspace: Workspace,
  entry: Record<string, unknown>,
  at: readonly PropertyKey[],
  found: Problems,
): Record<string, boolean> {
  const known = new Set(workspace.categories);
  const out: Record<string, boolean> = {};
  for (const [category, subscribed] of Object.entries(asJsonObject(entry.categories) ?? {})) {
    const path = jsonPath([...at, category]);
    if (typeof subscribed !== 'boolean')
      found.add(`${path} must be a boolean, got ${jsonTypeName(subscribed)}`);
    else if (!known.has(category))
      found.add(
        `${path} is not a category of this workspace (${workspace.categories.join(', ') || 'it has none'})`,
      );
    else setOwn(out, category, subscribed);
  }
  if (entry.unsubscribe_all !== true) return out;
  const none: Record<string, boolean> = {};
  for (const category of workspace.categories) setOwn(none, category, false);
  return none;
}

/**
 * Checks a `PUT` body for the user of the link.
 *
 * @example
 * checkUpdate(workspace, 'u-1', { categories: { Newsletter: false }, unsubscribe_all: false });
 * // { ok: true, updates: [{ userId: 'u-1', categories: { Newsletter: false } }] }
 */
export function checkUpdate(
  workspace: Workspace,
  userId: string,
  body: Record<string, unknown>,
): UpdateCheck {
  const found = new Problems();
  const parsed = preferencesUpdateSchema.safeParse(body, { reportInput: true });
  if (!parsed.success) addSchemaProblems(parsed.error.issues, found);
  const set = categoriesOf(workspace, body, ['categories'], found);
  if (!parsed.success || found.size > 0) return found.refusal();
  return { ok: true, updates: [{ userId, categories: set }] };
}

/**
 * Checks a `POST` body: the entry count first (past 50, nothing else is looked at), then every entry's
 * fields, users and categories.
 *
 * @example
 * await checkBulkUpdate(workspace, { channel: 'email', user_preferences: [{ customer_id: 'u-1', categories: {}, unsubscribe_all: true }] });
 */
export async function checkBulkUpdate(
  workspace: Workspace,
  body: Record<string, unknown>,
): Promise<UpdateCheck> {
  const found = new Problems();
  const entries = body.user_preferences;
  if (Array.isArray(entries) && entries.length > MAX_BULK_ENTRIES) {
    found.add(
      `Payload limit is set to ${MAX_BULK_ENTRIES}: user_preferences has ${entries.length} entries`,
      PREFERENCES_TITLES.payloadLimitExceeded,
    );
    return found.refusal();
  }
  const parsed = bulkPreferencesUpdateSchema.safeParse(body, { reportInput: true });
  if (!parsed.success) addSchemaProblems(parsed.error.issues, found);
  if (typeof body.channel === 'string' && body.channel.toLowerCase() !== PREFERENCES_CHANNEL) {
    found.add(`channel must be ${PREFERENCES_CHANNEL}, got ${JSON.stringify(body.channel)}`);
  }
  const updates: PreferenceUpdate[] = [];
  for (const [index, item] of (Array.isArray(entries) ? entries : []).entries()) {
    const sent = asJsonObject(item);
    if (sent === undefined) continue;
    const at = ['user_preferences', index];
    const userId = sent.customer_id;
    if (
      typeof userId === 'string' &&
      userId !== '' &&
      (await workspace.userSubscriptions(userId)) === undefined
    ) {
      found.add(
        `${jsonPath([...at, 'customer_id'])} ${JSON.stringify(userId)} names no user of this workspace`,
      );
    }
    const set = categoriesOf(workspace, sent, [...at, 'categories'], found);
    if (typeof userId === 'string') updates.push({ userId, categories: set });
  }
  return !parsed.success || found.size > 0 ? found.refusal() : { ok: true, updates };
}
