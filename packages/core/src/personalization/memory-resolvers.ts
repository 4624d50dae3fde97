/**
 * The embedded default store: every source held in plain maps, answering synchronously. The shape follows the
 * workspace file (`users`, `content_blocks`, `content_apis`, `product_sets`), so a server can load one into it.
 */
import type {
  ContentApiArguments,
  ContentApiCallContext,
  MaybePromise,
  Resolvers,
  UserIdentification,
} from './resolvers';

/** A user of the in-memory store, as the workspace file holds one. */
export interface StoredUser {
  /** The user's ID (`identifier: 'ID'`). */
  readonly id: string;
  /** The user's e-mail address (`identifier: 'EMAIL'`, compared case-insensitively). */
  readonly email?: string;
  /** The user's phone number (`identifier: 'MOBILE'` or `'PHONE'`). */
  readonly mobile?: string;
  /** The stored attributes, by name. */
  readonly attributes?: Readonly<Record<string, unknown>>;
}

/** An in-memory content API: computes a result from the call's arguments (a thrown error is a failed call). */
export type ContentApiHandler = (
  args: ContentApiArguments,
  context: ContentApiCallContext,
) => MaybePromise<unknown>;

/** A fixed in-memory content API result: any JSON value. */
export type FixedContentApiResult =
  | null
  | boolean
  | number
  | string
  | readonly unknown[]
  | { readonly [key: string]: unknown };

/** Everything the in-memory resolvers hold. Each part defaults to empty. */
export interface MemoryStore {
  /** The users. */
  readonly users?: readonly StoredUser[];
  /** Content block sources by name. */
  readonly contentBlocks?: Readonly<Record<string, string>>;
  /** Content APIs by name: a handler, or the JSON result every call returns. */
  readonly contentApis?: Readonly<Record<string, ContentApiHandler | FixedContentApiResult>>;
  /** Product set items by name. */
  readonly productSets?: Readonly<Record<string, readonly unknown[]>>;
}

/** The record's own entries as a Map, so that names such as `constructor` are ordinary names. */
function entries<T>(record: Readonly<Record<string, T>> | undefined): Map<string, T> {
  return new Map(record === undefined ? [] : Object.entries(record));
}

function findUser(
  users: readonly StoredUser[],
  byId: ReadonlyMap<string, StoredUser>,
  who: UserIdentification,
): StoredUser | undefined {
  const kind = who.identifier.toLowerCase();
  switch (kind) {
    case 'id':
      return byId.get(who.value);
    case 'email': {
      const email = who.value.toLowerCase();
      return users.find((user) => user.email?.toLowerCase() === email);
    }
    case 'mobile':
    case 'phone':
      return users.find((user) => user.mobile === who.value);
    default:
      // Any other kind names a user attribute; attribute names match case-insensitively, as the kinds do.
      return users.find((user) =>
        Object.entries(user.attributes ?? {}).some(
          ([name, value]) => name.toLowerCase() === kind && value !== null && String(value) === who.value,
        ),
      );
  }
}

/**
 * Resolvers over plain maps, answering synchronously: the embedded default and the reference for tests.
 *
 * @example
 * const resolvers = memoryResolvers({
 *   users: [{ id: 'u-1', attributes: { 'First Name': 'jane' } }],
 *   contentBlocks: { footer: "Thanks, {{ UserAttribute['First Name']|title }}" },
 *   contentApis: { weather: (args) => ({ temp: 21, city: args.params }) },
 *   productSets: { bestsellers: [{ title: 'Lamp', price: 19.5 }] },
 * });
 */
export function memoryResolvers(store: MemoryStore): Required<Resolvers> {
  const users = store.users ?? [];
  const byId = new Map(users.map((user) => [user.id, user]));
  const blocks = entries(store.contentBlocks);
  const apis = entries(store.contentApis);
  const sets = entries(store.productSets);
  return {
    users: {
      userAttributes: (who) => {
        const user = findUser(users, byId, who);
        return user === undefined ? undefined : (user.attributes ?? {});
      },
    },
    contentBlocks: {
      contentBlock: (name) => blocks.get(name),
      contentBlockNames: () => [...blocks.keys()],
    },
    contentApis: {
      callContentApi: (name, args, context) => {
        if (!apis.has(name)) return undefined;
        const api = apis.get(name);
        return typeof api === 'function' ? api(args, context) : api;
      },
    },
    productSets: {
      productSet: (name) => sets.get(name),
      productSetNames: () => [...sets.keys()],
    },
  };
}
