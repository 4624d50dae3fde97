/**
 * Where the subscription changes made through `PUT` and `POST` on the preferences path live, behind an
 * interface so that any database can hold them: in memory (the app's default), in a data file on disk
 * (`filePreferenceStore`, `pnpm serve`'s default), or in Redis (`redisPreferenceStore`, shared by every
 * server process). `GET` overlays them on the workspace file's subscriptions.
 */
import { setOwn } from '../json/set-own';

/** One user's change: the categories it sets, `true` subscribed and `false` unsubscribed. */
export interface PreferenceUpdate {
  /** The user's id. */
  readonly userId: string;
  /** The categories set; the others keep their value. */
  readonly categories: Readonly<Record<string, boolean>>;
}

/** Where preference updates live. */
export interface PreferenceStore {
  /** The categories the stored updates of a user set (`{}` when there are none), the latest value of each. */
  preferences(workspaceId: string, userId: string): Promise<Readonly<Record<string, boolean>>>;
  /**
   * Stores updates of one workspace, all or none, in order (a later update of a category wins). Resolves once
   * they are stored as durably as the store can: every read after that, by any process sharing the store,
   * sees them.
   */
  update(workspaceId: string, updates: readonly PreferenceUpdate[]): Promise<void>;
}

/**
 * Thrown by a store that cannot read or write right now (Redis does not answer): the endpoint answers 503 in
 * its error shape, with `retry-after`, and nothing was stored.
 */
export class PreferenceStoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PreferenceStoreUnavailableError';
  }
}

/** The stored categories of every user of every workspace: workspace id, then user id, then category. */
export type PreferenceState = ReadonlyMap<string, ReadonlyMap<string, ReadonlyMap<string, boolean>>>;

/**
 * `state` with `updates` of one workspace applied, copying only the maps they change (so that `state` stays
 * as it was, for a store that commits the new state only once it is written).
 */
export function applyUpdates(
  state: PreferenceState,
  workspaceId: string,
  updates: readonly PreferenceUpdate[],
): PreferenceState {
  const next = new Map(state);
  const users = new Map(next.get(workspaceId));
  for (const update of updates) {
    const categories = new Map(users.get(update.userId));
    for (const [category, subscribed] of Object.entries(update.categories))
      categories.set(category, subscribed);
    users.set(update.userId, categories);
  }
  next.set(workspaceId, users);
  return next;
}

/** The stored categories of one user as a plain object (own keys, `__proto__` included). */
export function categoriesOf(
  state: PreferenceState,
  workspaceId: string,
  userId: string,
): Readonly<Record<string, boolean>> {
  const out: Record<string, boolean> = {};
  for (const [category, subscribed] of state.get(workspaceId)?.get(userId) ?? [])
    setOwn(out, category, subscribed);
  return out;
}

/**
 * Updates kept in this process's memory: lost when it stops, and not shared with other processes. The app's
 * default, for tests and embedding; `pnpm serve` keeps them in a data file or in Redis.
 *
 * @example
 * const app = createApp({ workspaces, preferences: memoryPreferenceStore() });
 */
export function memoryPreferenceStore(): PreferenceStore {
  let state: PreferenceState = new Map();
  return {
    async preferences(workspaceId, userId) {
      return categoriesOf(state, workspaceId, userId);
    },
    async update(workspaceId, updates) {
      state = applyUpdates(state, workspaceId, updates);
    },
  };
}
