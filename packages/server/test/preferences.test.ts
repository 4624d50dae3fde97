import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { type RateLimitStore, RateLimitStoreUnavailableError } from '../src/rate-limit/rate-limit-store';
import type { WorkspaceStore } from '../src/workspaces/workspace';
import { workspaceFileStore } from '../src/workspaces/workspace';
import { nodeToken } from './helpers/landing-page';
import { basic, postPreview, previewBody, silent, testApp, testWorkspaceFile } from './helpers/workspace';

const PATH = '/v1/category-subscription/user-preferences';
const SECRET = 'test-landing-secret';
// 2026-01-01T10:00:30Z: half-way through a minute.
const NOW = Date.UTC(2026, 0, 1, 10, 0, 30);
const MINUTE_END = Date.UTC(2026, 0, 1, 10, 1, 0) / 1000;
const DAY_END = Date.UTC(2026, 0, 2) / 1000;

/** TEST01 with an API secret, three categories and a user who left one of them. */
const PREFERENCES_WORKSPACE = {
  api_secret: SECRET,
  categories: ['Promotions', 'Newsletter', 'Product Updates'],
  users: [
    { id: 'u-1', subscriptions: { Promotions: false, Newsletter: true } },
    { id: 'ü-2 ✓', attributes: {} },
  ],
};

function preferencesApp(limits: Record<string, number> = {}, more: Record<string, unknown> = {}) {
  return testApp({ now: () => NOW }, { ...PREFERENCES_WORKSPACE, limits, ...more });
}

const HEADERS = { 'SVC-APPKEY': 'TEST01', Authorization: basic('TEST01', 'data-secret') };

function query(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}

function link(userId = 'u-1', campaignId = 'spring-sale', secret = SECRET): string {
  return `${PATH}?${query({ user_id: nodeToken(secret, userId), cid: nodeToken(secret, campaignId) })}`;
}

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

async function get(
  app: ReturnType<typeof testApp>,
  url: string = link(),
  headers: Record<string, string> = HEADERS,
  method = 'GET',
): Promise<Answer> {
  const response = await app.request(url, { method, headers });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? undefined : JSON.parse(text),
  };
}

/** Flips bits of one byte of a Base64url token. */
function changeByte(token: string, index: number, xor: number): string {
  const bytes = Buffer.from(token, 'base64url');
  bytes[index % bytes.length] ^= xor;
  return bytes.toString('base64url');
}

describe('200: the categories of the user of the link', () => {
  it('lists every category of the workspace, true unless the user unsubscribed', async () => {
    const answer = await get(preferencesApp());
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      categories: { Promotions: false, Newsletter: true, 'Product Updates': true },
    });
  });

  it('a user who changed nothing is subscribed to every category, and user ids are UTF-8', async () => {
    const answer = await get(preferencesApp(), link('ü-2 ✓'));
    expect(answer.body).toEqual({
      categories: { Promotions: true, Newsletter: true, 'Product Updates': true },
    });
  });

  it('a workspace without categories answers an empty map', async () => {
    const answer = await get(preferencesApp({}, { categories: [], users: [{ id: 'u-1' }] }));
    expect(answer.body).toEqual({ categories: {} });
  });

  it('a category named __proto__ is an ordinary key of the map', async () => {
    const app = preferencesApp({}, { categories: ['__proto__'], users: [{ id: 'u-1' }] });
    const answer = await app.request(link(), { headers: HEADERS });
    expect(await answer.text()).toBe('{"categories":{"__proto__":true}}');
  });

  it('moe_event_id and app_key are accepted and not read', async () => {
    const url = `${link()}&moe_event_id=evt-1&app_key=${nodeToken('another secret', 'OTHER02')}`;
    expect((await get(preferencesApp(), url)).status).toBe(200);
  });

  it('tokens with any IV decrypt: the server reads what node:crypto writes', async () => {
    const app = preferencesApp();
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 12, maxLength: 12 }), async (iv) => {
        const url = `${PATH}?${query({
          user_id: nodeToken(SECRET, 'u-1', Buffer.from(iv)),
          cid: nodeToken(SECRET, 'c', Buffer.from(iv)),
        })}`;
        expect((await get(app, url)).status).toBe(200);
      }),
      { numRuns: 25 },
    );
  });
});

