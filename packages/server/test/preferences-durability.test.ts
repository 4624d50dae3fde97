/**
 * End to end: preference updates in the data file survive `SIGKILL`. The real command (`node dist/cli.js
 * --data-dir <folder>`) takes updates, is killed with no chance to clean up (right after its answers, and
 * again in the middle of a stream of updates), and is started again on the same folder: every update it
 * acknowledged is there, and the data file is whole JSON.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nodeToken } from './helpers/landing-page';
import {
  CLI,
  ensureBuilt,
  type HttpAnswer,
  httpRequest,
  type ServerProcess,
  startServerProcess,
} from './helpers/server-process';
import { basic, testWorkspaceDocument } from './helpers/workspace';

const PATH = '/v1/category-subscription/user-preferences';
const SECRET = 'durable-secret';
const USERS = Array.from({ length: 60 }, (_, index) => `u-${index}`);
const HEADERS = { 'MOE-APPKEY': 'TEST01', Authorization: basic('TEST01', 'data-secret') };

let workspaceFile: string;
const running: ServerProcess[] = [];

beforeAll(() => {
  ensureBuilt();
  workspaceFile = join(mkdtempSync(join(tmpdir(), 'personalize-durable-')), 'workspaces.json');
  const document = testWorkspaceDocument({
    api_secret: SECRET,
    categories: ['News', 'Offers'],
    users: USERS.map((id) => ({ id })),
    limits: { preferences_per_minute: 1_000_000, preferences_per_day: 1_000_000 },
  });
  writeFileSync(workspaceFile, JSON.stringify(document));
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.kill()));
});

/** The command line of a server on `dataDir`. */
function serverArgs(dataDir: string): string[] {
  return ['--port', '0', '--workspace', workspaceFile, '--data-dir', dataDir];
}

async function start(dataDir: string): Promise<ServerProcess> {
  const server = await startServerProcess(serverArgs(dataDir));
  running.push(server);
  return server;
}

function link(userId: string): string {
  return `${PATH}?user_id=${nodeToken(SECRET, userId)}&cid=${nodeToken(SECRET, 'c-1')}`;
}

/** Unsubscribes `userId` from News: by PUT for even users, by a one-entry POST for odd ones. */
function unsubscribe(server: ServerProcess, userId: string): Promise<HttpAnswer> {
  const categories = { News: false };
  return Number(userId.slice(2)) % 2 === 0
    ? httpRequest(`${server.url}${link(userId)}`, 'PUT', HEADERS, { categories, unsubscribe_all: false })
    : httpRequest(`${server.url}${PATH}`, 'POST', HEADERS, {
        channel: 'email',
        user_preferences: [{ customer_id: userId, categories, unsubscribe_all: false }],
      });
}

async function categoriesOf(server: ServerProcess, userId: string): Promise<Record<string, boolean>> {
  const answer = await httpRequest(`${server.url}${link(userId)}`, 'GET', HEADERS);
  expect(answer.status).toBe(200);
  return (answer.body as { categories: Record<string, boolean> }).categories;
}

async function kill(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

/** The data file parses as JSON, and no temporary file is left beside it. */
function expectWholeDataFile(dataDir: string): void {
  const text = readFileSync(join(dataDir, 'preferences.json'), 'utf8');
  expect(() => JSON.parse(text)).not.toThrow();
  expect(readdirSync(dataDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
}

describe('preference updates in the data file', () => {
  it('every update acknowledged before SIGKILL is there after a restart', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'personalize-data-')), 'data');
    const first = await start(dataDir);
    const updated = USERS.slice(0, 20);
    const answers = await Promise.all(updated.map((userId) => unsubscribe(first, userId)));
    expect(answers.map((answer) => answer.status)).toEqual(updated.map(() => 200));
    await kill(first);

    expectWholeDataFile(dataDir);
    const second = await start(dataDir);
    for (const userId of USERS.slice(0, 24)) {
      const expected = { News: !updated.includes(userId), Offers: true };
      expect(await categoriesOf(second, userId), userId).toEqual(expected);
    }
  }, 60_000);

  it('killed in the middle of a stream of updates: the acknowledged ones are there, the file is whole', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'personalize-data-')), 'data');
    const first = await start(dataDir);
    const acknowledged = new Set<string>();
    let killing: Promise<void> | undefined;
    // Eight clients send one update after another; the server is killed once 30 are acknowledged, with
    // others on the wire and on their way to the disk.
    const queue = [...USERS];
    const client = async () => {
      for (
        let userId = queue.shift();
        userId !== undefined && killing === undefined;
        userId = queue.shift()
      ) {
        try {
          const answer = await unsubscribe(first, userId);
          if (answer.status === 200) acknowledged.add(userId);
        } catch {
          // The connection died with the server: not acknowledged.
        }
        if (acknowledged.size >= 30) killing ??= kill(first);
      }
    };
    await Promise.all(Array.from({ length: 8 }, client));
    await killing;
    expect(acknowledged.size).toBeGreaterThanOrEqual(30);

    const second = await start(dataDir);
    expectWholeDataFile(dataDir);
    for (const userId of acknowledged) expect((await categoriesOf(second, userId)).News, userId).toBe(false);
  }, 60_000);
});

describe('the data folder on the command line', () => {
  it('a second server on a folder a running one holds is refused at start-up, naming its pid', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'personalize-data-')), 'data');
    const first = await start(dataDir);
    const refused = await startServerProcess(serverArgs(dataDir)).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(refused).toContain(`is in use by server process ${first.child.pid}`);
    expect(refused).toMatch(/^the server exited with 1:/);
  }, 60_000);

  it('--data-dir with --redis is refused: the updates would live in Redis', async () => {
    const answer = spawnSync(process.execPath, [CLI, '--data-dir', 'x', '--redis', 'redis://127.0.0.1:1'], {
      encoding: 'utf8',
    });
    expect(answer.status).toBe(2);
    expect(answer.stderr).toContain('--data-dir is not used with --redis');
  });
});
