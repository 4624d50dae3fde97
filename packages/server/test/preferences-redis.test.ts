/**
 * Preference updates in a real `redis-server`: the store on its own (round trips, ids that hold ':', an
 * outage), and two server processes (`node dist/cli.js --redis <url>`) where an update through one is read
 * through the other at once.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreferenceStoreUnavailableError } from '../src/preferences/preference-store';
import { type RedisPreferenceStore, redisPreferenceStore } from '../src/preferences/redis-preference-store';
import { nodeToken } from './helpers/landing-page';
import { type RedisServer, startRedisServer } from './helpers/redis-server';
import { ensureBuilt, httpRequest, type ServerProcess, startServerProcess } from './helpers/server-process';
import { basic, testWorkspaceDocument } from './helpers/workspace';

const PATH = '/v1/category-subscription/user-preferences';
const SECRET = 'redis-secret';
const HEADERS = { 'MOE-APPKEY': 'TEST01', Authorization: basic('TEST01', 'data-secret') };

let redis: RedisServer;
const stores: RedisPreferenceStore[] = [];
const servers: ServerProcess[] = [];

beforeAll(async () => {
  ensureBuilt();
  redis = await startRedisServer();
}, 30_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.kill()));
  await Promise.all(stores.map((store) => store.close()));
  await redis?.stop();
});

async function store(): Promise<RedisPreferenceStore> {
  const opened = await redisPreferenceStore({ url: redis.url, timeoutMs: 1000 });
  stores.push(opened);
  return opened;
}

describe('redisPreferenceStore', () => {
  it('stores updates in order, and another connection reads them', async () => {
    const writer = await store();
    const reader = await store();
    await writer.update('W1', [
      { userId: 'u-1', categories: { News: false, Offers: true } },
      { userId: 'u-1', categories: { News: true } },
      { userId: 'u-2', categories: {} },
    ]);
    expect(await reader.preferences('W1', 'u-1')).toEqual({ News: true, Offers: true });
    expect(await reader.preferences('W1', 'u-2')).toEqual({});
  });

  it("ids that hold ':' do not run into each other", async () => {
    const one = await store();
    await one.update('a:b', [{ userId: 'c', categories: { News: false } }]);
    expect(await one.preferences('a', 'b:c')).toEqual({});
    expect(await one.preferences('a:b', 'c')).toEqual({ News: false });
  });

  it('while Redis does not answer, reads and writes fail as unavailable within the timeout', async () => {
    const one = await store();
    redis.pause();
    try {
      await expect(one.update('W1', [{ userId: 'u-9', categories: { News: false } }])).rejects.toBeInstanceOf(
        PreferenceStoreUnavailableError,
      );
      await expect(one.preferences('W1', 'u-9')).rejects.toBeInstanceOf(PreferenceStoreUnavailableError);
    } finally {
      redis.resume();
    }
  }, 30_000);
});

describe('two server processes on one Redis', () => {
  it('an update through one is read through the other', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'personalize-redis-prefs-')), 'workspaces.json');
    writeFileSync(
      file,
      JSON.stringify(
        testWorkspaceDocument({
          api_secret: SECRET,
          categories: ['News', 'Offers'],
          users: [{ id: 'u-1' }, { id: 'u-2' }],
        }),
      ),
    );
    const args = ['--port', '0', '--workspace', file, '--redis', redis.url, '--redis-timeout', '2000'];
    const [a, b] = await Promise.all([startServerProcess(args), startServerProcess(args)]);
    servers.push(a, b);
    const link = (userId: string) =>
      `${PATH}?user_id=${nodeToken(SECRET, userId)}&cid=${nodeToken(SECRET, 'c-1')}`;
    const categories = async (server: ServerProcess, userId: string) =>
      ((await httpRequest(`${server.url}${link(userId)}`, 'GET', HEADERS)).body as { categories: unknown })
        .categories;

    const put = await httpRequest(`${a.url}${link('u-1')}`, 'PUT', HEADERS, {
      categories: { Offers: false },
      unsubscribe_all: false,
    });
    expect(put.status).toBe(200);
    expect(await categories(b, 'u-1')).toEqual({ News: true, Offers: false });

    const post = await httpRequest(`${b.url}${PATH}`, 'POST', HEADERS, {
      channel: 'email',
      user_preferences: [{ customer_id: 'u-2', categories: {}, unsubscribe_all: true }],
    });
    expect(post.status).toBe(200);
    expect(await categories(a, 'u-2')).toEqual({ News: false, Offers: false });
    expect(a.stderr()).toContain('; preference updates kept in Redis too');
  }, 60_000);
});
