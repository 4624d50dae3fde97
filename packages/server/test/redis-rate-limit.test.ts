/**
 * The Redis store against a real `redis-server` on a free loopback port: shared counts, windows, expiry,
 * and outages (killed, paused, back again) in both failure modes.
 */
import { createClient } from 'redis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitStoreUnavailableError } from '../src/rate-limit/rate-limit-store';
import {
  type OutageLog,
  type RedisRateLimitStore,
  type RedisRateLimitStoreOptions,
  redisRateLimitStore,
} from '../src/rate-limit/redis-rate-limit-store';
import { type RedisServer, startRedisServer } from './helpers/redis-server';
import { eventually } from './helpers/server-process';
import { basic, postPreview, previewBody, previewHeaders, testApp } from './helpers/workspace';

let redis: RedisServer;
const stores: RedisRateLimitStore[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
}, 30_000);

afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

afterAll(async () => {
  await redis?.stop();
});

/** The log lines a store wrote. */
function recorder(): OutageLog & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    warn: (_fields, message) => void lines.push(`warn: ${message}`),
    info: (_fields, message) => void lines.push(`info: ${message}`),
  };
}

async function store(options: Partial<RedisRateLimitStoreOptions> = {}): Promise<RedisRateLimitStore> {
  // A slow answer on a busy test machine must not pass for an outage, unless a test asks for a short timeout.
  const created = await redisRateLimitStore({ url: redis.url, timeoutMs: 2000, ...options });
  stores.push(created);
  return created;
}

let scope = 0;
/** A key no other test uses, and a window that ends a minute from now. */
function fresh(): { key: string; start: number; end: number } {
  const start = Date.now();
  return { key: `test-${++scope}-${start}`, start, end: start + 60_000 };
}

describe('counting in Redis', () => {
  it('counts to the limit, then refuses, with the remaining requests and the reset', async () => {
    const counts = await store();
    const { key, start, end } = fresh();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await counts.consume(key, 3, start, end));
    expect(answers).toEqual([
      { allowed: true, remaining: 2, reset: Math.ceil(end / 1000) },
      { allowed: true, remaining: 1, reset: Math.ceil(end / 1000) },
      { allowed: true, remaining: 0, reset: Math.ceil(end / 1000) },
      { allowed: false, remaining: 0, reset: Math.ceil(end / 1000) },
    ]);
  });

  it('two stores with their own connections share one count', async () => {
    const [a, b] = [await store(), await store()];
    const { key, start, end } = fresh();
    const allowed: boolean[] = [];
    for (let i = 0; i < 8; i++) allowed.push((await (i % 2 ? a : b).consume(key, 5, start, end)).allowed);
    expect(allowed).toEqual([true, true, true, true, true, false, false, false]);
  });

  it('concurrent requests through two stores are counted exactly: remaining takes every value once', async () => {
    const [a, b] = [await store(), await store()];
    const { key, start, end } = fresh();
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => (i % 2 ? a : b).consume(key, 200, start, end)),
    );
    const allowed = answers.filter((answer) => answer.allowed);
    expect(allowed).toHaveLength(200);
    expect(new Set(allowed.map((answer) => answer.remaining)).size).toBe(200);
  });

  it('each window and each key counts from zero', async () => {
    const counts = await store();
    const { key, start, end } = fresh();
    expect((await counts.consume(key, 1, start, end)).allowed).toBe(true);
    expect((await counts.consume(key, 1, start, end)).allowed).toBe(false);
    expect((await counts.consume(key, 1, end, end + 60_000)).allowed).toBe(true);
    expect((await counts.consume(`${key}-other`, 1, start, end)).allowed).toBe(true);
  });

  it('a counter lives in Redis under the prefix and expires a minute after its window ends', async () => {
    const counts = await store({ keyPrefix: 'lived' });
    const { key, start, end } = fresh();
    await counts.consume(key, 10, start, end);
    await counts.consume(key, 10, start, end);
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      const name = `lived:${key}:${start}`;
      expect(await client.get(name)).toBe('2');
      const ttl = await client.ttl(name);
      expect(ttl).toBeGreaterThan(100);
      expect(ttl).toBeLessThanOrEqual(120);
    } finally {
      await client.close();
    }
  });

  it('start-up fails with a message naming the URL without its password when Redis is not there', async () => {
    const error = await redisRateLimitStore({
      url: 'redis://:hunter2@127.0.0.1:1',
      connectTimeoutMs: 500,
    }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/^cannot connect to Redis at redis:\/\/127\.0\.0\.1:1: /);
    expect(error?.message).not.toContain('hunter2');
  });
});

