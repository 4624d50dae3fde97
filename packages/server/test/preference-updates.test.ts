import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AppOptions } from '../src/app';
import {
  memoryPreferenceStore,
  type PreferenceStore,
  PreferenceStoreUnavailableError,
} from '../src/preferences/preference-store';
import { nodeToken } from './helpers/landing-page';
import { basic, testApp } from './helpers/workspace';

const PATH = '/v1/category-subscription/user-preferences';
const SECRET = 'update-secret';
const CATEGORIES = ['Promotions', 'Newsletter', 'Product Updates'];
const NOW = Date.UTC(2026, 0, 1, 10, 0, 30);

/** TEST01 with an API secret, three categories, a user who left Promotions, and two who changed nothing. */
function updatesApp(options: Partial<AppOptions> = {}, more: Record<string, unknown> = {}) {
  return testApp(
    { now: () => NOW, preferences: memoryPreferenceStore(), ...options },
    {
      api_secret: SECRET,
      categories: CATEGORIES,
      users: [{ id: 'u-1', subscriptions: { Promotions: false } }, { id: 'u-2' }, { id: 'u-3 ✓' }],
      ...more,
    },
  );
}

const HEADERS = {
  'MOE-APPKEY': 'TEST01',
  Authorization: basic('TEST01', 'data-secret'),
  'Content-Type': 'application/json',
};

function link(userId = 'u-1', extra = ''): string {
  return `${PATH}?user_id=${nodeToken(SECRET, userId)}&cid=${nodeToken(SECRET, 'spring-sale')}${extra}`;
}

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

async function call(
  app: ReturnType<typeof testApp>,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = HEADERS,
): Promise<Answer> {
  const response = await app.request(url, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? undefined : JSON.parse(text),
  };
}

const put = (app: ReturnType<typeof testApp>, body: unknown, url = link()) => call(app, 'PUT', url, body);
const post = (app: ReturnType<typeof testApp>, body: unknown) => call(app, 'POST', PATH, body);
const read = async (app: ReturnType<typeof testApp>, userId = 'u-1') =>
  ((await call(app, 'GET', link(userId))).body as { categories: Record<string, boolean> }).categories;

function entry(customerId: string, categories: Record<string, unknown> | undefined, unsubscribeAll = false) {
  return { customer_id: customerId, categories, unsubscribe_all: unsubscribeAll };
}

