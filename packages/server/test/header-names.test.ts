import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nodeToken } from './helpers/landing-page';
import { basic, previewBody, testApp } from './helpers/workspace';

const SECRET = 'header-secret';
// Failed authentications are throttled (auth.test.ts): here every one must still be a 401.
const app = testApp(
  { authFailuresPerMinute: 1_000_000 },
  { api_secret: SECRET, categories: ['Promotions'], limits: { preferences_per_minute: 100_000 } },
);
const link = () =>
  `/v1/category-subscription/user-preferences?user_id=${nodeToken(SECRET, 'u-1')}&cid=${nodeToken(SECRET, 'c')}`;

/** A v1 preview call on `path`, with the key headers given. */
function previewEndpoint(path: string) {
  return {
    name: `POST ${path}`,
    call: (headers: Record<string, string>) =>
      app.request(path, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: basic('TEST01', 'preview-secret'),
          ...headers,
        },
        body: JSON.stringify(previewBody({ a: 'x' })),
      }),
  };
}

/** Every v1 endpoint: how to call it, given the key headers to send. */
const ENDPOINTS = [
  previewEndpoint('/core-services/v1/personalization/preview'),
  previewEndpoint('/personalization/preview'),
  {
    name: 'GET /v1/category-subscription/user-preferences',
    call: (headers: Record<string, string>) =>
      app.request(link(), { headers: { Authorization: basic('TEST01', 'data-secret'), ...headers } }),
  },
  {
    name: 'PUT /v1/category-subscription/user-preferences',
    call: (headers: Record<string, string>) =>
      app.request(link(), {
        method: 'PUT',
        headers: {
          'Content-Type': 'application/json',
          Authorization: basic('TEST01', 'data-secret'),
          ...headers,
        },
        body: JSON.stringify({ categories: { Promotions: true }, unsubscribe_all: false }),
      }),
  },
  {
    name: 'POST /v1/category-subscription/user-preferences',
    call: (headers: Record<string, string>) =>
      app.request('/v1/category-subscription/user-preferences', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: basic('TEST01', 'data-secret'),
          ...headers,
        },
        body: JSON.stringify({
          channel: 'email',
          user_preferences: [
            { customer_id: 'u-1', categories: { Promotions: true }, unsubscribe_all: false },
          ],
        }),
      }),
  },
];

describe.each(ENDPOINTS)('$name takes the Workspace ID in MOE-APPKEY or SVC-APPKEY', ({ call }) => {
  it('MOE-APPKEY, as real clients send it, is accepted', async () => {
    expect((await call({ 'MOE-APPKEY': 'TEST01' })).status).toBe(200);
  });

  it('SVC-APPKEY is accepted, and both are when they agree', async () => {
    expect((await call({ 'SVC-APPKEY': 'TEST01' })).status).toBe(200);
    expect((await call({ 'MOE-APPKEY': 'TEST01', 'SVC-APPKEY': 'TEST01' })).status).toBe(200);
  });

  it('two that disagree are a 401 naming both', async () => {
    const response = await call({ 'MOE-APPKEY': 'TEST01', 'SVC-APPKEY': 'OTHER02' });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain(
      'MOE-APPKEY and SVC-APPKEY name different workspaces: send the Workspace ID in one of them, or the same in both',
    );
  });

  it('an unknown Workspace ID in MOE-APPKEY is a 401 naming both header names', async () => {
    const response = await call({ 'MOE-APPKEY': 'NOPE' });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('MOE-APPKEY (or SVC-APPKEY)');
  });
});

describe('the preview 401 targets the header the client sent', () => {
  it('MOE-APPKEY when it was MOE-APPKEY, SVC-APPKEY when it was SVC-APPKEY', async () => {
    for (const header of ['MOE-APPKEY', 'SVC-APPKEY']) {
      const response = await ENDPOINTS[0].call({ [header]: 'NOPE', Authorization: basic('NOPE', 'x') });
      const body = (await response.json()) as { error: { details: { target: string }[] } };
      expect(body.error.details.map((detail) => detail.target)).toEqual([header]);
    }
  });
});

describe('key headers, as a property', () => {
  const ids = fc.constantFrom('TEST01', 'OTHER02', 'NOPE', '', ' TEST01 ');
  it('a request is authenticated exactly when the key headers sent name TEST01 (blank ones unsent)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(ids, { nil: undefined }),
        fc.option(ids, { nil: undefined }),
        async (moe, svc) => {
          const headers: Record<string, string> = {};
          if (moe !== undefined) headers['MOE-APPKEY'] = moe;
          if (svc !== undefined) headers['SVC-APPKEY'] = svc;
          const sent = [moe, svc].map((id) => id?.trim() ?? '').filter((id) => id !== '');
          const expected = sent.length > 0 && sent.every((id) => id === 'TEST01') ? 200 : 401;
          for (const endpoint of ENDPOINTS) expect((await endpoint.call(headers)).status).toBe(expected);
        },
      ),
      { numRuns: 60 },
    );
  });
});
