/**
 * `bulk` meets a 600 MB input line between two ordinary ones: the long line is answered with an error line, the
 * others are rendered, and the command's memory stays far below the line's size. The command runs with its JS
 * heaps capped at HEAP_CAP_MIB, so holding the line (or any large part of it) would end it with an
 * out-of-memory error; its peak RSS, from --stats, is checked too. The line reaches it through a pipe, so the
 * test needs no 600 MB file.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, expect, it } from 'vitest';
import { CLI, folderWith } from './helpers/run-cli';

const MiB = 1024 * 1024;
const LINE_MIB = 600;
const HEAP_CAP_MIB = 48;

const files = folderWith({ 'name.txt': "{{ UserAttribute['First Name'] }}" });
afterAll(() => files.remove());

it(`answers a ${LINE_MIB} MB line with an error line and goes on, in memory far below the line's size`, async () => {
  const child = spawn(
    process.execPath,
    [
      `--max-old-space-size=${HEAP_CAP_MIB}`,
      CLI,
      'bulk',
      'name.txt',
      '--users',
      '-',
      '--out',
      '-',
      '--quiet',
      '--stats',
    ],
    { cwd: files.dir, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  const closed = once(child, 'close');

  // The long line: {"First Name": "xxx...x"}, LINE_MIB MiB in all, written a MiB at a time.
  const head = '{"First Name": "';
  const tail = '"}';
  const filler = Buffer.alloc(MiB, 'x');
  const write = async (chunk: Buffer | string) => {
    if (!child.stdin.write(chunk)) await once(child.stdin, 'drain');
  };
  await write('{"First Name": "before"}\n');
  await write(head);
  const fillerBytes = LINE_MIB * MiB - head.length - tail.length;
  for (let written = 0; written < fillerBytes; written += MiB) {
    await write(written + MiB <= fillerBytes ? filler : filler.subarray(0, fillerBytes - written));
  }
  await write(`${tail}\n{"First Name": "after"}\n`);
  child.stdin.end();
  const [status] = await closed;

  expect(status, stderr.slice(-2000)).toBe(0);
  expect(stdout.split('\n')).toEqual([
    '{"line":1,"status":"sent","text":"before"}',
    JSON.stringify({
      line: 2,
      status: 'error',
      error: `the line is ${LINE_MIB * MiB} bytes long, more than --max-line-bytes (${16 * MiB}): it was not read`,
    }),
    '{"line":3,"status":"sent","text":"after"}',
    '',
  ]);
  const stats = JSON.parse(stderr);
  expect(stats).toMatchObject({ lines: 3, sent: 2, errors: 1 });
  // Threads' heaps and the read buffers; the line itself would be 600 MiB (1.2 GB as a string).
  expect(stats.maxRssBytes).toBeLessThan(256 * MiB);
}, 180_000);
