/**
 * The real command (`node dist/cli.js`, what `pnpm serve` runs) as a child process, and plain HTTP requests
 * to it over new or kept-alive connections.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { type Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLI = join(PACKAGE, 'dist', 'cli.js');

/** Builds `dist/` when a bare `vitest run` starts on a fresh clone (the package's test script builds first). */
export function ensureBuilt(): void {
  if (!existsSync(CLI))
    execFileSync('pnpm', ['exec', 'tsup', '--silent'], { cwd: PACKAGE, stdio: 'inherit' });
}

/** A running `node dist/cli.js`. */
export interface ServerProcess {
  readonly child: ChildProcess;
  /** Where it listens (`http://127.0.0.1:<port>`). */
  readonly url: string;
  /** Everything it wrote so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or null after a signal). */
  readonly exited: Promise<number | null>;
  /** SIGKILL unless it already exited (for `afterAll`). */
  kill(): Promise<void>;
}

/**
 * Starts the command with `args` and waits for the line that says where it listens. The environment is the
 * test's without `REDIS_URL`, plus `env`. It runs in a new temporary folder, so that its default data folder
 * (`./personalize-data`) is its own.
 */
export async function startServerProcess(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const { REDIS_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...inherited, ...env },
    cwd: mkdtempSync(join(tmpdir(), 'personalize-server-')),
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${stderr}`)), 30_000);
    const look = () => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stderr?.on('data', look);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${stderr}`));
    });
  });
  return {
    child,
    url,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

/** An answer: status, headers (lower-case names) and the body parsed as JSON when there is one. */
export interface HttpAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: unknown;
  /** Milliseconds from sending to the end of the answer. */
  readonly ms: number;
}

/** A GET; `agent: false` opens a new connection (the cluster's primary hands each to the next worker). */
export function httpGet(
  url: string,
  headers: Record<string, string>,
  agent: Agent | false = false,
): Promise<HttpAnswer> {
  return httpRequest(url, 'GET', headers, undefined, agent);
}

/** A request with `method`, and `body` sent as JSON when given. */
export function httpRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
  agent: Agent | false = false,
): Promise<HttpAnswer> {
  const started = performance.now();
  const text = body === undefined ? undefined : JSON.stringify(body);
  const sent = text === undefined ? headers : { 'Content-Type': 'application/json', ...headers };
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers: sent, agent }, (incoming) => {
      let answer = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => {
        answer += chunk;
      });
      incoming.on('end', () =>
        resolve({
          status: incoming.statusCode ?? 0,
          headers: incoming.headers,
          body: answer === '' ? undefined : JSON.parse(answer),
          ms: performance.now() - started,
        }),
      );
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(text);
  });
}

/** Resolves once `check` is true, polling every `everyMs`; rejects with `what` after `ms`. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  what: string,
  ms = 10_000,
  everyMs = 50,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
