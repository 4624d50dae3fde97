/**
 * `--workers`: a server process killed (SIGKILL) while clients keep sending requests on new connections loses
 * no connection. Every request is answered, or refused at once (its connection reset or closed), none is left
 * hanging. Runs the real command with a real `redis-server` on loopback.
 */
import { execFileSync } from 'node:child_process';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedisServer } from './helpers/redis-server';
import { ensureBuilt, eventually, type ServerProcess, startServerProcess } from './helpers/server-process';

/** Clients sending requests one after the other, each on a new connection. */
const CLIENTS = 16;
/** Longer than any answer takes on a busy machine: a request still open after it was left hanging. */
const HANGING_MS = 15_000;
const KILLS = 3;

let redis: RedisServer;
let cluster: ServerProcess | undefined;

beforeAll(async () => {
  ensureBuilt();
  redis = await startRedisServer();
}, 30_000);

afterAll(async () => {
  await cluster?.kill();
  await redis?.stop();
});

type Outcome = { kind: 'answered'; status: number } | { kind: 'refused'; code: string } | { kind: 'hanging' };

/** A GET on a new connection: its status, the error that ended it, or `hanging` after `HANGING_MS`. */
function get(url: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const outgoing = request(url, { agent: false }, (incoming) => {
      incoming.resume();
      incoming.on('end', () => resolve({ kind: 'answered', status: incoming.statusCode ?? 0 }));
      incoming.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ kind: 'refused', code: error.code ?? '' }),
      );
    });
    outgoing.setTimeout(HANGING_MS, () => {
      resolve({ kind: 'hanging' });
      outgoing.destroy();
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ kind: 'refused', code: error.code ?? '' }),
    );
    outgoing.end();
  });
}

function workersOf(primary: ServerProcess): number[] {
  return execFileSync('ps', ['-o', 'pid=', '--ppid', String(primary.child.pid)], { encoding: 'utf8' })
    .trim()
    .split(/\s+/)
    .filter((pid) => pid !== '')
    .map(Number);
}

/** True once server process `pid` logged a request. */
function served(primary: ServerProcess, pid: number): boolean {
  return primary.stdout().includes(`"pid":${pid},`);
}

describe('--workers with a server process killed under load', () => {
  it(`every request is answered or refused, none hangs (${KILLS} kills)`, async () => {
    cluster = await startServerProcess(['--workers', '2', '--port', '0'], { REDIS_URL: redis.url });
    const primary = cluster;
    const outcomes: Outcome[] = [];
    let sending = true;
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (sending) outcomes.push(await get(`${primary.url}/healthz`));
    });
    for (let kill = 0; kill < KILLS; kill++) {
      // Only a server process that answers is killed: one still starting would stop the cluster.
      await eventually(() => workersOf(primary).every((pid) => served(primary, pid)), 'both serving', 20_000);
      const [victim] = workersOf(primary);
      process.kill(victim, 'SIGKILL');
      await eventually(
        () => primary.stderr().includes(`server process ${victim} exited on SIGKILL`),
        `the primary noticing: ${primary.stderr()}`,
      );
    }
    await eventually(() => workersOf(primary).every((pid) => served(primary, pid)), 'both serving', 20_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    sending = false;
    await Promise.all(clients);

    const hanging = outcomes.filter((outcome) => outcome.kind === 'hanging').length;
    const answered = outcomes.filter((outcome) => outcome.kind === 'answered');
    expect(hanging).toBe(0);
    expect(answered.every((outcome) => outcome.kind === 'answered' && outcome.status === 200)).toBe(true);
    expect(answered.length).toBeGreaterThan(outcomes.length / 2);
  }, 180_000);
});