describe('PUT: one user, from the link', () => {
  it('answers {"message": "Success"}; GET then reads the change, the other categories as they were', async () => {
    const app = updatesApp();
    const answer = await put(app, {
      categories: { Newsletter: false, Promotions: true },
      unsubscribe_all: false,
    });
    expect(answer).toMatchObject({ status: 200, body: { message: 'Success' } });
    expect(await read(app)).toEqual({ Promotions: true, Newsletter: false, 'Product Updates': true });
    expect(await read(app, 'u-2')).toEqual({ Promotions: true, Newsletter: true, 'Product Updates': true });
  });

  it('unsubscribe_all unsubscribes from every category whatever categories says; a later update changes one back', async () => {
    const app = updatesApp();
    await put(app, { categories: { Newsletter: true }, unsubscribe_all: true });
    expect(await read(app)).toEqual({ Promotions: false, Newsletter: false, 'Product Updates': false });
    await put(app, { categories: { Newsletter: true }, unsubscribe_all: false });
    expect(await read(app)).toEqual({ Promotions: false, Newsletter: true, 'Product Updates': false });
  });

  it('moe_event_id and app_key are accepted, and an empty categories object changes nothing', async () => {
    const app = updatesApp();
    const answer = await put(
      app,
      { categories: {}, unsubscribe_all: false },
      link('u-1', '&moe_event_id=e-1&app_key=x'),
    );
    expect(answer.status).toBe(200);
    expect(await read(app)).toEqual({ Promotions: false, Newsletter: true, 'Product Updates': true });
  });

  it('no categories is a 400 "Categories Required"', async () => {
    const answer = await put(updatesApp(), { unsubscribe_all: true });
    expect(answer).toMatchObject({
      status: 400,
      body: {
        title: 'Categories Required',
        description: 'Categories Preferences Required: categories is required but has no value',
      },
    });
  });

  it('other problems of the body are one 400 "Invalid Request" naming each', async () => {
    const answer = await put(updatesApp(), {
      categories: { Newsletter: 'no', Sports: true },
      unsubscribe_all: 'yes',
    });
    expect(answer).toMatchObject({
      status: 400,
      body: {
        title: 'Invalid Request',
        description: expect.stringContaining('unsubscribe_all must be a boolean, got a string'),
      },
    });
    const categories = await put(updatesApp(), {
      categories: { Newsletter: 'no', Sports: true },
      unsubscribe_all: false,
    });
    expect(categories.body).toEqual({
      title: 'Invalid Request',
      description:
        'categories.Newsletter must be a boolean, got a string; categories.Sports is not a category of this workspace (Promotions, Newsletter, Product Updates)',
    });
  });

  it('a category the workspace does not have is a 400 naming it, and nothing is stored', async () => {
    const app = updatesApp();
    const answer = await put(app, {
      categories: { Newsletter: false, Sports: false },
      unsubscribe_all: false,
    });
    expect(answer.status).toBe(400);
    expect((answer.body as { description: string }).description).toContain(
      'categories.Sports is not a category',
    );
    expect((await read(app)).Newsletter).toBe(true);
  });

  it('a body that is not JSON, not an object, or sent as another Content-Type is a 400 "Invalid Request"', async () => {
    const app = updatesApp();
    for (const [body, headers] of [
      ['{', HEADERS],
      ['[1]', HEADERS],
      ['', HEADERS],
      [
        JSON.stringify({ categories: {}, unsubscribe_all: false }),
        { ...HEADERS, 'Content-Type': 'text/plain' },
      ],
    ] as const) {
      const answer = await call(app, 'PUT', link(), body, headers);
      expect(answer.status, body).toBe(400);
      expect((answer.body as { title: string }).title, body).toBe('Invalid Request');
    }
  });

  it('tokens that are missing or do not decrypt, or name no user, are a 400 "Invalid params"', async () => {
    const app = updatesApp();
    const body = { categories: {}, unsubscribe_all: false };
    const missing = await put(app, body, PATH);
    expect(missing.body).toEqual({
      title: 'Invalid params',
      description:
        'Invalid params received: user_id and cid are required: pass the values of the landing-page link unchanged',
    });
    const otherSecret = await put(
      app,
      body,
      `${PATH}?user_id=${nodeToken('x', 'u-1')}&cid=${nodeToken(SECRET, 'c')}`,
    );
    expect((otherSecret.body as { title: string }).title).toBe('Invalid params');
    const nobody = await put(app, body, link('nobody'));
    expect((nobody.body as { description: string }).description).toBe(
      'Invalid params received: user_id names no user of this workspace',
    );
  });

  it('a body past the cap is a 413 in the preferences shape', async () => {
    const answer = await put(updatesApp({ maxBodyBytes: 32 }), {
      categories: { Newsletter: false },
      unsubscribe_all: false,
    });
    expect(answer).toMatchObject({ status: 413, body: { title: 'Payload Too Large' } });
  });
});

