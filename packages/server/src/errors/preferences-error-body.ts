/**
 * The preferences endpoint's error bodies (service-api.md 2.10 and 7.2, service-additions.md):
 * `{title, description}` for 401, 405, 409, 413, 429, 5xx and the 400 of an update, and `{message}` for the
 * 400 of a read. They differ from the preview's on purpose: the service
 * answers each endpoint in its own shape.
 */

/** The body of a 401, 405, 409, 413, 429 or 5xx answer of the preferences endpoint, and of a 400 to an update. */
export interface PreferencesErrorBody {
  /** The kind of error (`Authentication required`, `Rate-Limit Reached`, `Internal Error`). */
  readonly title: string;
  /** What happened, and what would fix it. */
  readonly description: string;
}

/** The body of a 400 answer to a read (`GET`) of the preferences endpoint. */
export interface PreferencesParamsErrorBody {
  /** Says which params are invalid and why. */
  readonly message: string;
}

/** The titles of the preferences endpoint's errors. */
export const PREFERENCES_TITLES = {
  invalidParams: 'Invalid params',
  invalidRequest: 'Invalid Request',
  categoriesRequired: 'Categories Required',
  payloadLimitExceeded: 'Payload Limit Exceeded',
  payloadTooLarge: 'Payload Too Large',
  headerRequired: 'Header required',
  authenticationRequired: 'Authentication required',
  invalidCredentials: 'Invalid credentials',
  secretNotConfigured: 'API secret not configured',
  rateLimited: 'Rate-Limit Reached',
  methodNotAllowed: 'Method Not Allowed',
  internal: 'Internal Error',
} as const;

/**
 * A `{title, description}` body.
 *
 * @example
 * preferencesError('Rate-Limit Reached', 'The limit of 100 requests per minute for this URL was exceeded');
 */
export function preferencesError(title: string, description: string): PreferencesErrorBody {
  return { title, description };
}

/** The 5xx body: the same for every unexpected failure, so nothing about the server leaks. */
export function preferencesInternalError(
  description = 'The server could not process the request. Try again later; if it keeps failing, contact support.',
): PreferencesErrorBody {
  return preferencesError(PREFERENCES_TITLES.internal, description);
}
