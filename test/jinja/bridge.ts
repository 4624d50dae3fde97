/**
 * The link to the reference: a long-lived `/usr/bin/python3` running render_server.py, fed batches of
 * templates over stdin. Start it once per test file; it answers one JSON line per batch.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** Debian's interpreter: it has python3-jinja2, the `python3` on PATH may not. */
export const PYTHON = '/usr/bin/python3';
const SERVER = fileURLToPath(new URL('./render_server.py', import.meta.url));
const INSTALL_HINT = 'install the reference with `apt-get install python3 python3-jinja2`';

/** One template for Jinja2 to render; `data` must be JSON (no integral floats: JSON cannot mark them). */
export interface JinjaCase {
  template: string;
  data?: Record<string, unknown>;
}

/** What Jinja2 did with a case: its output, or the Python exception it raised. */
export type JinjaResult =
  | { ok: true; output: string }
  | { ok: false; errorType: string; message: string; line?: number };

/** A running render_server.py. */
export interface JinjaBridge {
  /** The Jinja2 version the server imported (the suite expects 3.1.x). */
  readonly version: string;
  /** Renders every case in one round trip; results come back in the same order. */
  render(cases: readonly JinjaCase[]): Promise<JinjaResult[]>;
  /** Closes stdin so the server exits. */
  close(): Promise<void>;
}

type Pending = { resolve: (line: string) => void; reject: (error: Error) => void };

/** Options of `startJinja`. */
export interface JinjaOptions {
  /** A Python module whose `FILTERS` dict is added to Jinja2's filters (the service's own, for instance). */
  filtersModule?: string;
}

/** Starts render_server.py and waits until it has imported Jinja2; fails with an install hint otherwise. */
export async function startJinja(options: JinjaOptions = {}): Promise<JinjaBridge> {
  if (!existsSync(PYTHON)) throw new Error(`${PYTHON} not found: ${INSTALL_HINT}`);

  const args = options.filtersModule === undefined ? [SERVER] : [SERVER, '--filters', options.filtersModule];
  const child: ChildProcessWithoutNullStreams = spawn(PYTHON, args, { stdio: 'pipe' });
  const lines = createInterface({ input: child.stdout });
  const pending: Pending[] = [];
  let stderr = '';
  let exited: Error | undefined;

  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk;
  });
  lines.on('line', (line) => pending.shift()?.resolve(line));
  const failAll = (error: Error) => {
    exited = error;
    for (const waiter of pending.splice(0)) waiter.reject(error);
  };
  child.on('error', (error) => failAll(new Error(`cannot run ${PYTHON}: ${error.message}; ${INSTALL_HINT}`)));
  child.on('exit', (code, signal) =>
    failAll(new Error(`render_server.py exited (code ${code}, signal ${signal}): ${stderr.trim()}`)),
  );

  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      if (exited) reject(exited);
      else pending.push({ resolve, reject });
    });

  const hello = JSON.parse(await nextLine()) as { ready: boolean; jinja2?: string; error?: string };
  if (!hello.ready) {
    child.kill();
    const reason = hello.error ?? 'render_server.py failed to start';
    // A module given with --filters that fails to load is the caller's to fix, not the installation's.
    throw new Error(reason.startsWith('cannot load --filters') ? reason : `${reason}; ${INSTALL_HINT}`);
  }

  // Batches are answered in order, so one queue of waiters is enough.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    version: hello.jinja2 ?? 'unknown',
    render(cases) {
      const run = queue.then(async () => {
        const batch = cases.map((c, id) => ({ id, template: c.template, data: c.data ?? {} }));
        const answer = nextLine();
        child.stdin.write(`${JSON.stringify(batch)}\n`);
        const parsed = JSON.parse(await answer) as ({ id: number } & JinjaResult)[] | { error: string };
        if (!Array.isArray(parsed)) throw new Error(`render_server.py: ${parsed.error}`);
        return parsed.map(({ id: _id, ...result }) => result as JinjaResult);
      });
      queue = run.catch(() => undefined);
      return run;
    },
    close() {
      return new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.stdin.end();
      });
    },
  };
}