describe('POST: up to 50 users by id', () => {
  it('answers {"message": "Your request has been processed"}; every entry is stored, later entries winning', async () => {
    const app = updatesApp();
    const answer = await post(app, {
      channel: 'email',
      user_preferences: [
        entry('u-1', { Promotions: true }),
        entry('u-2', {}, true),
        entry('u-1', { Newsletter: false }),
        entry('u-3 ✓', { 'Product Updates': false }),
      ],
    });
    expect(answer).toMatchObject({ status: 200, body: { message: 'Your request has been processed' } });
    expect(await read(app, 'u-1')).toEqual({ Promotions: true, Newsletter: false, 'Product Updates': true });
    expect(await read(app, 'u-2')).toEqual({
      Promotions: false,
      Newsletter: false,
      'Product Updates': false,
    });
    expect(await read(app, 'u-3 ✓')).toEqual({
      Promotions: true,
      Newsletter: true,
      'Product Updates': false,
    });
  });

  it('51 entries are a 400 "Payload Limit Exceeded"; 50 are accepted', async () => {
    const app = updatesApp();
    const many = (count: number) => Array.from({ length: count }, () => entry('u-2', { Newsletter: false }));
    expect(await post(app, { channel: 'email', user_preferences: many(51) })).toMatchObject({
      status: 400,
      body: {
        title: 'Payload Limit Exceeded',
        description: 'Payload limit is set to 50: user_preferences has 51 entries',
      },
    });
    expect((await post(app, { channel: 'EMAIL', user_preferences: many(50) })).status).toBe(200);
  });

  it('an entry without categories is a 400 "Categories Required" naming its index', async () => {
    const answer = await post(updatesApp(), {
      channel: 'email',
      user_preferences: [entry('u-1', {}), entry('u-2', undefined)],
    });
    expect(answer.body).toEqual({
      title: 'Categories Required',
      description:
        'Categories Preferences Required: user_preferences[1].categories is required but has no value',
    });
  });

  it('an unknown customer_id is a 400 naming its index, and no entry is stored', async () => {
    const app = updatesApp();
    const answer = await post(app, {
      channel: 'email',
      user_preferences: [entry('u-2', { Newsletter: false }), entry('ghost', { Newsletter: false })],
    });
    expect(answer.body).toEqual({
      title: 'Invalid Request',
      description: 'user_preferences[1].customer_id "ghost" names no user of this workspace',
    });
    expect((await read(app, 'u-2')).Newsletter).toBe(true);
  });

  it('another channel, no entries, or an unknown category are 400s naming where', async () => {
    const app = updatesApp();
    const sms = await post(app, { channel: 'sms', user_preferences: [entry('u-1', {})] });
    expect((sms.body as { description: string }).description).toBe('channel must be email, got "sms"');
    const none = await post(app, { channel: 'email', user_preferences: [] });
    expect((none.body as { description: string }).description).toBe(
      'user_preferences must have at least 1 item(s)',
    );
    const unknown = await post(app, { channel: 'email', user_preferences: [entry('u-1', { Sports: true })] });
    expect((unknown.body as { description: string }).description).toMatch(
      /^user_preferences\[0\]\.categories\.Sports is not a category of this workspace/,
    );
  });
});

describe('the preferences path: order of checks, limits, store failures', () => {
  it('each method counts apart, in the preferences limits', async () => {
    const app = updatesApp({}, { limits: { preferences_per_minute: 1 } });
    const body = { categories: {}, unsubscribe_all: false };
    expect((await call(app, 'GET', link())).status).toBe(200);
    expect((await put(app, body)).status).toBe(200);
    expect((await post(app, { channel: 'email', user_preferences: [entry('u-1', {})] })).status).toBe(200);
    const refused = await put(app, body);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ title: 'Rate-Limit Reached' });
    expect(refused.headers.get('x-ratelimit-limit')).toBe('1');
    expect((await post(app, { channel: 'email', user_preferences: [entry('u-1', {})] })).status).toBe(429);
  });

  it('a workspace without an API secret is a 409 for updates too, before the body is read', async () => {
    const app = updatesApp({}, { api_secret: undefined });
    expect((await put(app, 'not json')).status).toBe(409);
    expect((await post(app, 'not json')).status).toBe(409);
  });

  it('a store that does not answer is a 503 "Internal Error" with retry-after, for reads and updates', async () => {
    const down: PreferenceStore = {
      preferences: () => Promise.reject(new PreferenceStoreUnavailableError('down')),
      update: () => Promise.reject(new PreferenceStoreUnavailableError('down')),
    };
    const app = updatesApp({ preferences: down });
    for (const answer of [
      await call(app, 'GET', link()),
      await put(app, { categories: {}, unsubscribe_all: false }),
      await post(app, { channel: 'email', user_preferences: [entry('u-1', {})] }),
    ]) {
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ title: 'Internal Error' });
      expect(answer.headers.get('retry-after')).toBe('1');
    }
  });

  it('other methods are a 405 naming the three', async () => {
    const answer = await call(updatesApp(), 'DELETE', link());
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, PUT, POST');
  });
});

