/**
 * End to end with Redis: two `node dist/cli.js --redis <url>` processes (one failing open, one failing
 * closed) share the preferences limits of a real `redis-server`; Redis is killed, paused and brought back
 * while they run; and `--workers` runs a cluster on one port.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeToken } from './helpers/landing-page';
import { type RedisServer, startRedisServer } from './helpers/redis-server';
import {
  CLI,
  ensureBuilt,
  eventually,
  type HttpAnswer,
  httpGet,
  httpRequest,
  type ServerProcess,
  startServerProcess,
} from './helpers/server-process';
import { basic, testWorkspaceDocument } from './helpers/workspace';

const PATH = '/v1/category-subscription/user-preferences';
const PER_MINUTE = 20;
const PER_DAY = 15;

let redis: RedisServer;
let file: string;
let open: ServerProcess;
let closed: ServerProcess;
/** Clusters the tests started: stopped in `afterAll` even when a test timed out. */
const clusters: ServerProcess[] = [];

/** TEST01: 20 a minute. OTHER02: 15 a day (and plenty a minute). */
function workspaceDocument() {
  const document = testWorkspaceDocument({
    api_secret: 'secret-1',
    categories: ['News', 'Offers'],
    users: [{ id: 'u-1', subscriptions: { Offers: false } }],
    limits: { preferences_per_minute: PER_MINUTE },
  });
  (document.workspaces as Record<string, unknown>[])[1] = {
    id: 'OTHER02',
    keys: { preview: 'other-preview', data: 'other-data' },
    api_secret: 'secret-2',
    categories: ['News'],
    users: [{ id: 'o-1' }],
    limits: { preferences_per_minute: 1000, preferences_per_day: PER_DAY },
  };
  return document;
}

const TEST01 = {
  path: `${PATH}?user_id=${nodeToken('secret-1', 'u-1')}&cid=${nodeToken('secret-1', 'c-1')}`,
  headers: { 'SVC-APPKEY': 'TEST01', Authorization: basic('TEST01', 'data-secret') },
};
const OTHER02 = {
  path: `${PATH}?user_id=${nodeToken('secret-2', 'o-1')}&cid=${nodeToken('secret-2', 'c-1')}`,
  headers: { 'SVC-APPKEY': 'OTHER02', Authorization: basic('OTHER02', 'other-data') },
};

function preferences(server: ServerProcess | string, workspace = TEST01): Promise<HttpAnswer> {
  return httpGet(`${typeof server === 'string' ? server : server.url}${workspace.path}`, workspace.headers);
}

/** A preview of OTHER02: it reads nothing from Redis but its count, so an outage only meets the rate limit. */
function preview(server: ServerProcess): Promise<HttpAnswer> {
  return httpRequest(
    `${server.url}/core-services/v1/personalization/preview`,
    'POST',
    { 'SVC-APPKEY': 'OTHER02', Authorization: basic('OTHER02', 'other-preview') },
    {
      request_id: 'r-1',
      personalization_content: { payload: { a: 'ok' } },
      personalization_details: { channel: 'SMS' },
    },
  );
}

const PREVIEW_UNAVAILABLE = {
  error: {
    message: 'Service Unavailable',
    details: { message: 'The rate limits of this workspace cannot be checked right now; retry in 1 s' },
  },
};

/** Waits for a fresh minute when fewer than `seconds` are left in this one, so that a test stays in one window. */
async function inOneMinute(seconds: number): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

beforeAll(async () => {
  ensureBuilt();
  redis = await startRedisServer();
  file = join(mkdtempSync(join(tmpdir(), 'personalize-redis-')), 'workspaces.json');
  writeFileSync(file, JSON.stringify(workspaceDocument()));
  // A generous timeout: on a busy test machine a slow answer must not pass for an outage.
  const common = ['--port', '0', '--workspace', file, '--redis', redis.url, '--redis-timeout', '1000'];
  [open, closed] = await Promise.all([
    startServerProcess([...common, '--redis-failure', 'open']),
    startServerProcess([...common, '--redis-failure', 'closed']),
  ]);
}, 60_000);

afterAll(async () => {
  // SIGKILL of a primary disconnects its workers, which then stop by themselves.
  await Promise.all([open?.kill(), closed?.kill(), ...clusters.map((cluster) => cluster.kill())]);
  await redis?.stop();
});

