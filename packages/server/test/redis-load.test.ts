/**
 * Load: several thousand preference requests across two server processes on one real `redis-server`. None
 * may be lost (every request answered 200 or 429) or miscounted (exactly the limit served, every count in
 * Redis equal to the requests sent).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeToken } from './helpers/landing-page';
import { type RedisServer, startRedisServer } from './helpers/redis-server';
import {
  ensureBuilt,
  type HttpAnswer,
  httpGet,
  type ServerProcess,
  startServerProcess,
} from './helpers/server-process';
import { basic, testWorkspaceDocument } from './helpers/workspace';

const REQUESTS = 4000;
const LIMIT = 3000;
/** Requests in flight at once, across both servers. */
const CONCURRENCY = 64;

let redis: RedisServer;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  ensureBuilt();
  redis = await startRedisServer();
  const file = join(mkdtempSync(join(tmpdir(), 'personalize-load-')), 'workspaces.json');
  writeFileSync(
    file,
    JSON.stringify(
      testWorkspaceDocument({
        api_secret: 'load-secret',
        categories: ['News'],
        users: [{ id: 'u-1' }],
        limits: { preferences_per_minute: LIMIT, preferences_per_day: 1_000_000 },
      }),
    ),
  );
  // Fail closed: a count Redis did not make would show as a 503, not as a silent extra 200. The timeout is
  // generous because this checks counting, not outages, on a machine other tests keep busy.
  const args = [
    ...['--port', '0', '--workspace', file, '--redis', redis.url],
    ...['--redis-failure', 'closed', '--redis-timeout', '5000'],
  ];
  servers = await Promise.all([startServerProcess(args), startServerProcess(args)]);
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.kill()));
  await redis?.stop();
});

describe('load on two processes sharing Redis', () => {
  it(`${REQUESTS} requests with a limit of ${LIMIT}: exactly ${LIMIT} served, ${REQUESTS - LIMIT} refused, none lost`, async () => {
    // The run takes a few seconds: it must stay in one minute window (and so in one day).
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 12_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    const minute = Math.floor(Date.now() / 60_000);
    const path = `/v1/category-subscription/user-preferences?user_id=${nodeToken('load-secret', 'u-1')}&cid=${nodeToken('load-secret', 'c')}`;
    const headers = { 'SVC-APPKEY': 'TEST01', Authorization: basic('TEST01', 'data-secret') };
    const agents = servers.map(() => new Agent({ keepAlive: true, maxSockets: CONCURRENCY / 2 }));
    const answers: HttpAnswer[] = [];
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < REQUESTS) {
        const index = next++;
        answers.push(await httpGet(`${servers[index % 2].url}${path}`, headers, agents[index % 2]));
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    for (const agent of agents) agent.destroy();

    const byStatus = new Map<number, number>();
    for (const answer of answers) byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
    const ms = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    console.log(
      `load: ${REQUESTS} requests in ${seconds.toFixed(1)} s (${Math.round(REQUESTS / seconds)}/s), ` +
        `statuses ${JSON.stringify(Object.fromEntries(byStatus))}, ` +
        `p50 ${ms[Math.floor(ms.length / 2)].toFixed(1)} ms, p99 ${ms[Math.floor(ms.length * 0.99)].toFixed(1)} ms`,
    );
    expect(Object.fromEntries(byStatus)).toEqual({ 200: LIMIT, 429: REQUESTS - LIMIT });
    // Counted one by one, atomically, across both processes: each remaining value from LIMIT - 1 down to 0 was
    // answered once (the minute is the window closest to running out, so the headers are the minute's).
    const remaining = answers
      .filter((answer) => answer.status === 200)
      .map((answer) => Number(answer.headers['x-ratelimit-remaining']))
      .sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: LIMIT }, (_, i) => i));
    expect(Math.floor(Date.now() / 60_000)).toBe(minute);
    for (const server of servers) expect(server.stderr()).not.toContain('warning');

    // Redis holds exactly one count per request in each window.
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      const keys = await client.keys('personalize:rate-limit:preferences:TEST01:*');
      const total = async (kind: string) => {
        let sum = 0;
        for (const key of keys.filter((k) => k.includes(`:${kind}:`))) sum += Number(await client.get(key));
        return sum;
      };
      expect(await total('day')).toBe(REQUESTS);
      expect(await total('minute')).toBe(REQUESTS);
      expect(keys).toHaveLength(2);
    } finally {
      await client.close();
    }
  }, 120_000);
});