describe('400: {message} for missing or unreadable params', () => {
  const app = preferencesApp();

  it('a missing user_id is named', async () => {
    const answer = await get(app, `${PATH}?${query({ cid: nodeToken(SECRET, 'c') })}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message:
        'Invalid params received: user_id is required: pass the values of the landing-page link unchanged',
    });
  });

  it('a missing cid is named, and an empty value is missing', async () => {
    const answer = await get(app, `${PATH}?${query({ user_id: nodeToken(SECRET, 'u-1'), cid: '' })}`);
    expect(answer.body).toEqual({
      message: 'Invalid params received: cid is required: pass the values of the landing-page link unchanged',
    });
  });

  it('both missing are named together', async () => {
    const answer = await get(app, PATH);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message:
        'Invalid params received: user_id and cid are required: pass the values of the landing-page link unchanged',
    });
  });

  const unreadable = (name: string, what: string) =>
    `${name} is not an encrypted ${what} id of this workspace (changed, cut short, or made with another API secret)`;

  it('a token made with another secret is a 400 naming it', async () => {
    const answer = await get(app, link('u-1', 'c', 'not-the-secret'));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: `Invalid params received: ${unreadable('user_id', 'user')}; ${unreadable('cid', 'campaign')}`,
    });
  });

  it('a truncated token is a 400', async () => {
    for (const cut of [1, 5, 16, 30]) {
      const token = nodeToken(SECRET, 'u-1');
      const url = `${PATH}?${query({ user_id: token.slice(0, token.length - cut), cid: nodeToken(SECRET, 'c') })}`;
      const answer = await get(app, url);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: `Invalid params received: ${unreadable('user_id', 'user')}` });
    }
  });

  it('a token with any byte changed (iv, ciphertext or tag) is a 400', async () => {
    const token = nodeToken(SECRET, 'u-1');
    const length = Buffer.from(token, 'base64url').length;
    await fc.assert(
      fc.asyncProperty(fc.nat(length - 1), fc.integer({ min: 1, max: 255 }), async (index, xor) => {
        const url = `${PATH}?${query({ user_id: nodeToken(SECRET, 'u-1'), cid: changeByte(token, index, xor) })}`;
        const answer = await get(app, url);
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ message: `Invalid params received: ${unreadable('cid', 'campaign')}` });
      }),
      { numRuns: 60 },
    );
  });

  it('text that is not Base64url, padded Base64 and an empty id are 400s', async () => {
    const empty = nodeToken(SECRET, '');
    for (const token of ['not a token', 'a+b/c==', `${nodeToken(SECRET, 'u-1')}=`, empty, 'A'.repeat(5000)]) {
      const answer = await get(app, `${PATH}?${query({ user_id: token, cid: nodeToken(SECRET, 'c') })}`);
      expect(answer.status, token.slice(0, 20)).toBe(400);
    }
  });

  it('a token of a user that does not exist is a 400', async () => {
    const answer = await get(app, link('u-404'));
    expect(answer.body).toEqual({
      message: 'Invalid params received: user_id names no user of this workspace',
    });
  });

  it('a token made for another workspace with another secret does not open this one', async () => {
    const other = preferencesApp({}, { api_secret: 'other-secret' });
    expect((await get(other, link())).status).toBe(400);
  });
});

describe('401: {title, description}', () => {
  const app = preferencesApp();

  it('a missing key header is "Header required" in the reference\'s words, naming both header names', async () => {
    const answer = await get(app, link(), { Authorization: HEADERS.Authorization });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      title: 'Header required',
      description: 'MOE-APPKEY missing in Header: send the Workspace ID in MOE-APPKEY (or SVC-APPKEY)',
    });
  });

  it('a missing Authorization is "Authentication required": no identity information found', async () => {
    const answer = await get(app, link(), { 'SVC-APPKEY': 'TEST01' });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      title: 'Authentication required',
      description:
        "No identity information found: send an Authorization header, 'Basic ' followed by the Base64 text of <Workspace ID>:<Data API key>",
    });
  });

  it('an Authorization that is not Basic is "Authentication required"', async () => {
    const answer = await get(app, link(), { 'SVC-APPKEY': 'TEST01', Authorization: 'Bearer abc' });
    expect((answer.body as { title: string }).title).toBe('Authentication required');
  });

  it('both headers missing: the key header is named first', async () => {
    expect(((await get(app, link(), {})).body as { title: string }).title).toBe('Header required');
  });

  it('a wrong Data key is "Invalid credentials" saying the key is invalid', async () => {
    const answer = await get(app, link(), { ...HEADERS, Authorization: basic('TEST01', 'data-secreT') });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      title: 'Invalid credentials',
      description:
        'The API key in the Authorization header is invalid for the Workspace ID in MOE-APPKEY (or SVC-APPKEY)',
    });
  });

  it("the preview key does not open the preferences endpoint: it takes the Data tile's key", async () => {
    const answer = await get(app, link(), { ...HEADERS, Authorization: basic('TEST01', 'preview-secret') });
    expect(answer.status).toBe(401);
  });

  it('an unknown workspace is the same "Invalid credentials" as a wrong key; another username is one too', async () => {
    const unknown = await get(app, link(), {
      'SVC-APPKEY': 'NOPE',
      Authorization: basic('NOPE', 'data-secret'),
    });
    const wrongKey = await get(app, link(), { ...HEADERS, Authorization: basic('TEST01', 'data-secreT') });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrongKey.body);
    const mismatch = await get(app, link(), { ...HEADERS, Authorization: basic('OTHER02', 'data-secret') });
    expect((mismatch.body as { title: string }).title).toBe('Invalid credentials');
  });

  it('a workspace without a Data key refuses every password', async () => {
    const answer = await get(app, link(), { 'SVC-APPKEY': 'OTHER02', Authorization: basic('OTHER02', '') });
    expect(answer.status).toBe(401);
  });

  it('a refused request carries no rate-limit headers and is not counted', async () => {
    const limited = preferencesApp({ preferences_per_minute: 1 });
    const refused = await get(limited, link(), { ...HEADERS, Authorization: basic('TEST01', 'x') });
    expect(refused.headers.get('x-ratelimit-limit')).toBeNull();
    expect((await get(limited)).status).toBe(200);
  });
});

describe('409: no API secret', () => {
  const app = testApp({ now: () => NOW }, { categories: ['Promotions'] });

  it('a workspace without api_secret answers 409 {title, description}', async () => {
    const answer = await get(app);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      title: 'API secret not configured',
      description:
        'The API secret of this workspace is not set: set it on the dashboard (api_secret in the workspace file), then make the landing-page links with it',
    });
  });

  it('credentials are checked first, the params after', async () => {
    expect((await get(app, link(), { ...HEADERS, Authorization: basic('TEST01', 'x') })).status).toBe(401);
    expect((await get(app, PATH)).status).toBe(409);
  });

  it('a 409 is not counted and has no rate-limit headers', async () => {
    const limited = testApp({ now: () => NOW }, { limits: { preferences_per_minute: 1 } });
    for (let i = 0; i < 3; i++) {
      const answer = await get(limited);
      expect(answer.status).toBe(409);
      expect(answer.headers.get('x-ratelimit-remaining')).toBeNull();
    }
  });
});

describe('429 and the limits of the preferences endpoint', () => {
  it('every counted answer carries the headers of the minute by default (100 a minute is closer than 360,000 a day)', async () => {
    const answer = await get(testApp({ now: () => NOW }, PREFERENCES_WORKSPACE));
    expect(answer.headers.get('x-ratelimit-limit')).toBe('100');
    expect(answer.headers.get('x-ratelimit-remaining')).toBe('99');
    expect(answer.headers.get('x-ratelimit-reset')).toBe(String(MINUTE_END));
  });

  it('the request past the minute limit is a 429 {title: Rate-Limit Reached, description}', async () => {
    const app = preferencesApp({ preferences_per_minute: 2 });
    expect((await get(app)).status).toBe(200);
    expect((await get(app)).status).toBe(200);
    const refused = await get(app);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      title: 'Rate-Limit Reached',
      description:
        'The rate limit for this URL was exceeded. The workspace reached its limit of 2 preferences requests per minute; retry after the window resets',
    });
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('x-ratelimit-reset')).toBe(String(MINUTE_END));
    expect(refused.headers.get('retry-after')).toBe('30');
  });

  it('the day limit holds across minutes and resets at 00:00 UTC', async () => {
    const clock = { now: NOW };
    const app = testApp(
      { now: () => clock.now },
      { ...PREFERENCES_WORKSPACE, limits: { preferences_per_minute: 10, preferences_per_day: 3 } },
    );
    const first = await get(app);
    // 2 left of the day, 9 of the minute: the day is closer to running out.
    expect(first.headers.get('x-ratelimit-limit')).toBe('3');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('2');
    expect(first.headers.get('x-ratelimit-reset')).toBe(String(DAY_END));
    await get(app);
    clock.now += 60_000;
    expect((await get(app)).status).toBe(200);
    clock.now += 3_600_000;
    const refused = await get(app);
    expect(refused.status).toBe(429);
    expect((refused.body as { description: string }).description).toContain(
      '3 preferences requests per UTC day',
    );
    expect(refused.headers.get('x-ratelimit-reset')).toBe(String(DAY_END));
    clock.now = DAY_END * 1000;
    const nextDay = await get(app);
    expect(nextDay.status).toBe(200);
    expect(nextDay.headers.get('x-ratelimit-remaining')).toBe('2');
  });

  it('a request with bad params is counted (the limit comes before the params)', async () => {
    const app = preferencesApp({ preferences_per_minute: 2 });
    const bad = await get(app, PATH);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('x-ratelimit-remaining')).toBe('1');
    await get(app);
    expect((await get(app, PATH)).status).toBe(429);
  });

  it('the preview and the preferences are counted apart', async () => {
    const app = preferencesApp({ preferences_per_minute: 1, preview_per_minute: 1 });
    expect((await get(app)).status).toBe(200);
    expect((await postPreview(app, previewBody({ a: 'x' }))).status).toBe(200);
    expect((await get(app)).status).toBe(429);
  });

  it('the store is asked for both windows with the endpoint in the key', async () => {
    const calls: string[] = [];
    const store: RateLimitStore = {
      consume: async (key, limit) => {
        calls.push(`${key} ${limit}`);
        return { allowed: true, remaining: 1, reset: MINUTE_END };
      },
    };
    await get(testApp({ now: () => NOW, rateLimits: store }, PREFERENCES_WORKSPACE));
    expect(calls.sort()).toEqual([
      'auth-failures:unknown:TEST01 9',
      'preferences:TEST01:day 360000',
      'preferences:TEST01:minute 100',
    ]);
  });
});

describe('5xx: {title: Internal Error, description}', () => {
  it('a store that fails unexpectedly is a 500 without its error', async () => {
    const store: RateLimitStore = {
      consume: async () => {
        throw new Error('redis at 10.0.0.5:6379 exploded');
      },
    };
    const answer = await get(testApp({ now: () => NOW, rateLimits: store }, PREFERENCES_WORKSPACE));
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({
      title: 'Internal Error',
      description:
        'The server could not process the request. Try again later; if it keeps failing, contact support.',
    });
  });

  it('a workspace store that fails while reading the user is a 500 in the same shape', async () => {
    const file = workspaceFileStore(testWorkspaceFile(PREFERENCES_WORKSPACE));
    const failing: WorkspaceStore = {
      workspace: async (id) => {
        const workspace = await file.workspace(id);
        return workspace && { ...workspace, userSubscriptions: () => Promise.reject(new Error('db down')) };
      },
    };
    const app = createApp({ workspaces: failing, logger: silent, now: () => NOW });
    const answer = await get(app);
    expect(answer.status).toBe(500);
    expect((answer.body as { title: string }).title).toBe('Internal Error');
    expect(answer.headers.get('x-ratelimit-remaining')).toBe('99');
  });

  it('a store that fails closed is a 503 {title: Internal Error} with retry-after', async () => {
    const store: RateLimitStore = {
      consume: async () => {
        throw new RateLimitStoreUnavailableError('Redis at redis://10.0.0.5:6379 does not answer');
      },
    };
    const app = testApp({ now: () => NOW, rateLimits: store }, PREFERENCES_WORKSPACE);
    const answer = await get(app);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(answer.body).toEqual({
      title: 'Internal Error',
      description: 'The rate limits of this workspace cannot be checked right now; retry in 1 s',
    });
    const preview = await postPreview(app, previewBody({ a: 'x' }));
    expect(preview.status).toBe(503);
    expect(preview.body).toEqual({
      error: {
        message: 'Service Unavailable',
        details: { message: 'The rate limits of this workspace cannot be checked right now; retry in 1 s' },
      },
    });
  });

  it('a store that fails open serves the request without rate-limit headers', async () => {
    const store: RateLimitStore = {
      consume: async (_key, _limit, _start, end) => ({
        allowed: true,
        remaining: 0,
        reset: end / 1000,
        counted: false,
      }),
    };
    const answer = await get(testApp({ now: () => NOW, rateLimits: store }, PREFERENCES_WORKSPACE));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-ratelimit-limit')).toBeNull();
    expect(answer.headers.get('x-ratelimit-remaining')).toBeNull();
  });
});

describe('other methods', () => {
  it('DELETE is a 405 {title, description} with allow: GET, PUT, POST', async () => {
    const answer = await get(preferencesApp(), link(), HEADERS, 'DELETE');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, PUT, POST');
    expect(answer.body).toEqual({
      title: 'Method Not Allowed',
      description: 'DELETE is not allowed here: send GET, PUT or POST',
    });
  });
});
