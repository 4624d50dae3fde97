/** The built `personalize` command, as the bulk benchmarks run it: a process of its own, figures from --stats. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The built command (`pnpm build` first). */
export const PERSONALIZE_CLI = join(
  dirname(createRequire(import.meta.url).resolve('@personalize/cli/package.json')),
  'dist/cli.js',
);

/** Runs `personalize <args> --quiet --stats` in `dir`; resolves to the last stderr line as JSON once it exits 0. */
export async function runForStats<T>(dir: string, args: readonly string[]): Promise<T> {
  const child = spawn(process.execPath, [PERSONALIZE_CLI, ...args, '--quiet', '--stats'], {
    cwd: dir,
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  const [status] = await once(child, 'close');
  if (status !== 0) throw new Error(`personalize ${args.join(' ')} exited with ${status}: ${stderr}`);
  return JSON.parse(stderr.trim().split('\n').at(-1) as string) as T;
}
