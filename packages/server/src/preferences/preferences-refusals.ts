/**
 * How the preferences endpoint words the refusals it shares with the preview (authentication, rate limits):
 * `{title, description}` (service-api.md 7.2) instead of the preview's `{error: {...}}`.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { AuthenticationRefusal } from '../auth/workspace-auth';
import { MISSING_APP_KEY_DESCRIPTION } from '../auth/workspace-id-headers';
import {
  PREFERENCES_TITLES,
  preferencesError,
  preferencesInternalError,
} from '../errors/preferences-error-body';
import { jsonAnswer } from '../http/json-answer';
import type { RateLimitRefusals } from '../rate-limit/rate-limit-middleware';

const BASIC_FORMAT = "'Basic ' followed by the Base64 text of <Workspace ID>:<Data API key>";

/**
 * The 401s: `Header required` when no key header (`MOE-APPKEY` or `SVC-APPKEY`) is sent, `Authentication required` when there is no
 * usable `Authorization` header, `Invalid credentials` when the credentials do not open the workspace.
 */
export const preferencesAuthRefusal: AuthenticationRefusal = (c, failure) => {
  switch (failure.reason) {
    case 'missing-app-key':
      return jsonAnswer(
        c,
        preferencesError(PREFERENCES_TITLES.headerRequired, MISSING_APP_KEY_DESCRIPTION),
        401,
      );
    case 'missing-authorization':
    case 'malformed-authorization':
      return jsonAnswer(
        c,
        preferencesError(
          PREFERENCES_TITLES.authenticationRequired,
          `No identity information found: send an Authorization header, ${BASIC_FORMAT}`,
        ),
        401,
      );
    default:
      return jsonAnswer(
        c,
        preferencesError(
          PREFERENCES_TITLES.invalidCredentials,
          failure.details.map((detail) => detail.message).join('; '),
        ),
        401,
      );
  }
};

/** The 429 (`Rate-Limit Reached`) and the 503 of a store that fails closed (`Internal Error`). */
export const preferencesRateLimitRefusals: RateLimitRefusals = {
  limited: (description) =>
    preferencesError(
      PREFERENCES_TITLES.rateLimited,
      `The rate limit for this URL was exceeded. ${description}`,
    ),
  unavailable: (description) => preferencesInternalError(description),
};

/**
 * The 409 of a workspace without an `api_secret` (service-api.md 5): no landing-page link can be read.
 * Runs after authentication and before the rate limit.
 *
 * @example
 * app.get(PREFERENCES_PATH, auth, requireApiSecret, counted, preferencesHandler());
 */
export const requireApiSecret: MiddlewareHandler<AppEnv> = async (c, next) => {
  const workspace = c.get('workspace');
  if (workspace === undefined) throw new Error('the API secret check runs after authentication');
  if (workspace.apiSecret !== undefined) return next();
  return jsonAnswer(
    c,
    preferencesError(
      PREFERENCES_TITLES.secretNotConfigured,
      'The API secret of this workspace is not set: set it on the dashboard (api_secret in the workspace file), then make the landing-page links with it',
    ),
    409,
  );
};
