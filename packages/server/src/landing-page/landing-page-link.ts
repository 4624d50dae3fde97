/**
 * Landing-page links (service-api.md 2.9): the page's URL with the encrypted user id, campaign id and
 * Workspace ID that the page passes on to `GET /v1/category-subscription/user-preferences`.
 */
import { encryptLandingPageId, landingPageKey } from './landing-page-token';

/** What a landing-page link is made of. */
export interface LandingPageLinkOptions {
  /** The workspace's `api_secret`: the tokens' key is its SHA-256 digest. */
  readonly apiSecret: string;
  /** The Workspace ID, encrypted into `app_key`. */
  readonly workspaceId: string;
  /** The user's id, encrypted into `user_id`. */
  readonly userId: string;
  /** The e-mail campaign's id, encrypted into `cid`. */
  readonly campaignId: string;
  /** The landing page (http or https); its own query and fragment are kept as written. */
  readonly url: string;
}

/** The link's query parameters, in the order of service-api.md 2.9. */
const PARAMETERS = ['user_id', 'cid', 'app_key'] as const;

/**
 * A landing-page link: `<url>?user_id=<token>&cid=<token>&app_key=<token>`, each token made with a fresh IV.
 * Throws a `TypeError` for a URL that is not http(s), already has one of the three parameters, or for an
 * empty id or secret.
 *
 * @example
 * await makeLandingPageLink({ apiSecret: 'landing-page-secret', workspaceId: 'DEMO01', userId: 'u-1', campaignId: 'spring-sale', url: 'https://example.com/preferences' });
 * // 'https://example.com/preferences?user_id=...&cid=...&app_key=...'
 */
export async function makeLandingPageLink(options: LandingPageLinkOptions): Promise<string> {
  for (const [name, value] of [
    ['apiSecret', options.apiSecret],
    ['workspaceId', options.workspaceId],
    ['userId', options.userId],
    ['campaignId', options.campaignId],
  ] as const) {
    if (value === '') throw new TypeError(`${name} is required but is empty`);
  }
  let parsed: URL;
  try {
    parsed = new URL(options.url);
  } catch {
    throw new TypeError(`the landing page URL is not a URL: ${options.url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new TypeError(`the landing page URL must be http:// or https://, got ${options.url}`);
  for (const name of PARAMETERS) {
    if (parsed.searchParams.has(name))
      throw new TypeError(`the landing page URL already has a ${name} parameter: leave it out`);
  }
  const key = await landingPageKey(options.apiSecret);
  const [userId, campaignId, workspaceId] = await Promise.all(
    [options.userId, options.campaignId, options.workspaceId].map((id) => encryptLandingPageId(key, id)),
  );
  // Appended to the text as written: URLSearchParams would re-encode the page's own parameters.
  const hash = options.url.indexOf('#');
  const base = hash < 0 ? options.url : options.url.slice(0, hash);
  const fragment = hash < 0 ? '' : options.url.slice(hash);
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  // Base64url tokens need no percent-encoding.
  return `${base}${separator}user_id=${userId}&cid=${campaignId}&app_key=${workspaceId}${fragment}`;
}
