/**
 * `bulk` on a generated export of BULK_LINES lines (default 1,000,000): every line rendered, output in input
 * order, and memory that does not grow with the file. The command runs with its JS heaps (the main thread's and
 * each worker's) capped at HEAP_CAP_MIB, far less than the input (~113 MB) or the output (~170 MB): holding
 * either would end it with an out-of-memory error. Peak RSS from the command's --stats, and RSS sampled from
 * /proc while it runs, are checked too.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, expect, it } from 'vitest';
import { BULK_MESSAGE, bulkExpected, writeBulkUsers } from '../../../benchmarks/src/bulk-data';
import { CLI, folderWith } from './helpers/run-cli';

const LINES = Number(process.env.BULK_LINES ?? 1_000_000);
const MiB = 1024 * 1024;
/**
 * `--max-old-space-size` for the command; it bounds workers' heaps too. Uncapped, V8 lets the old generation grow
 * for a while before collecting it fully, which made the RSS samples grow by 30–75 MiB over a run that holds
 * nothing; capped, they stay within a few MiB.
 */
const HEAP_CAP_MIB = 48;

/** The line user `i` (from 1) must print: sent, with the benchmark's expected payload. */
const expected = (i: number) => ({ line: i, status: 'sent', payload: bulkExpected(i) });

const files = folderWith({ 'message.json': BULK_MESSAGE });
afterAll(() => files.remove());

/** The resident memory of a process now, in bytes, or undefined once it is gone. */
function residentBytes(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match === null ? undefined : Number(match[1]) * 1024;
  } catch {
    return undefined;
  }
}

it(`renders ${LINES.toLocaleString('en-US')} lines in input order with memory that does not grow`, async () => {
  const users = join(files.dir, 'users.ndjson');
  const out = join(files.dir, 'out.ndjson');
  await writeBulkUsers(users, LINES);

  const child = spawn(
    process.execPath,
    [
      `--max-old-space-size=${HEAP_CAP_MIB}`,
      CLI,
      'bulk',
      'message.json',
      '--users',
      users,
      '--out',
      out,
      '--quiet',
      '--stats',
    ],
    { cwd: files.dir, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  const samples: number[] = [];
  const sampler = setInterval(() => {
    const rss = child.pid === undefined ? undefined : residentBytes(child.pid);
    if (rss !== undefined) samples.push(rss);
  }, 100);
  const [status] = await once(child, 'close');
  clearInterval(sampler);

  // An out-of-memory end shows here, with V8's report on stderr.
  expect(status, stderr.slice(-2000)).toBe(0);
  const stats = JSON.parse(stderr);
  expect(stats).toMatchObject({ lines: LINES, sent: LINES, notSent: 0, errors: 0 });

  // Holding the input (~113 bytes a line) or the output (~170 bytes a line) would add well over 100 MiB at
  // 1,000,000 lines; streaming keeps the peak at what the threads' heaps need, whatever the file size.
  expect(stats.maxRssBytes).toBeLessThan(512 * MiB);
  if (samples.length >= 9) {
    const third = Math.floor(samples.length / 3);
    const early = Math.max(...samples.slice(0, third));
    const late = Math.max(...samples.slice(-third));
    expect(late - early).toBeLessThan(64 * MiB);
  }

  expect(statSync(out).size).toBeGreaterThan(LINES * 100);
  // Every line's number is checked; every 997th line's whole text.
  let index = 0;
  let firstOutOfOrder: string | undefined;
  for await (const text of createInterface({
    input: createReadStream(out),
    crlfDelay: Number.POSITIVE_INFINITY,
  })) {
    index++;
    if (firstOutOfOrder === undefined && !text.startsWith(`{"line":${index},"status":"sent",`)) {
      firstOutOfOrder = `output line ${index}: ${text}`;
    }
    if (index % 997 === 1) expect(JSON.parse(text)).toEqual(expected(index));
  }
  expect(firstOutOfOrder).toBeUndefined();
  expect(index).toBe(LINES);
}, 180_000);
