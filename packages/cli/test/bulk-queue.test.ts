/**
 * `bulk --queue` and `personalize worker` against a real redis-server on loopback, each a process of its own as
 * users run them. The reference is a local `bulk` of the same input: every queued run must write exactly its
 * output, byte for byte (every line once, in input order), whatever happens to the workers or the producer.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { appendFileSync, readFileSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MESSAGE, writeBulkUsers } from '../../../benchmarks/src/bulk-data';
import { type RedisServer, startRedisServer } from '../../server/test/helpers/redis-server';
import { QUEUE_NAME } from '../src/bulk/queue/chunk-jobs';
import { CLI, folderWith } from './helpers/run-cli';

const LINES = 300_000;
/** Lines the generated users are followed by: a bad line, an empty one, one over --max-line-bytes. */
const ODD_LINES = [
  'not json',
  '',
  JSON.stringify({ 'First Name': 'x'.repeat(5_000) }),
  '{"First Name": "last"}',
];
const MAX_LINE_BYTES = '4096';

const files = folderWith({
  'message.json': BULK_MESSAGE,
  'name.txt': "{{ UserAttribute['First Name']|upper }}",
});
let redis: RedisServer;
/** Every process a test started, stopped after it. */
const children = new Set<ChildProcess>();

/** A finished process: its exit status and what it printed on stderr. */
interface Finished {
  readonly status: number | null;
  readonly stderr: string;
}

/** Starts `personalize <args>` in the test folder; `stderr` grows as it prints. */
function start(args: readonly string[]): {
  child: ChildProcess;
  stderr: () => string;
  done: Promise<Finished>;
} {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: files.dir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  const done = once(child, 'close').then(([status]) => {
    children.delete(child);
    return { status: status as number | null, stderr };
  });
  return { child, stderr: () => stderr, done };
}

/** A `personalize worker` on one thread, whose chunks go back to the queue 2 s after it stops answering. */
function startWorker() {
  const worker = start(['worker', '--queue', redis.url, '--workers', '1', '--stall-seconds', '2']);
  return { ...worker, name: `${hostname()}:${worker.child.pid}` };
}

/** `bulk <template> --users <users> --out <out> --queue <redis> ...extra`. */
function produce(template: string, users: string, out: string, ...extra: string[]) {
  return start(['bulk', template, '--users', users, '--out', out, '--queue', redis.url, ...extra]);
}

/** Polls `check` every 50 ms until it holds (the test's own timeout bounds the wait). */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}

const read = (name: string) => readFileSync(join(files.dir, name), 'utf8');

/** The first line where two outputs differ, or undefined when they are equal. */
function firstDifference(actual: string, expected: string): string | undefined {
  if (actual === expected) return undefined;
  const a = actual.split('\n');
  const b = expected.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return `line ${i + 1}: got ${a[i]?.slice(0, 200)}, expected ${b[i]?.slice(0, 200)}`;
  }
  return 'the outputs differ';
}

/** The run id a producer prints first. */
async function runIdOf(producer: ReturnType<typeof produce>): Promise<string> {
  await until(() => /run ([0-9a-f]+) on/.test(producer.stderr()));
  return (/run ([0-9a-f]+) on/.exec(producer.stderr()) as RegExpExecArray)[1];
}

beforeAll(async () => {
  redis = await startRedisServer();
  await writeBulkUsers(join(files.dir, 'users.ndjson'), LINES);
  appendFileSync(join(files.dir, 'users.ndjson'), `${ODD_LINES.join('\n')}\n`);
  await writeBulkUsers(join(files.dir, 'small.ndjson'), 20_000);
  // The reference outputs: the same inputs rendered by a local bulk.
  for (const [template, users, out] of [
    ['message.json', 'users.ndjson', 'expected.ndjson'],
    ['message.json', 'small.ndjson', 'expected-small.ndjson'],
    ['name.txt', 'small.ndjson', 'expected-names.ndjson'],
  ]) {
    const local = await start([
      'bulk',
      template,
      '--users',
      users,
      '--out',
      out,
      '--max-line-bytes',
      MAX_LINE_BYTES,
      '--quiet',
    ]).done;
    expect(local.status, local.stderr).toBe(0);
  }
}, 120_000);

afterEach(async () => {
  for (const child of children) child.kill('SIGKILL');
  await until(() => children.size === 0);
});

