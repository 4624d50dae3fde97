/**
 * `bulk` on a generated export of BULK_LINES lines (default 1,000,000): every line rendered, output in input
 * order, and memory that does not grow with the file (peak RSS from the command's --stats, and RSS sampled
 * from /proc while it runs).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, expect, it } from 'vitest';
import { CLI, folderWith } from './helpers/run-cli';

const LINES = Number(process.env.BULK_LINES ?? 1_000_000);
const MiB = 1024 * 1024;
const CITIES = ['Berlin', 'Paris', 'Lisbon', 'Oslo', 'Rome'];

/** A short message: a subject and a body reading five attributes through filters. */
const MESSAGE = {
  subject:
    "{{ UserAttribute['First Name']|default('there')|title }}, your {{ UserAttribute['Plan']|default('basic')|upper }} offer",
  body:
    "Hi {{ UserAttribute['First Name']|default('there')|title }},\nyour {{ UserAttribute['City']|default('nearest') }} " +
    "store has {{ UserAttribute['Points']|default(0)|int }} points " +
    "({{ '%.2f'|format(UserAttribute['Balance']|default(0)|float) }} EUR) for you.",
};

const user = (i: number) => ({
  id: `x-${i}`,
  'First Name': `user ${i}`,
  Plan: i % 3 === 0 ? 'basic' : 'gold',
  City: CITIES[i % 5],
  Points: i % 1000,
  Balance: (i % 997) / 7,
});

const expected = (i: number) => ({
  line: i,
  status: 'sent',
  payload: {
    subject: `User ${i}, your ${i % 3 === 0 ? 'BASIC' : 'GOLD'} offer`,
    body: `Hi User ${i},\nyour ${CITIES[i % 5]} store has ${i % 1000} points (${((i % 997) / 7).toFixed(2)} EUR) for you.`,
  },
});

const files = folderWith({ 'message.json': MESSAGE });
afterAll(() => files.remove());

async function writeUsers(path: string, count: number): Promise<void> {
  const out = createWriteStream(path);
  let chunk: string[] = [];
  for (let i = 1; i <= count; i++) {
    chunk.push(JSON.stringify(user(i)));
    if (chunk.length === 10_000 || i === count) {
      if (!out.write(`${chunk.join('\n')}\n`)) await once(out, 'drain');
      chunk = [];
    }
  }
  out.end();
  await once(out, 'close');
}

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
  await writeUsers(users, LINES);

  const child = spawn(
    process.execPath,
    [CLI, 'bulk', 'message.json', '--users', users, '--out', out, '--quiet', '--stats'],
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

  expect(status).toBe(0);
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