describe('two server processes on one Redis', () => {
  it('say where they count', () => {
    expect(open.stderr()).toContain(`rate limits counted in Redis at ${redis.url}, fail open`);
    expect(closed.stderr()).toContain(`rate limits counted in Redis at ${redis.url}, fail closed`);
  });

  it('share the minute limit exactly: the 21st request across both is a 429', async () => {
    await inOneMinute(10);
    const remaining: string[] = [];
    for (let i = 0; i < PER_MINUTE; i++) {
      const answer = await preferences(i % 2 ? open : closed);
      expect(answer.status).toBe(200);
      remaining.push(String(answer.headers['x-ratelimit-remaining']));
    }
    expect(remaining).toEqual(Array.from({ length: PER_MINUTE }, (_, i) => String(PER_MINUTE - 1 - i)));
    for (const server of [open, closed]) {
      const refused = await preferences(server);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        title: 'Rate-Limit Reached',
        description: `The rate limit for this URL was exceeded. The workspace reached its limit of ${PER_MINUTE} preferences requests per minute; retry after the window resets`,
      });
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    }
  }, 30_000);

  it('share the day limit exactly, reset at the next 00:00 UTC', async () => {
    const midnight = Math.ceil(Date.now() / 86_400_000) * 86_400;
    const statuses: number[] = [];
    for (let i = 0; i < PER_DAY + 2; i++)
      statuses.push((await preferences(i % 2 ? closed : open, OTHER02)).status);
    expect(statuses).toEqual([...Array(PER_DAY).fill(200), 429, 429]);
    const refused = await preferences(open, OTHER02);
    expect(refused.headers['x-ratelimit-limit']).toBe(String(PER_DAY));
    expect(refused.headers['x-ratelimit-reset']).toBe(String(midnight));
  }, 30_000);
});

describe('Redis killed mid-run and restarted', () => {
  it('neither hangs nor crashes: fail open serves uncounted, fail closed answers 503; both recover', async () => {
    await redis.kill();
    try {
      for (let i = 0; i < 3; i++) {
        const served = await preview(open);
        expect(served.status).toBe(200);
        expect(served.body).toEqual({ personalized_content: { payload: { a: 'ok' } } });
        expect(served.headers['x-ratelimit-limit']).toBeUndefined();
        expect(served.ms).toBeLessThan(1000);
        const refused = await preview(closed);
        expect(refused.status).toBe(503);
        expect(refused.headers['retry-after']).toBe('1');
        expect(refused.body).toEqual(PREVIEW_UNAVAILABLE);
        expect(refused.ms).toBeLessThan(1000);
        // The preferences live in Redis: without it they cannot be read, whatever the failure mode.
        const [unread, uncounted] = await Promise.all([
          preferences(open, OTHER02),
          preferences(closed, OTHER02),
        ]);
        expect(unread.status).toBe(503);
        expect(unread.body).toEqual({
          title: 'Internal Error',
          description: 'The preferences of this workspace cannot be read or stored right now; retry in 1 s',
        });
        expect(uncounted.status).toBe(503);
        expect(uncounted.body).toEqual({
          title: 'Internal Error',
          description: 'The rate limits of this workspace cannot be checked right now; retry in 1 s',
        });
      }
      for (const server of [open, closed]) {
        expect(server.child.exitCode).toBeNull();
        expect((await httpGet(`${server.url}/healthz`, {})).status).toBe(200);
      }
      // One warning per outage, however many requests met it.
      expect(open.stderr().match(/warning: Redis at .* does not answer/g)).toHaveLength(1);
      expect(open.stderr()).toContain('requests are served without counting (fail open)');
      expect(closed.stderr()).toContain('requests are refused with 503 (fail closed)');
    } finally {
      await redis.restart();
    }
    // The restarted redis-server is empty: the day count of OTHER02 starts again. The rate-limit store and the
    // preference store have a connection each, and each finds Redis again on its own within about a second: a
    // server answers again when both have. Every counted try spends one of the 15 a day, so tries are spaced.
    for (const server of [open, closed]) {
      await eventually(
        async () => {
          const answer = await preferences(server, OTHER02);
          return answer.status === 200 && answer.headers['x-ratelimit-limit'] !== undefined;
        },
        'counting and reading again',
        10_000,
        250,
      );
      expect(server.stderr()).toMatch(/Redis at redis:\/\/127\.0\.0\.1:\d+ answers again after/);
    }
    const counted = await preferences(closed, OTHER02);
    expect(counted.status).toBe(200);
    expect(Number(counted.headers['x-ratelimit-remaining'])).toBeLessThan(PER_DAY - 1);
  }, 60_000);

  it('a paused Redis answers each request within the timeout, and the count resumes after it continues', async () => {
    redis.pause();
    try {
      const [served, refused] = await Promise.all([preview(open), preview(closed)]);
      expect([served.status, refused.status]).toEqual([200, 503]);
      expect(Math.max(served.ms, refused.ms)).toBeLessThan(3000);
    } finally {
      redis.resume();
    }
    await eventually(
      async () => (await preferences(closed, OTHER02)).status !== 503,
      'the closed server counting again',
    );
  }, 60_000);
});

