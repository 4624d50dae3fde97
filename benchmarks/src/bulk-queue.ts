/**
 * `personalize bulk --queue` throughput: a real redis-server on loopback, the built command as producer and
 * `personalize worker` processes (one render thread each, as one core of a machine), over a generated export
 * (default 3,000,000 lines) of the short message in `bulk-data.ts`. Runs with 1 worker process and with 2, plus
 * a local `bulk` on 1 thread as the reference; every output is checked.
 *
 * On a 2-core machine the processes share the cores, so what carries over to a fleet is the CPU time: per line
 * for the workers (all their threads, from /proc), for the producer (its --stats) and for Redis (INFO cpu), and
 * Redis's per chunk. From these it derives where one producer and one Redis stop keeping up.
 *
 * Run with `node --import tsx src/bulk-queue.ts` (`pnpm --filter @personalize/benchmarks bench:bulk-queue`, after
 * `pnpm build`). `--lines N` sets the export's size, `--batch-lines N` the chunk size (default 10,000), `--quick`
 * is 300,000 lines. Writes results/bulk-queue.json.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { startRedisServer } from '../../packages/server/test/helpers/redis-server';
import { BULK_MESSAGE, checkBulkOutput, writeBulkUsers } from './bulk-data';
import { PERSONALIZE_CLI, runForStats } from './personalize-cli';

const quick = process.argv.includes('--quick');
const flag = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const LINES = flag('--lines', quick ? 300_000 : 3_000_000);
const BATCH_LINES = flag('--batch-lines', 10_000);
/** `bulk` of the benchmark's message over its export, to `out.ndjson`. */
const BULK = ['bulk', 'message.json', '--users', 'users.ndjson', '--out', 'out.ndjson'];
/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** What `bulk --stats` prints (the fields read here). */
interface BulkStats {
  lines: number;
  sent: number;
  seconds: number;
  linesPerSecond: number;
  cpuSeconds: number;
  maxRssBytes: number;
  queue?: { chunks: number; workers: { worker: string; lines: number; linesPerSecond: number }[] };
}

/** One measured configuration. */
interface Row {
  readonly name: string;
  readonly workers: number;
  readonly linesPerSecond: number;
  /** Worker processes' CPU (all threads; for the local run, the whole process), µs per line. */
  readonly workerMicrosecondsPerLine: number;
  /** The producer's CPU, µs per line (none for the local run: it is the worker). */
  readonly producerMicrosecondsPerLine?: number;
  /** Redis's CPU (user + system), µs per line and ms per chunk. */
  readonly redisMicrosecondsPerLine?: number;
  readonly redisMillisecondsPerChunk?: number;
  readonly producerMaxRssBytes: number;
  readonly stats: BulkStats;
}

/** User + system CPU seconds of a process (all its threads) so far. */
function processCpuSeconds(pid: number): number {
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** Redis's own CPU seconds so far (user + system, main thread and children). */
async function redisCpuSeconds(client: Redis): Promise<number> {
  const info = await client.info('cpu');
  const value = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0);
  return value('used_cpu_user') + value('used_cpu_sys');
}

