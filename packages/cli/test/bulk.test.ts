import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, folderWith, runCli, workspaceFile } from './helpers/run-cli';

const SCRIPT = '/usr/bin/script';

const users = [
  '{"id": "u-1", "City": "Paris"}',
  '{"id": "u-404", "First Name": "ana"}',
  '{"First Name": "li", "Coupon": "X1"}',
  'not json',
  '[1, 2]',
  '',
  '{"First Name": "stop"}',
  '{"First Name": "zed", "Coupon": "Z9"}',
].join('\n');

const manyUsers = Array.from({ length: 5_000 }, (_, i) => JSON.stringify({ 'First Name': `n${i + 1}` })).join(
  '\n',
);

const files = folderWith({
  'workspace.json': workspaceFile(),
  'users.ndjson': `${users}\n`,
  'crlf.ndjson': '{"First Name": "one"}\r\n{"First Name": "two"}',
  'many.ndjson': `${manyUsers}\n`,
  'one-bad.ndjson': 'not json\n',
  'hello.txt':
    "{% if UserAttribute['First Name'] == 'stop' %}{% MOE_NOT_SEND('stopped') %}{% endif %}" +
    "Hi {{ UserAttribute['First Name']|title }} from {{ UserAttribute.City|default('?') }}, " +
    "code {{ UserAttribute.Coupon|default('none') }}. {{ ContentBlock.footer }}",
  'message.json': {
    subject: "{{ UserAttribute['First Name']|upper }}",
    body: '{{ 100 // UserAttribute.Points|default(0) }} / {{ ProductSet.bestsellers[1].title }}',
  },
  'name.txt': "{{ UserAttribute['First Name'] }}",
  'weather.txt': "{{ ContentApi.weather({'params': {}}).temp }}",
  'missing-block.txt': "{{ ContentBlock['legal'] }} {{ ContentBlock.footer }}",
  'bad.txt': 'Hi {{ UserAttribute.x }',
});

afterAll(() => files.remove());

const run = (...args: string[]) => runCli(args, files.dir);
/** `personalize bulk <template> --workspace workspace.json --users <users> --out <out> ...extra`. */
const bulk = (template: string, users: string, out: string, ...extra: string[]) =>
  run('bulk', template, '--workspace', 'workspace.json', '--users', users, '--out', out, ...extra);