describe('pnpm serve --workers', () => {
  it('refuses more than one worker without Redis, with exit code 2', async () => {
    const { REDIS_URL: _ignored, ...env } = process.env;
    const error = await promisify(execFile)(process.execPath, [CLI, '--workers', '2', '--port', '0'], {
      env,
    }).then(
      () => undefined,
      (e: unknown) => e as { code: number; stderr: string },
    );
    expect(error?.code).toBe(2);
    expect(error?.stderr).toContain(
      '--workers 2 needs --redis <url> (or REDIS_URL): each process would count the rate limits on its own',
    );
  });

  it('a cluster whose processes cannot reach Redis stops with exit code 1, saying why', async () => {
    const error = await promisify(execFile)(
      process.execPath,
      [CLI, '--workers', '2', '--port', '0', '--redis', 'redis://127.0.0.1:1'],
      { timeout: 20_000 },
    ).then(
      () => undefined,
      (e: unknown) => e as { code: number; stderr: string },
    );
    expect(error?.code).toBe(1);
    expect(error?.stderr).toContain('cannot connect to Redis at redis://127.0.0.1:1: connect ECONNREFUSED');
    expect(error?.stderr).toContain('before it was listening: stopping');
  }, 30_000);

  it('runs n processes on one port sharing one count (REDIS_URL), and SIGTERM stops them all with exit 0', async () => {
    await inOneMinute(15);
    // A new workspace file (same Redis): the TEST01 minute count of the tests above must not leak in.
    const own = join(mkdtempSync(join(tmpdir(), 'personalize-workers-')), 'workspaces.json');
    const document = workspaceDocument();
    (document.workspaces as { id: string }[])[0].id = 'CLUSTER1';
    writeFileSync(own, JSON.stringify(document));
    const cluster = await startServerProcess(['--workers', '2', '--port', '0', '--workspace', own], {
      REDIS_URL: redis.url,
    });
    clusters.push(cluster);
    try {
      expect(cluster.stderr().match(/listening on/g)).toHaveLength(1);
      expect(cluster.stderr()).toContain('2 processes; rate limits counted in Redis');
      const workers = execFileSync('ps', ['-o', 'pid=', '--ppid', String(cluster.child.pid)], {
        encoding: 'utf8',
      })
        .trim()
        .split(/\s+/)
        .map(Number);
      expect(workers).toHaveLength(2);

      const headers = { 'SVC-APPKEY': 'CLUSTER1', Authorization: basic('CLUSTER1', 'data-secret') };
      const statuses: number[] = [];
      // A new connection per request: the primary hands connections to the workers in turn.
      for (let i = 0; i < PER_MINUTE + 3; i++)
        statuses.push((await httpGet(`${cluster.url}${TEST01.path}`, headers, false)).status);
      expect(statuses).toEqual([...Array(PER_MINUTE).fill(200), 429, 429, 429]);

      cluster.child.kill('SIGTERM');
      expect(await cluster.exited).toBe(0);
      expect(cluster.stderr()).toContain(
        'SIGTERM: the 2 server processes finish the requests in flight, then stop',
      );
      expect(cluster.stderr()).toMatch(/stopped\n$/);
      for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
      // Both workers answered: each wrote request lines with its own pid.
      const pids = new Set(
        cluster
          .stdout()
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as { pid: number; msg: string })
          .filter((line) => line.msg === 'request')
          .map((line) => line.pid),
      );
      expect([...pids].sort()).toEqual([...workers].sort());
    } finally {
      await cluster.kill();
    }
  }, 60_000);

  it('a server process that dies is replaced, and the cluster keeps answering', async () => {
    const cluster = await startServerProcess(['--workers', '2', '--port', '0', '--workspace', file], {
      REDIS_URL: redis.url,
    });
    clusters.push(cluster);
    const children = () =>
      execFileSync('ps', ['-o', 'pid=', '--ppid', String(cluster.child.pid)], { encoding: 'utf8' })
        .trim()
        .split(/\s+/)
        .filter((pid) => pid !== '')
        .map(Number);
    try {
      const [victim, survivor] = children();
      process.kill(victim, 'SIGKILL');
      await eventually(
        () => cluster.stderr().includes(`server process ${victim} exited on SIGKILL: starting another`),
        'the primary noticed',
      );
      await eventually(() => children().length === 2 && !children().includes(victim), 'a new server process');
      expect(children()).toContain(survivor);
      for (let i = 0; i < 4; i++)
        expect((await httpGet(`${cluster.url}/healthz`, {}, false)).status).toBe(200);
      cluster.child.kill('SIGTERM');
      expect(await cluster.exited).toBe(0);
    } finally {
      await cluster.kill();
    }
  }, 60_000);
});
