import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../src/app-env';
import { memoryRateLimitStore } from '../src/rate-limit/memory-rate-limit-store';
import { countRequest, windowAt } from '../src/rate-limit/rate-limit';
import { rateLimit } from '../src/rate-limit/rate-limit-middleware';
import type { RateLimitStore } from '../src/rate-limit/rate-limit-store';
import type { Workspace } from '../src/workspaces/workspace';
import { basic, postPreview, previewBody, previewHeaders, testApp } from './helpers/workspace';

// 2026-01-01T10:00:30Z: half-way through a minute.
const NOON = Date.UTC(2026, 0, 1, 10, 0, 30);
const MINUTE_END = Date.UTC(2026, 0, 1, 10, 1, 0) / 1000;

function limitedApp(limit: number, clock: { now: number }) {
  return testApp({ now: () => clock.now }, { limits: { preview_per_minute: limit } });
}

describe('rate limits of the preview endpoint', () => {
  it('every answer carries x-ratelimit-limit, -remaining and -reset (the end of the minute, in Unix seconds)', async () => {
    const clock = { now: NOON };
    const app = limitedApp(5, clock);
    const ok = await postPreview(app, previewBody({ a: 'x' }));
    const invalid = await postPreview(app, previewBody({ a: 1 }));
    const tooLarge = await postPreview(
      testApp({ now: () => clock.now, maxBodyBytes: 10 }),
      previewBody({ a: 'x' }),
    );
    for (const [answer, remaining] of [
      [ok, '4'],
      [invalid, '3'],
      [tooLarge, '9999'],
    ] as const) {
      expect(answer.headers.get('x-ratelimit-remaining')).toBe(remaining);
      expect(answer.headers.get('x-ratelimit-reset')).toBe(String(MINUTE_END));
    }
    expect(ok.headers.get('x-ratelimit-limit')).toBe('5');
    expect(tooLarge.status).toBe(413);
  });

  it('the request past the limit is a 429 with the documented body, and the window reset ends it', async () => {
    const clock = { now: NOON };
    const app = limitedApp(2, clock);
    expect((await postPreview(app, previewBody({ a: 'x' }))).status).toBe(200);
    expect((await postPreview(app, previewBody({ a: 'x' }))).status).toBe(200);
    const refused = await postPreview(app, previewBody({ a: 'x' }));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: {
        message: 'Rate limit reached',
        details: [
          {
            target: 'SVC-APPKEY',
            message:
              'The workspace reached its limit of 2 preview requests per minute; retry after the window resets',
          },
        ],
      },
    });
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('retry-after')).toBe('30');
    clock.now = MINUTE_END * 1000;
    const next = await postPreview(app, previewBody({ a: 'x' }));
    expect(next.status).toBe(200);
    expect(next.headers.get('x-ratelimit-remaining')).toBe('1');
  });

  it('windows are per workspace', async () => {
    const clock = { now: NOON };
    const app = testApp({ now: () => clock.now }, { limits: { preview_per_minute: 1 } });
    expect((await postPreview(app, previewBody({ a: 'x' }))).status).toBe(200);
    expect((await postPreview(app, previewBody({ a: 'x' }))).status).toBe(429);
    const other = await postPreview(
      app,
      previewBody({ a: 'x' }),
      previewHeaders({ 'SVC-APPKEY': 'OTHER02', Authorization: basic('OTHER02', 'other-secret') }),
    );
    expect(other.status).toBe(200);
    expect(other.headers.get('x-ratelimit-limit')).toBe('10000');
  });

  it('a request refused for its credentials is not counted', async () => {
    const clock = { now: NOON };
    const app = limitedApp(1, clock);
    const refused = await postPreview(
      app,
      previewBody({ a: 'x' }),
      previewHeaders({ Authorization: basic('TEST01', 'x') }),
    );
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-ratelimit-limit')).toBeNull();
    expect((await postPreview(app, previewBody({ a: 'x' }))).status).toBe(200);
  });

  it('the rate-limit store is pluggable', async () => {
    const calls: string[] = [];
    const store: RateLimitStore = {
      consume: async (key, limit, start, end) => {
        calls.push(`${key} ${limit} ${start} ${end}`);
        return { allowed: true, remaining: 7, reset: end / 1000 };
      },
    };
    const answer = await postPreview(
      testApp({ rateLimits: store, now: () => NOON }),
      previewBody({ a: 'x' }),
    );
    const window = `${MINUTE_END * 1000 - 60_000} ${MINUTE_END * 1000}`;
    // Failed authentications of the client for the workspace are read first (in-process, its address is unknown).
    expect(calls).toEqual([
      `auth-failures:unknown:TEST01 9 ${window}`,
      `preview:TEST01:minute 10000 ${window}`,
    ]);
    expect(answer.headers.get('x-ratelimit-remaining')).toBe('7');
  });

  it('a rate-limit store that fails is a 500 without its error', async () => {
    const store: RateLimitStore = {
      consume: async () => {
        throw new Error('redis at 10.0.0.5:6379 is down');
      },
    };
    const answer = await postPreview(testApp({ rateLimits: store }), previewBody({ a: 'x' }));
    expect(answer.status).toBe(500);
    expect(JSON.stringify(answer.body)).not.toContain('redis');
  });
});