describe('when Redis stops answering', () => {
  /** Runs `body` with Redis killed, then starts it again. */
  async function killed(body: () => Promise<void>): Promise<void> {
    await redis.kill();
    try {
      await body();
    } finally {
      await redis.restart();
    }
  }

  it('fail open: a killed Redis lets requests through uncounted at once, logs one warning, and counting resumes', async () => {
    const log = recorder();
    const counts = await store({ failure: 'open', logger: log });
    const { key, start, end } = fresh();
    await counts.consume(key, 2, start, end);
    await killed(async () => {
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        const answer = await counts.consume(key, 2, start, end);
        expect(answer).toMatchObject({ allowed: true, counted: false });
        expect(performance.now() - started).toBeLessThan(600);
      }
    });
    expect(log.lines).toEqual([
      `warn: Redis at ${redis.url} does not answer: requests are served without counting (fail open) until it does`,
    ]);
    // The new redis-server starts empty: the first counted answer has 1 left of 2.
    await eventually(
      async () => (await counts.consume(key, 2, start, end)).counted !== false,
      'counting again',
    );
    expect(await counts.consume(key, 2, start, end)).toEqual({
      allowed: true,
      remaining: 0,
      reset: Math.ceil(end / 1000),
    });
    expect(log.lines[1]).toMatch(/^info: Redis at redis:\/\/127\.0\.0\.1:\d+ answers again after [\d.]+ s/);
    expect(log.lines).toHaveLength(2);
  }, 30_000);

  it('fail closed: a killed Redis makes counts throw RateLimitStoreUnavailableError at once, then recovers', async () => {
    const log = recorder();
    const counts = await store({ failure: 'closed', logger: log });
    const { key, start, end } = fresh();
    await killed(async () => {
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        await expect(counts.consume(key, 5, start, end)).rejects.toBeInstanceOf(
          RateLimitStoreUnavailableError,
        );
        expect(performance.now() - started).toBeLessThan(600);
      }
    });
    expect(log.lines).toEqual([
      `warn: Redis at ${redis.url} does not answer: requests are refused with 503 (fail closed) until it does`,
    ]);
    await eventually(
      () =>
        counts.consume(key, 5, start, end).then(
          () => true,
          () => false,
        ),
      'counting again',
    );
    expect(log.lines).toHaveLength(2);
  }, 30_000);

  it('a paused Redis (connection open, no answer) costs one request the timeout; the others answer at once', async () => {
    const log = recorder();
    const counts = await store({ failure: 'open', logger: log, timeoutMs: 300 });
    const { key, start, end } = fresh();
    await counts.consume(key, 100, start, end);
    redis.pause();
    try {
      let started = performance.now();
      expect(await counts.consume(key, 100, start, end)).toMatchObject({ counted: false });
      const first = performance.now() - started;
      expect(first).toBeGreaterThanOrEqual(290);
      expect(first).toBeLessThan(1000);
      // The next request probes Redis (and waits); the ones beside it get the failure mode at once.
      const probe = counts.consume(key, 100, start, end);
      started = performance.now();
      const beside = await Promise.all([1, 2, 3].map(() => counts.consume(key, 100, start, end)));
      expect(performance.now() - started).toBeLessThan(100);
      expect(beside.every((answer) => answer.counted === false)).toBe(true);
      expect((await probe).counted).toBe(false);
    } finally {
      redis.resume();
    }
    await eventually(
      async () => (await counts.consume(key, 100, start, end)).counted !== false,
      'counting again',
    );
    expect(log.lines.map((line) => line.slice(0, 5))).toEqual(['warn:', 'info:']);
  }, 30_000);
});

describe('failed authentications counted in Redis', () => {
  it('are shared by every process: failures through two apps add up to the 429', async () => {
    const address = `198.51.100.${++scope % 250}`;
    // One minute for all the requests, whenever the test runs.
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    const now = () => minute + 20_000;
    const apps = await Promise.all(
      [1, 2].map(async () =>
        testApp({ rateLimits: await store(), authFailuresPerMinute: 3, clientAddress: () => address, now }),
      ),
    );
    const wrongKey = previewHeaders({ Authorization: basic('TEST01', 'guess') });
    const body = previewBody({ a: 'x' });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await postPreview(apps[i % 2], body, wrongKey)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await postPreview(apps[0], body)).status).toBe(429);
    const elsewhere = await testApp({ rateLimits: await store(), clientAddress: () => `${address}0` });
    expect((await postPreview(elsewhere, body)).status).toBe(200);
  }, 30_000);
});