afterAll(async () => {
  await redis?.stop();
  files.remove();
});

describe('bulk --queue with personalize worker', () => {
  it('a producer and three workers write what a local bulk writes, line for line', async () => {
    const workers = [startWorker(), startWorker(), startWorker()];
    const run = await produce(
      'message.json',
      'users.ndjson',
      'queued.ndjson',
      '--max-line-bytes',
      MAX_LINE_BYTES,
      '--stats',
    ).done;
    expect(run.status, run.stderr).toBe(0);
    expect(firstDifference(read('queued.ndjson'), read('expected.ndjson'))).toBeUndefined();

    const stats = JSON.parse(run.stderr.trim().split('\n').at(-1) as string);
    expect(stats).toMatchObject({ lines: LINES + ODD_LINES.length, errors: 3, sent: LINES + 1 });
    const names = workers.map((worker) => worker.name);
    for (const figures of stats.queue.workers) expect(names).toContain(figures.worker);
    const linesByWorker = stats.queue.workers.map((figures: { lines: number }) => figures.lines);
    expect(linesByWorker.reduce((a: number, b: number) => a + b, 0)).toBe(LINES + ODD_LINES.length);

    // A finished run leaves nothing in Redis: no setup, state, result or job of its own.
    const client = new Redis(redis.url);
    try {
      expect(await client.keys(`*${stats.queue.run}*`)).toEqual([]);
    } finally {
      client.disconnect();
    }
  }, 120_000);

  it('a worker killed (SIGKILL) in the middle of a chunk loses nothing: every line once, in order', async () => {
    const queue = new Queue(QUEUE_NAME, { connection: { url: redis.url } });
    try {
      const victim = startWorker();
      const others = [startWorker(), startWorker()];
      const producer = produce(
        'message.json',
        'users.ndjson',
        'killed.ndjson',
        '--max-line-bytes',
        MAX_LINE_BYTES,
        '--batch-lines',
        '5000',
        '--quiet',
      );
      // The victim holds a chunk when it is killed: the chunk's job is active, locked by it.
      let held: string | undefined;
      await until(async () => {
        const active = await queue.getActive();
        held = active.find((job) => job.processedBy === victim.name)?.id;
        return held !== undefined;
      });
      victim.child.kill('SIGKILL');
      const killed = await victim.done;
      expect(killed.status).toBeNull();

      const run = await producer.done;
      expect(run.status, run.stderr).toBe(0);
      expect(firstDifference(read('killed.ndjson'), read('expected.ndjson'))).toBeUndefined();
      for (const worker of others) expect(worker.child.exitCode).toBeNull();
    } finally {
      await queue.close();
    }
  }, 120_000);

  it('a producer killed in the middle of a run goes on with --resume, and the output is still exact', async () => {
    const client = new Redis(redis.url);
    try {
      startWorker();
      startWorker();
      // 200 chunks: the run is still going long after the tenth, however fast the workers render (with 40, a
      // run could end, and delete its state, between two polls).
      const args = ['message.json', 'small.ndjson', 'resumed.ndjson', '--batch-lines', '100'] as const;
      const first = produce(...args);
      const run = await runIdOf(first);
      const chunks = async () => Number(await client.hget(`personalize:bulk-run:${run}:state`, 'chunks'));
      await until(async () => (await chunks()) >= 10 || first.child.exitCode !== null);
      expect(first.child.exitCode, 'the producer ended before it could be killed').toBeNull();
      first.child.kill('SIGKILL');
      await first.done;
      expect(statSync(join(files.dir, 'resumed.ndjson')).size).toBeGreaterThan(0);

      const second = await produce(...args, '--resume', run).done;
      expect(second.status, second.stderr).toBe(0);
      expect(second.stderr).toContain(`resuming run ${run}`);
      expect(firstDifference(read('resumed.ndjson'), read('expected-small.ndjson'))).toBeUndefined();
    } finally {
      client.disconnect();
    }
  }, 120_000);

  it('two runs share the queue without mixing', async () => {
    startWorker();
    startWorker();
    const [a, b] = await Promise.all([
      produce('message.json', 'small.ndjson', 'shared-a.ndjson', '--batch-lines', '500', '--quiet').done,
      produce('name.txt', 'small.ndjson', 'shared-b.ndjson', '--batch-lines', '500', '--quiet').done,
    ]);
    expect([a.status, b.status], a.stderr + b.stderr).toEqual([0, 0]);
    expect(firstDifference(read('shared-a.ndjson'), read('expected-small.ndjson'))).toBeUndefined();
    expect(firstDifference(read('shared-b.ndjson'), read('expected-names.ndjson'))).toBeUndefined();
  }, 120_000);

  it('a chunk that fails on every attempt ends the run with exit 1, naming its lines', async () => {
    const client = new Redis(redis.url);
    try {
      // No worker yet: the chunks wait in the queue, and the second one is damaged there.
      const producer = produce('message.json', 'small.ndjson', 'failed.ndjson', '--batch-lines', '1000');
      const run = await runIdOf(producer);
      const jobKey = `bull:${QUEUE_NAME}:${run}-1`;
      await until(async () => (await client.exists(jobKey)) === 1);
      const data = JSON.parse((await client.hget(jobKey, 'data')) as string);
      await client.hset(jobKey, 'data', JSON.stringify({ ...data, chunk: 'not a compressed value!' }));
      startWorker();

      const result = await producer.done;
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(
        new RegExp(
          `bulk: lines 1001-2000 \\(chunk 1 of run ${run}\\) failed on the workers \\(a chunk has 3 attempts\\): .*Base64`,
        ),
      );
      expect(result.stderr).toContain(`--resume ${run}`);
      // What was written is the start of the right output.
      expect(read('expected-small.ndjson').startsWith(read('failed.ndjson'))).toBe(true);
    } finally {
      client.disconnect();
    }
  }, 120_000);

  it('refuses --resume of a run that does not exist, and --workers with --queue', async () => {
    const missing = await produce('name.txt', 'small.ndjson', 'none.ndjson', '--resume', 'feedfeedfeedfeed')
      .done;
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^--resume feedfeedfeedfeed: no such run in Redis/);
    const workers = await produce('name.txt', 'small.ndjson', 'none.ndjson', '--workers', '2').done;
    expect(workers.status).toBe(2);
    expect(workers.stderr).toMatch(/^--workers counts the threads of a run on this machine/);
  }, 60_000);

  it('Redis unreachable: the producer and the worker exit 1 with a clear message, at once', async () => {
    const closed = 'redis://:secret@127.0.0.1:1';
    const producer = await start([
      'bulk',
      'name.txt',
      '--users',
      'small.ndjson',
      '--out',
      'x.ndjson',
      '--queue',
      closed,
    ]).done;
    expect(producer).toEqual({
      status: 1,
      stderr: 'Redis at redis://:***@127.0.0.1:1 cannot be reached: connect ECONNREFUSED 127.0.0.1:1\n',
    });
    const worker = await start(['worker', '--queue', closed]).done;
    expect(worker).toEqual({
      status: 1,
      stderr: 'Redis at redis://:***@127.0.0.1:1 cannot be reached: connect ECONNREFUSED 127.0.0.1:1\n',
    });
  }, 60_000);

  it('Redis gone in the middle of a run: the producer and the workers stop with exit 1, none hangs', async () => {
    const worker = start(['worker', '--queue', redis.url, '--workers', '1', '--redis-wait', '2']);
    await until(() => worker.stderr().includes('taking chunks'));
    // A producer with more chunks than the one worker renders at once is in the middle of its run.
    const producer = produce('message.json', 'users.ndjson', 'gone.ndjson', '--redis-wait', '2', '--quiet');
    await until(() => {
      try {
        return statSync(join(files.dir, 'gone.ndjson')).size > 0;
      } catch {
        return false;
      }
    });
    await redis.kill();
    try {
      const [stopped, gone] = await Promise.all([producer.done, worker.done]);
      expect(stopped.status).toBe(1);
      expect(stopped.stderr).toMatch(
        /^Redis at redis:\/\/127\.0\.0\.1:\d+ has not answered for \d+ s \(.*\): the run stopped/m,
      );
      expect(gone.status).toBe(1);
      expect(gone.stderr).toMatch(
        /Redis at redis:\/\/127\.0\.0\.1:\d+ has not answered for \d+ s \(.*\): the worker stopped/,
      );
      expect(read('expected.ndjson').startsWith(read('gone.ndjson'))).toBe(true);
    } finally {
      await redis.restart();
    }
  }, 120_000);
});