/** Starts a `personalize worker` on one render thread; resolves once it takes chunks, with its CPU so far. */
async function startWorker(url: string): Promise<{ child: ChildProcess; cpuAtStart: number }> {
  const child = spawn(process.execPath, [PERSONALIZE_CLI, 'worker', '--queue', url, '--workers', '1'], {
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
      if (stderr.includes('taking chunks')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${stderr}`)));
  });
  return { child, cpuAtStart: processCpuSeconds(child.pid as number) };
}

async function queuedRun(dir: string, url: string, client: Redis, workers: number): Promise<Row> {
  const fleet = await Promise.all(Array.from({ length: workers }, () => startWorker(url)));
  const redisAtStart = await redisCpuSeconds(client);
  const stats = await runForStats<BulkStats>(dir, [
    ...BULK,
    '--queue',
    url,
    '--batch-lines',
    String(BATCH_LINES),
  ]);
  const redisSeconds = (await redisCpuSeconds(client)) - redisAtStart;
  const workerSeconds = fleet.reduce(
    (sum, worker) => sum + processCpuSeconds(worker.child.pid as number) - worker.cpuAtStart,
    0,
  );
  for (const worker of fleet) {
    worker.child.kill('SIGTERM');
    await once(worker.child, 'exit');
  }
  await checkBulkOutput(join(dir, 'out.ndjson'), LINES);
  const chunks = stats.queue?.chunks ?? 0;
  return {
    name: `queue, ${workers} worker process${workers === 1 ? '' : 'es'}`,
    workers,
    linesPerSecond: stats.linesPerSecond,
    workerMicrosecondsPerLine: (workerSeconds / LINES) * 1e6,
    producerMicrosecondsPerLine: (stats.cpuSeconds / LINES) * 1e6,
    redisMicrosecondsPerLine: (redisSeconds / LINES) * 1e6,
    redisMillisecondsPerChunk: (redisSeconds / chunks) * 1e3,
    producerMaxRssBytes: stats.maxRssBytes,
    stats,
  };
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const fixed = (n: number | undefined, digits = 1) => (n === undefined ? '—' : n.toFixed(digits));

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'personalize-bulk-queue-bench-'));
  const redis = await startRedisServer();
  const client = new Redis(redis.url);
  try {
    writeFileSync(join(dir, 'message.json'), JSON.stringify(BULK_MESSAGE));
    console.log(`Generating ${count(LINES)} users...`);
    await writeBulkUsers(join(dir, 'users.ndjson'), LINES);

    const rows: Row[] = [];
    const local = await runForStats<BulkStats>(dir, [...BULK, '--workers', '1']);
    await checkBulkOutput(join(dir, 'out.ndjson'), LINES);
    rows.push({
      name: 'local bulk, 1 thread',
      workers: 1,
      linesPerSecond: local.linesPerSecond,
      workerMicrosecondsPerLine: (local.cpuSeconds / LINES) * 1e6,
      producerMaxRssBytes: local.maxRssBytes,
      stats: local,
    });
    console.log(`  local, 1 thread: ${count(local.linesPerSecond)} lines/s`);
    for (const workers of [1, 2]) {
      const row = await queuedRun(dir, redis.url, client, workers);
      rows.push(row);
      console.log(`  ${row.name}: ${count(row.linesPerSecond)} lines/s`);
    }

    console.log(
      `\n${count(LINES)} lines, chunks of ${count(BATCH_LINES)} lines, ${cpus()[0]?.model ?? 'unknown CPU'}:\n`,
    );
    console.log(
      '| Run | Lines/s | Worker CPU µs/line | Producer CPU µs/line | Redis CPU µs/line | Redis CPU ms/chunk | Producer peak RSS (MiB) |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const row of rows) {
      const cells = [
        row.name,
        count(row.linesPerSecond),
        fixed(row.workerMicrosecondsPerLine),
        fixed(row.producerMicrosecondsPerLine),
        fixed(row.redisMicrosecondsPerLine, 2),
        fixed(row.redisMillisecondsPerChunk, 2),
        mib(row.producerMaxRssBytes),
      ];
      console.log(`| ${cells.join(' | ')} |`);
    }

    // A fleet of N one-core workers renders N / (worker CPU per line) lines a second, until the producer's one
    // core or Redis's one core is used up.
    const queued = rows.filter((row) => row.producerMicrosecondsPerLine !== undefined);
    const worst = (pick: (row: Row) => number | undefined) =>
      Math.max(...queued.map((row) => pick(row) ?? 0));
    const perCore = 1e6 / worst((row) => row.workerMicrosecondsPerLine);
    const producerLimit = 1e6 / worst((row) => row.producerMicrosecondsPerLine);
    const redisLimit = 1e6 / worst((row) => row.redisMicrosecondsPerLine);
    const limits = {
      linesPerSecondPerWorkerCore: Math.round(perCore),
      producerLimitLinesPerSecond: Math.round(producerLimit),
      redisLimitLinesPerSecond: Math.round(redisLimit),
      workerCoresToReachFirstLimit: Math.floor(Math.min(producerLimit, redisLimit) / perCore),
    };
    console.log(
      `\nOne worker core renders about ${count(perCore)} lines/s; one producer core keeps up with ` +
        `${count(producerLimit)} lines/s and one Redis core with ${count(redisLimit)} lines/s, so the fleet ` +
        `scales until about ${limits.workerCoresToReachFirstLimit} worker cores ` +
        `(${producerLimit < redisLimit ? 'the producer' : 'Redis'} is the first limit).`,
    );

    const results = new URL('../results/', import.meta.url);
    mkdirSync(results, { recursive: true });
    const report = { lines: LINES, batchLines: BATCH_LINES, rows, limits, date: new Date().toISOString() };
    writeFileSync(new URL('bulk-queue.json', results), `${JSON.stringify(report, null, 2)}\n`);
    console.log('\nWrote benchmarks/results/bulk-queue.json');
  } finally {
    client.disconnect();
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
