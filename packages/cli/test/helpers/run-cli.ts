/** Runs the built `personalize` command as a child process, in a temporary folder of files the test writes. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

/** The built command (the test script builds the package first). */
export const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** What a run printed and how it exited. */
export interface CliRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** What a run reads on standard input: text, or a function that writes it (the helper ends it after). */
export type CliInput = string | ((stdin: Writable) => Promise<void>);

/** Runs `personalize <args>` in `cwd`, with `stdin` as its standard input and `nodeOptions` given to Node. */
export function runCli(
  args: readonly string[],
  cwd: string,
  stdin: CliInput = '',
  nodeOptions: readonly string[] = [],
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeOptions, CLI, ...args], { cwd, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    if (typeof stdin === 'string') child.stdin.end(stdin);
    // A command that stops early closes its input: what is left unwritten does not matter then.
    else
      stdin(child.stdin).then(
        () => child.stdin.end(),
        () => child.stdin.destroy(),
      );
  });
}

/** A temporary folder holding `files` (name to text, or to a value written as JSON). */
export function folderWith(files: Record<string, unknown>): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'personalize-cli-'));
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A workspace file with one workspace, TEST01 (`overrides` replace its top-level fields). */
export function workspaceFile(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    workspaces: [
      {
        id: 'TEST01',
        keys: { preview: 'preview-key' },
        events: ['Purchase'],
        users: [
          { id: 'u-1', attributes: { 'First Name': 'jane', City: 'Berlin', Points: 120 } },
          { id: 'u-2', attributes: { 'First Name': 'omar' } },
        ],
        content_blocks: { footer: "Thanks, {{ UserAttribute['First Name']|title }}" },
        product_sets: {
          bestsellers: [
            { title: 'Lamp', price: 19.5 },
            { title: 'Desk', price: 120 },
          ],
        },
        ...overrides,
      },
    ],
  };
}
