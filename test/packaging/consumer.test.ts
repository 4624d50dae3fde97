/**
 * A user's project outside the workspace: the tarballs installed with npm (their dependencies from the
 * registry), the fixture type-checked with the installed types only (no @types/node), then run as an ES
 * module, as CommonJS and through the `personalize` command.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PACKAGES } from './packages';

const run = promisify(execFile);
const FIXTURE = fileURLToPath(new URL('./consumer', import.meta.url));
const TSC = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc');
const tarballs = inject('tarballs');

/** A process's output, and its exit code (0 when it succeeded). */
interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function outcome(command: string, args: string[], cwd: string): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

describe('a project that installs the tarballs', () => {
  let project: string;
  let node16: Outcome;

  beforeAll(async () => {
    project = mkdtempSync(join(tmpdir(), 'personalize-consumer-'));
    cpSync(FIXTURE, project, { recursive: true });
    const dependencies = Object.fromEntries(
      PACKAGES.map((name) => [`@personalize/${name}`, `file:${tarballs[name]}`]),
    );
    // The packages depend on each other by version (0.1.0): overrides keep npm on the tarballs.
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, dependencies, overrides: dependencies }),
    );
    const install = await outcome('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], project);
    if (install.code !== 0) throw new Error(`npm install failed:\n${install.stderr}`);
    // Emits out/esm.mjs and out/cjs.cjs, which the scripts below run, whatever the type check says.
    node16 = await outcome(process.execPath, [TSC, '-p', 'tsconfig.node16.json'], project);
  });

  afterAll(() => {
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it('type-checks under node16, an ESM and a CJS file, without @types/node', () => {
    expect(existsSync(join(project, 'node_modules/@types/node'))).toBe(false);
    expect(node16.stdout).toBe('');
    expect(node16.code).toBe(0);
  });

  it('type-checks under bundler', async () => {
    const bundler = await outcome(process.execPath, [TSC, '-p', 'tsconfig.bundler.json'], project);
    expect(bundler.stdout).toBe('');
    expect(bundler.code).toBe(0);
  });

  it('an ES module renders, decodes, serves a preview and makes a link, with no code generated from strings', async () => {
    const esm = await outcome(
      process.execPath,
      ['--disallow-code-generation-from-strings', 'out/esm.mjs'],
      project,
    );
    expect(esm.stderr).toBe('');
    expect(JSON.parse(esm.stdout)).toEqual({
      rendered: '2.5 [1, None]',
      syntaxError: "line 1, column 15: unexpected '}'",
      compressed: 'héllo',
      preview: { status: 200, body: { personalized_content: { payload: { subject: 'Hi Jane' } } } },
      logged: ['request'],
      linkParams: ['user_id', 'cid', 'app_key'],
      ownCode: { text: 'JANE!', own: true, status: { available: true, loaded: 1, templates: 1 } },
    });
  });

  it('a CommonJS module requires every entry point; the app logs its request as a JSON line', async () => {
    const cjs = await outcome(process.execPath, ['out/cjs.cjs'], project);
    expect(cjs.stderr).toBe('');
    // pino writes the log line asynchronously: it may come before or after the script's own line.
    const lines = cjs.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const log = lines.find((line) => line.msg === 'request');
    const result = lines.find((line) => line !== log);
    expect(lines).toHaveLength(2);
    expect(log).toMatchObject({ method: 'GET', path: '/healthz', status: 200, msg: 'request' });
    expect(result).toEqual({
      rendered: { status: 'sent', text: 'Berlin', warnings: [] },
      compressed: { a: 'x' },
      health: { status: 'ok' },
      workspaces: ['DEMO01'],
      ownCode: { text: 'JANE!', own: true, status: { available: true, loaded: 1, templates: 1 } },
    });
  });

  it('the personalize command renders a file and bulk-renders an export on worker threads', async () => {
    const personalize = join(project, 'node_modules/.bin/personalize');
    expect(await outcome(personalize, ['render', 'welcome.txt', '--user', 'u-1'], project)).toEqual({
      code: 0,
      stdout: 'Hi Jane!\n',
      stderr: '',
    });
    const bulk = await outcome(
      personalize,
      ['bulk', 'welcome.txt', '--users', 'users.ndjson', '--out', '-', '--quiet'],
      project,
    );
    expect(bulk.code).toBe(0);
    expect(
      bulk.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { line: 1, status: 'sent', text: 'Hi Jane!' },
      { line: 2, status: 'sent', text: 'Hi Omar!' },
      { line: 3, status: 'sent', text: 'Hi There!' },
    ]);
  });
});