describe('updates, as properties', () => {
  const category = fc.constantFrom(...CATEGORIES);
  const user = fc.constantFrom('u-1', 'u-2', 'u-3 ✓');
  const change = fc.record({
    user,
    categories: fc.dictionary(category, fc.boolean()),
    unsubscribeAll: fc.boolean(),
  });
  const request = fc.oneof(
    change.map((one) => ({ method: 'PUT' as const, changes: [one] })),
    fc.array(change, { minLength: 1, maxLength: 5 }).map((changes) => ({ method: 'POST' as const, changes })),
  );

  it('after any sequence of PUTs and POSTs, GET reads what a model of the rules says', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(request, { maxLength: 8 }), async (requests) => {
        const app = updatesApp();
        const model = new Map<string, Record<string, boolean>>([
          ['u-1', { Promotions: false, Newsletter: true, 'Product Updates': true }],
          ['u-2', { Promotions: true, Newsletter: true, 'Product Updates': true }],
          ['u-3 ✓', { Promotions: true, Newsletter: true, 'Product Updates': true }],
        ]);
        for (const { method, changes } of requests) {
          const bodies = changes.map((one) => ({
            categories: one.categories,
            unsubscribe_all: one.unsubscribeAll,
          }));
          const answer =
            method === 'PUT'
              ? await put(app, bodies[0], link(changes[0].user))
              : await post(app, {
                  channel: 'email',
                  user_preferences: changes.map((one, index) => ({
                    customer_id: one.user,
                    ...bodies[index],
                  })),
                });
          expect(answer.status).toBe(200);
          for (const one of changes) {
            const next = model.get(one.user) ?? {};
            for (const name of CATEGORIES) {
              if (one.unsubscribeAll) next[name] = false;
              else if (name in one.categories) next[name] = one.categories[name];
            }
          }
        }
        for (const [id, expected] of model) expect(await read(app, id)).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });

  it('any JSON body is answered 200 or 400 {title, description}, never anything else', async () => {
    const app = updatesApp({}, { limits: { preferences_per_minute: 1_000_000 } });
    const json = fc.jsonValue({ maxDepth: 4 });
    const bodies = fc.oneof(
      json,
      fc.record(
        { categories: fc.oneof(json, fc.dictionary(fc.string(), json)), unsubscribe_all: json },
        { requiredKeys: [] },
      ),
      fc.record(
        {
          channel: json,
          user_preferences: fc.oneof(
            json,
            fc.array(
              fc.record(
                {
                  customer_id: fc.oneof(user, json),
                  categories: fc.dictionary(fc.oneof(category, fc.string()), json),
                  unsubscribe_all: json,
                },
                { requiredKeys: [] },
              ),
              { maxLength: 60 },
            ),
          ),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('PUT', 'POST'), bodies, async (method, body) => {
        const answer = method === 'PUT' ? await put(app, body) : await post(app, body);
        expect([200, 400]).toContain(answer.status);
        if (answer.status === 400) {
          expect(answer.body).toEqual({ title: expect.any(String), description: expect.any(String) });
          expect((answer.body as { description: string }).description).not.toBe('');
        }
      }),
      { numRuns: 300 },
    );
  });
});
