/**
 * `bulk` meets a 600 MB input line between two ordinary ones: the long line is answered with an error line, the
 * others are rendered, and the command's memory stays far below the line's size. The command runs with its JS
 * heaps capped at HEAP_CAP_MIB, so holding the line (or any large part of it) would end it with an
 * out-of-memory error; its peak RSS, from --stats, is checked too. The line reaches it through a pipe, so the
 * test needs no 600 MB file.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { afterAll, expect, it } from 'vitest';
import { folderWith, runCli } from './helpers/run-cli';

const MiB = 1024 * 1024;
const LINE_MIB = 600;
const HEAP_CAP_MIB = 48;

const files = folderWith({ 'name.txt': "{{ UserAttribute['First Name'] }}" });
afterAll(() => files.remove());

/** Writes a line, the LINE_MIB MiB line `{"First Name": "xxx...x"}` a MiB at a time, and another line. */
async function writeLongLineInput(stdin: Writable): Promise<void> {
  const write = async (chunk: Buffer | string) => {
    if (!stdin.write(chunk)) await once(stdin, 'drain');
  };
  const head = '{"First Name": "';
  const tail = '"}';
  const filler = Buffer.alloc(MiB, 'x');
  await write(`{"First Name": "before"}\n${head}`);
  const fillerBytes = LINE_MIB * MiB - head.length - tail.length;
  for (let written = 0; written < fillerBytes; written += MiB) {
    await write(written + MiB <= fillerBytes ? filler : filler.subarray(0, fillerBytes - written));
  }
  await write(`${tail}\n{"First Name": "after"}\n`);
}

it(`answers a ${LINE_MIB} MB line with an error line and goes on, in memory far below the line's size`, async () => {
  const result = await runCli(
    ['bulk', 'name.txt', '--users', '-', '--out', '-', '--quiet', '--stats'],
    files.dir,
    writeLongLineInput,
    [`--max-old-space-size=${HEAP_CAP_MIB}`],
  );

  expect(result.status, result.stderr.slice(-2000)).toBe(0);
  expect(result.stdout.split('\n')).toEqual([
    '{"line":1,"status":"sent","text":"before"}',
    JSON.stringify({
      line: 2,
      status: 'error',
      error: `the line is ${LINE_MIB * MiB} bytes long, more than --max-line-bytes (${16 * MiB}): it was not read`,
    }),
    '{"line":3,"status":"sent","text":"after"}',
    '',
  ]);
  const stats = JSON.parse(result.stderr);
  expect(stats).toMatchObject({ lines: 3, sent: 2, errors: 1 });
  // Threads' heaps and the read buffers; the line itself would be 600 MiB (1.2 GB as a string).
  expect(stats.maxRssBytes).toBeLessThan(256 * MiB);
}, 180_000);