describe('windows', () => {
  it('minute windows start on the minute and day windows at 00:00 UTC', () => {
    expect(windowAt('minute', NOON)).toEqual({
      start: Date.UTC(2026, 0, 1, 10, 0),
      end: Date.UTC(2026, 0, 1, 10, 1),
    });
    expect(windowAt('day', NOON)).toEqual({ start: Date.UTC(2026, 0, 1), end: Date.UTC(2026, 0, 2) });
  });

  it('the headers show the window closest to running out, and a refusal the refusing window', async () => {
    const store = memoryRateLimitStore();
    const windows = [
      { kind: 'minute', limit: 3 },
      { kind: 'day', limit: 4 },
    ] as const;
    const first = await countRequest(store, 's', windows, NOON);
    expect(first).toEqual({
      kind: 'minute',
      allowed: true,
      limit: 3,
      remaining: 2,
      reset: MINUTE_END,
      counted: true,
    });
    for (let i = 0; i < 2; i++) await countRequest(store, 's', windows, NOON);
    const nextMinute = await countRequest(store, 's', windows, NOON + 60_000);
    // The day has 0 left now, the new minute 2: the day is closer to running out.
    expect(nextMinute).toEqual({
      kind: 'day',
      allowed: true,
      limit: 4,
      remaining: 0,
      reset: Date.UTC(2026, 0, 2) / 1000,
      counted: true,
    });
    const refused = await countRequest(store, 's', windows, NOON + 60_000);
    expect(refused).toMatchObject({ kind: 'day', allowed: false, reset: Date.UTC(2026, 0, 2) / 1000 });
  });

  it('a window the store let through uncounted (fail open) makes the decision uncounted, and allowed', async () => {
    const store: RateLimitStore = {
      consume: async (key, limit, _start, end) =>
        key.endsWith(':day')
          ? { allowed: true, remaining: 0, reset: end / 1000, counted: false }
          : { allowed: true, remaining: limit - 1, reset: end / 1000 },
    };
    const windows = [
      { kind: 'minute', limit: 3 },
      { kind: 'day', limit: 4 },
    ] as const;
    expect(await countRequest(store, 's', windows, NOON)).toMatchObject({ allowed: true, counted: false });
  });

  it('a refusal of a counted window wins over a window let through uncounted', async () => {
    const store: RateLimitStore = {
      consume: async (key, _limit, _start, end) =>
        key.endsWith(':day')
          ? { allowed: true, remaining: 0, reset: end / 1000, counted: false }
          : { allowed: false, remaining: 0, reset: end / 1000 },
    };
    const windows = [
      { kind: 'minute', limit: 3 },
      { kind: 'day', limit: 4 },
    ] as const;
    expect(await countRequest(store, 's', windows, NOON)).toMatchObject({
      kind: 'minute',
      allowed: false,
      counted: true,
    });
  });

  it('the memory store counts each key and window on its own', async () => {
    const store = memoryRateLimitStore();
    const a = await store.consume('a', 1, 0, Date.now() + 60_000);
    const again = await store.consume('a', 1, 0, Date.now() + 60_000);
    const b = await store.consume('b', 1, 0, Date.now() + 60_000);
    const nextWindow = await store.consume('a', 1, 60_000, Date.now() + 120_000);
    expect([a.allowed, again.allowed, b.allowed, nextWindow.allowed]).toEqual([true, false, true, true]);
  });
});

describe('the rate-limit middleware', () => {
  it('a full day window says so in the 429 message', async () => {
    const app = new Hono<AppEnv>();
    app.use('*', async (c, next) => {
      c.set('workspace', { id: 'W' } as Workspace);
      await next();
    });
    const refuse: RateLimitStore = {
      consume: async (_key, _limit, _start, end) => ({ allowed: false, remaining: 0, reset: end / 1000 }),
    };
    app.get(
      '/x',
      rateLimit({
        store: refuse,
        endpoint: 'preferences',
        windows: () => [{ kind: 'day', limit: 360_000 }],
        now: () => NOON,
      }),
      (c) => c.text('ok'),
    );
    const response = await app.request('/x');
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe(
      String(Date.UTC(2026, 0, 2) / 1000 - Math.floor(NOON / 1000)),
    );
    expect(
      ((await response.json()) as { error: { details: { message: string }[] } }).error.details[0].message,
    ).toBe(
      'The workspace reached its limit of 360000 preferences requests per UTC day; retry after the window resets',
    );
  });
});
