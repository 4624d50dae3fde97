/**
 * `personalize bulk` throughput: the built command renders a generated export (default 1,000,000 lines) of the
 * short message in `bulk-data.ts`, on 1 worker and on every core, each run as its own process; the output is
 * checked (every line's number, a sample of texts) and the command's own figures (`--stats`: lines per second,
 * peak RSS) are reported. Goals: at least 100,000 lines per second on all cores, and near-linear scaling.
 *
 * Then the two render paths a worker could take, in this process on one thread: the personalized renderer
 * (`renderer.renderPayload`, what `bulk` uses) and the bare synchronous `compile(...).render(...)` with the
 * data objects built per line.
 *
 * Run with `node --import tsx src/bulk.ts` (`pnpm --filter @personalize/benchmarks bench:bulk`, after
 * `pnpm build`). `--lines N` sets the export's size, `--runs N` the runs per worker count (the median is
 * reported; default 3), `--quick` is 100,000 lines and 1 run. Writes results/bulk.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { compile, createRenderer, memoryResolvers } from '@personalize/core';
import { BULK_MESSAGE, bulkUser, checkBulkOutput, writeBulkUsers } from './bulk-data';
import { runForStats } from './personalize-cli';
import { median } from './stats';

const quick = process.argv.includes('--quick');
const flag = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const LINES = flag('--lines', quick ? 100_000 : 1_000_000);
const RUNS = flag('--runs', quick ? 1 : 3);
const GOAL_LINES_PER_SECOND = 100_000;

/** What `bulk --stats` prints. */
interface BulkStats {
  lines: number;
  sent: number;
  notSent: number;
  errors: number;
  seconds: number;
  linesPerSecond: number;
  workers: number;
  cpuSeconds: number;
  maxRssBytes: number;
}

async function runBulk(dir: string, workers: number): Promise<BulkStats> {
  const args = ['bulk', 'message.json', '--users', 'users.ndjson', '--out', 'out.ndjson'];
  const stats = await runForStats<BulkStats>(dir, [...args, '--workers', String(workers)]);
  if (stats.sent !== LINES)
    throw new Error(`bulk sent ${stats.sent} of ${LINES} lines: ${JSON.stringify(stats)}`);
  return stats;
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

/** Lines per second of one render path over `lines` pre-serialized lines, on this thread. */
async function pathRate(lines: readonly string[], render: (text: string) => unknown): Promise<number> {
  for (let i = 0; i < Math.min(lines.length, 20_000); i++) await render(lines[i]);
  const started = performance.now();
  for (const line of lines) await render(line);
  return Math.round(lines.length / ((performance.now() - started) / 1000));
}

async function renderPaths(): Promise<{ renderer: number; sync: number }> {
  const lines = Array.from({ length: quick ? 50_000 : 200_000 }, (_, i) => JSON.stringify(bulkUser(i + 1)));
  const renderer = createRenderer({ resolvers: memoryResolvers({}) });
  const viaRenderer = async (text: string) => {
    const result = await renderer.renderPayload(BULK_MESSAGE, { userAttributes: JSON.parse(text) });
    return JSON.stringify({ line: 1, status: 'sent', payload: result.payload });
  };
  const subject = compile(BULK_MESSAGE.subject);
  const body = compile(BULK_MESSAGE.body);
  const viaSync = (text: string) => {
    const variables = { UserAttribute: JSON.parse(text), EventAttribute: {} };
    const payload = { subject: subject.render(variables), body: body.render(variables) };
    return JSON.stringify({ line: 1, status: 'sent', payload });
  };
  if ((await viaRenderer(lines[0])) !== viaSync(lines[0])) throw new Error('the two render paths differ');
  return { renderer: await pathRate(lines, viaRenderer), sync: await pathRate(lines, viaSync) };
}

async function main(): Promise<void> {
  const cores = availableParallelism();
  const dir = mkdtempSync(join(tmpdir(), 'personalize-bulk-bench-'));
  try {
    writeFileSync(join(dir, 'message.json'), JSON.stringify(BULK_MESSAGE));
    console.log(`Generating ${count(LINES)} users...`);
    await writeBulkUsers(join(dir, 'users.ndjson'), LINES);

    const rows: {
      workers: number;
      linesPerSecond: number;
      coresUsed: number;
      cpuMicrosecondsPerLine: number;
      maxRssBytes: number;
      runs: BulkStats[];
    }[] = [];
    for (const workers of [...new Set([1, cores])]) {
      const runs: BulkStats[] = [];
      for (let run = 0; run < RUNS; run++) {
        runs.push(await runBulk(dir, workers));
        console.log(`  ${workers} worker(s), run ${run + 1}: ${count(runs[run].linesPerSecond)} lines/s`);
      }
      await checkBulkOutput(join(dir, 'out.ndjson'), LINES);
      rows.push({
        workers,
        linesPerSecond: median(runs.map((r) => r.linesPerSecond)),
        coresUsed: median(runs.map((r) => Math.round((r.cpuSeconds / r.seconds) * 100) / 100)),
        cpuMicrosecondsPerLine: median(runs.map((r) => Math.round((r.cpuSeconds / r.lines) * 1e7) / 10)),
        maxRssBytes: Math.max(...runs.map((r) => r.maxRssBytes)),
        runs,
      });
    }

    const one = rows[0].linesPerSecond;
    console.log(`\n${count(LINES)} lines, median of ${RUNS} run(s), ${cpus()[0]?.model ?? 'unknown CPU'}:\n`);
    // Cores used (CPU time over wall time) shows what the machine gave the run: on a shared machine, fewer
    // cores than workers, and then the speed-up follows the cores, not the design.
    console.log('| Workers | Lines/s | Speed-up | Cores used | CPU µs per line | Peak RSS (MiB) |');
    console.log('|---:|---:|---:|---:|---:|---:|');
    for (const row of rows) {
      const cells = [
        row.workers,
        count(row.linesPerSecond),
        `${(row.linesPerSecond / one).toFixed(2)}x`,
        row.coresUsed.toFixed(2),
        row.cpuMicrosecondsPerLine.toFixed(1),
        mib(row.maxRssBytes),
      ];
      console.log(`| ${cells.join(' | ')} |`);
    }
    const all = rows[rows.length - 1];
    console.log(
      `\nGoal: at least ${count(GOAL_LINES_PER_SECOND)} lines/s on ${cores} cores: ` +
        `${all.linesPerSecond >= GOAL_LINES_PER_SECOND ? 'met' : 'NOT met'} (${count(all.linesPerSecond)}); ` +
        `scaling ${((all.linesPerSecond / one / cores) * 100).toFixed(0)}% of linear.`,
    );

    console.log(
      '\nRender paths on one thread (parse the line, render both fields, serialize the output line):',
    );
    const paths = await renderPaths();
    console.log(`  renderer.renderPayload (used by bulk): ${count(paths.renderer)} lines/s`);
    console.log(`  compile(...).render, data built per line: ${count(paths.sync)} lines/s`);

    const results = new URL('../results/', import.meta.url);
    mkdirSync(results, { recursive: true });
    const report = {
      lines: LINES,
      runsPerCount: RUNS,
      cores,
      rows,
      renderPaths: paths,
      date: new Date().toISOString(),
    };
    writeFileSync(new URL('bulk.json', results), `${JSON.stringify(report, null, 2)}\n`);
    console.log('\nWrote benchmarks/results/bulk.json');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