const output = (name: string) => readFileSync(join(files.dir, name), 'utf8');
const parsedLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('personalize bulk', () => {
  it('writes one line per input line, in order: sent, not sent, or the line error', async () => {
    const result = await bulk('hello.txt', 'users.ndjson', 'out.ndjson', '--batch-lines', '3');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('');
    expect(parsedLines(output('out.ndjson'))).toEqual([
      { line: 1, status: 'sent', text: 'Hi Jane from Paris, code none. Thanks, Jane' },
      { line: 2, status: 'sent', text: 'Hi Ana from ?, code none. Thanks, Ana' },
      { line: 3, status: 'sent', text: 'Hi Li from ?, code X1. Thanks, Li' },
      {
        line: 4,
        status: 'error',
        error: `the line is not valid JSON: Unexpected token 'o', "not json" is not valid JSON`,
      },
      { line: 5, status: 'error', error: 'the line is an array, not a JSON object of user attributes' },
      {
        line: 6,
        status: 'error',
        error: 'the line is empty: each line must be a JSON object of user attributes',
      },
      { line: 7, status: 'not_sent', reason: 'stopped' },
      { line: 8, status: 'sent', text: 'Hi Zed from ?, code Z9. Thanks, Zed' },
    ]);
    expect(result.stderr).toMatch(
      /^bulk: 8 lines in [\d.]+ s \([\d,]+ lines\/s, \d+ workers?\): 4 sent, 1 not sent, 3 errors; output in out\.ndjson\n$/,
    );
  });

  it('the summary counts one line and one error in the singular', async () => {
    const result = await bulk('hello.txt', 'one-bad.ndjson', 'one.ndjson', '--workers', '1');
    expect(result.stderr).toMatch(
      /^bulk: 1 line in [\d.]+ s \([\d,]+ lines\/s, 1 worker\): 0 sent, 0 not sent, 1 error; output in one\.ndjson\n$/,
    );
  });

  it('renders a .json payload per line, and records a failing field with its place', async () => {
    const result = await bulk('message.json', 'users.ndjson', '-', '--quiet');
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    const lines = parsedLines(result.stdout);
    expect(lines).toHaveLength(8);
    expect(lines[0]).toEqual({ line: 1, status: 'sent', payload: { subject: 'JANE', body: '0 / Desk' } });
    expect(lines[1]).toEqual({
      line: 2,
      status: 'error',
      error: 'body: line 1, column 4: integer division or modulo by zero',
    });
  });

  it('reads --users from standard input, takes CRLF line ends and a last line without a newline', async () => {
    const result = await runCli(
      ['bulk', 'name.txt', '--workspace', 'workspace.json', '--users', '-', '--out', '-', '--quiet'],
      files.dir,
      '{"First Name": "a"}\r\n{"First Name": "b"}',
    );
    expect(result.stdout).toBe(
      '{"line":1,"status":"sent","text":"a"}\n{"line":2,"status":"sent","text":"b"}\n',
    );
  });

  it('keeps input order across many small batches on several workers', async () => {
    const result = await bulk(
      'name.txt',
      'many.ndjson',
      'many-out.ndjson',
      '--workers',
      '3',
      '--batch-lines',
      '7',
      '--quiet',
    );
    expect(result.status).toBe(0);
    const lines = parsedLines(output('many-out.ndjson'));
    expect(lines).toHaveLength(5_000);
    lines.forEach((line, index) => {
      expect(line).toEqual({ line: index + 1, status: 'sent', text: `n${index + 1}` });
    });
  });

  it('answers a line over --max-line-bytes with an error line, and goes on', async () => {
    const long = JSON.stringify({ 'First Name': 'x'.repeat(100) });
    const result = await runCli(
      [
        'bulk',
        'name.txt',
        '--users',
        '-',
        '--out',
        '-',
        '--max-line-bytes',
        '64',
        '--batch-lines',
        '2',
        '--quiet',
      ],
      files.dir,
      `{"First Name": "a"}\n${long}\n{"First Name": "b"}\n${long}`,
    );
    expect(result.status).toBe(0);
    expect(parsedLines(result.stdout)).toEqual([
      { line: 1, status: 'sent', text: 'a' },
      {
        line: 2,
        status: 'error',
        error: `the line is ${long.length} bytes long, more than --max-line-bytes (64): it was not read`,
      },
      { line: 3, status: 'sent', text: 'b' },
      {
        line: 4,
        status: 'error',
        error: `the line is ${long.length} bytes long, more than --max-line-bytes (64): it was not read`,
      },
    ]);
  });

  it('exits 2 for a --max-line-bytes past 128 MiB', async () => {
    const result = await bulk('name.txt', 'users.ndjson', 'x.ndjson', '--max-line-bytes', '999999999');
    expect(result).toEqual({
      status: 2,
      stdout: '',
      stderr: '--max-line-bytes must be at most 134217728, got 999999999\n',
    });
  });

  it('prints the run figures as one JSON line with --stats', async () => {
    const result = await bulk(
      'name.txt',
      'crlf.ndjson',
      'crlf-out.ndjson',
      '--workers',
      '1',
      '--quiet',
      '--stats',
    );
    expect(output('crlf-out.ndjson')).toBe(
      '{"line":1,"status":"sent","text":"one"}\n{"line":2,"status":"sent","text":"two"}\n',
    );
    const stats = JSON.parse(result.stderr);
    expect(stats).toMatchObject({ lines: 2, sent: 2, notSent: 0, errors: 0, workers: 1, batchLines: 2000 });
    expect(stats.maxRssBytes).toBeGreaterThan(10 * 1024 * 1024);
  });

  it.skipIf(!existsSync(SCRIPT))(
    'draws a progress bar with the rate and the time left on a terminal',
    async () => {
      // util-linux `script` runs the command on a pseudo-terminal and copies what it draws.
      const command = `${process.execPath} ${CLI} bulk name.txt --workspace workspace.json --users many.ndjson --out tty.ndjson --batch-lines 100`;
      const screen = await new Promise<string>((resolve, reject) => {
        execFile(SCRIPT, ['-q', '-e', '-c', command, '/dev/null'], { cwd: files.dir }, (error, stdout) =>
          error ? reject(error) : resolve(stdout),
        );
      });
      expect(screen).toMatch(/\d+% \| [\d,]+ lines \| [\d,-]+ lines\/s \| ETA \d+s/);
      expect(screen).toContain('bulk: 5,000 lines in');
    },
  );

  it('refuses, before writing anything, a template that calls ContentApi', async () => {
    const result = await run('bulk', 'weather.txt', '--users', 'users.ndjson', '--out', 'weather-out.ndjson');
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'the template calls ContentApi.weather: content APIs are network calls and bulk renders offline. ' +
        'Render it for one user with `personalize render`, or take the call out.\n',
    );
    expect(existsSync(join(files.dir, 'weather-out.ndjson'))).toBe(false);
  });

  it('refuses a template naming a content block the workspace does not have', async () => {
    const result = await bulk('missing-block.txt', 'users.ndjson', 'block-out.ndjson');
    expect(result.status).toBe(1);
    expect(result.stderr).toBe("Content Blocks ['legal'] not found in workspace TEST01\n");
  });

  it('refuses a template that does not parse, with its code frame', async () => {
    const result = await run('bulk', 'bad.txt', '--users', 'users.ndjson', '--out', 'bad-out.ndjson');
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      "bad.txt: line 1, column 23: unexpected '}'\n1 | Hi {{ UserAttribute.x }\n                          ^\n",
    );
    expect(existsSync(join(files.dir, 'bad-out.ndjson'))).toBe(false);
  });

  it('exits 2 without --out, or with a --workers that is not a whole number', async () => {
    const noOut = await run('bulk', 'name.txt', '--users', 'users.ndjson');
    expect(noOut.status).toBe(2);
    expect(noOut.stderr).toMatch(/^bulk needs --users and --out\n\nUsage: personalize bulk/);
    const workers = await run(
      'bulk',
      'name.txt',
      '--users',
      'users.ndjson',
      '--out',
      'x.ndjson',
      '--workers',
      '0',
    );
    expect(workers).toEqual({
      status: 2,
      stdout: '',
      stderr: '--workers must be a whole number from 1 up, got "0"\n',
    });
  });

  it.skipIf(!existsSync('/dev/full'))('stops with exit 1 when the output cannot be written', async () => {
    const result = await run('bulk', 'name.txt', '--users', 'users.ndjson', '--out', '/dev/full', '--quiet');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^bulk: the run stopped: the output could not be written: ENOSPC/);
  });

  it('exits 2 when the --users file does not exist', async () => {
    const result = await run('bulk', 'name.txt', '--users', 'nope.ndjson', '--out', 'x.ndjson');
    expect(result).toEqual({ status: 2, stdout: '', stderr: '--users nope.ndjson: it does not exist\n' });
  });
});
