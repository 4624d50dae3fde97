/**
 * Where the personalization objects get their data: one resolver per source. The engine never assumes a
 * source is fast or local: any method may answer with a value or with a promise, and the renderer bounds
 * every promise by its timeouts (see `PersonalizationLimits`).
 *
 * A resolver says "there is no such thing" by answering `undefined`; it says "the source failed" by throwing
 * or rejecting. The first is an error in the service's words (`NotFoundError`), the second an empty value and
 * a warning, so that a flaky source never stops a message.
 */

/** A value now or later: resolvers may answer either way. */
export type MaybePromise<T> = T | PromiseLike<T>;

/**
 * Which user a render is for: the kind of key (`ID`, `EMAIL`, `MOBILE` or `PHONE`, or the name of a user
 * attribute; case-insensitive) and the user's value for it.
 */
export interface UserIdentification {
  /** The kind of key, as `user_details.identifier`. */
  readonly identifier: string;
  /** The user's value of that key, as `user_details.identifier_value`. */
  readonly value: string;
}

/** What a render tells the resolvers it calls about itself. */
export interface ResolverContext {
  /** The user the message is for, when the render names one. */
  readonly user: UserIdentification | undefined;
  /** The channel (`EMAIL`, `PUSH`, ...), when given. */
  readonly channel: string | undefined;
  /** The triggering event's name, when given. */
  readonly eventName: string | undefined;
}

/** The stored user attributes, by user. */
export interface UserAttributeResolver {
  /**
   * The user's stored attributes (name to value), or `undefined` when no user matches. `names` lists the
   * attributes the templates read, so a remote store may fetch only those; `undefined` asks for all of them
   * (a template reads the attributes whole, or by a computed name). Answering more than asked is fine.
   */
  userAttributes(
    user: UserIdentification,
    names: readonly string[] | undefined,
  ): MaybePromise<Readonly<Record<string, unknown>> | undefined>;
}

/** The stored content blocks: named template sources. */
export interface ContentBlockResolver {
  /** The template source of a block, or `undefined` when there is no block of that name. */
  contentBlock(name: string): MaybePromise<string | undefined>;
  /** The names of every block, for templates that read blocks by a computed name. */
  contentBlockNames(): MaybePromise<readonly string[]>;
}

/**
 * The argument object of `ContentApi.<name>({...})`, converted to JSON values (`None` and missing values are
 * `null`). The service's keys are listed; any other key a template passes is kept as well.
 */
export interface ContentApiArguments {
  /** Query parameters. */
  readonly params?: unknown;
  /** Parameters fixed for the API. */
  readonly static_params?: unknown;
  /** Parameters computed per user. */
  readonly dynamic_params?: unknown;
  /** The request body. */
  readonly request_body?: unknown;
  /** Keys outside the service's four, passed as the template wrote them. */
  readonly [key: string]: unknown;
}

/** What a content API call is told, besides its name and arguments. */
export interface ContentApiCallContext extends ResolverContext {
  /** The renderer stops waiting after this many milliseconds; a remote call may abort itself then. */
  readonly timeoutMs: number;
}

/** The stored content APIs: remote calls by name and argument object. */
export interface ContentApiResolver {
  /**
   * The result of calling the API (a JSON value), or `undefined` when there is no API of that name. Throw or
   * reject when the call fails (network error, timeout, non-2xx status, a body that is not JSON).
   *
   * Results are cached by name and arguments (see `RendererCacheOptions.contentApiResults`), and concurrent
   * renders making the same call share one request: the answer must depend only on `name` and `args`, not on
   * the user in `context`. Pass per-user values through the arguments (`dynamic_params`) instead.
   */
  callContentApi(
    name: string,
    args: ContentApiArguments,
    context: ContentApiCallContext,
  ): MaybePromise<unknown>;
  /** How long a result of this API may be reused, in milliseconds (`0`: never). Defaults to the cache's `ttlMs`. */
  contentApiTtlMs?(name: string): number | undefined;
}

/** The stored product sets: named lists of products (dicts). */
export interface ProductSetResolver {
  /** The items of a set, or `undefined` when there is no set of that name. */
  productSet(name: string): MaybePromise<readonly unknown[] | undefined>;
  /** The names of every set, for templates that read sets by a computed name. */
  productSetNames(): MaybePromise<readonly string[]>;
}

/** One resolver per source. A source left out has nothing in it: every name read from it is not found. */
export interface Resolvers {
  /** `UserAttribute` values stored for the user. */
  readonly users?: UserAttributeResolver;
  /** `ContentBlock` sources. */
  readonly contentBlocks?: ContentBlockResolver;
  /** `ContentApi` calls. */
  readonly contentApis?: ContentApiResolver;
  /** `ProductSet` items. */
  readonly productSets?: ProductSetResolver;
}
