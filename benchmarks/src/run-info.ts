/** What every benchmark report records about the run: the machine and the versions measured. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, platform } from 'node:os';

/** The machine the run was on. */
export function machine(): { node: string; platform: string; cpu: string; cpus: number } {
  return {
    node: process.version,
    platform: platform(),
    cpu: cpus()[0]?.model ?? 'unknown',
    cpus: cpus().length,
  };
}

/** The installed version of each package, by name. */
export function packageVersions(names: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    names.map((name) => {
      const url = new URL(`../node_modules/${name}/package.json`, import.meta.url);
      return [name, (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version];
    }),
  );
}

/**
 * The last commit that changed the engine (`packages/core`), with ` (modified)` when its sources differ from that
 * commit; `unknown` outside a git checkout. Names the engine a committed result was measured on.
 */
export function engineCommit(): string {
  const root = new URL('../../', import.meta.url).pathname;
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
    const commit = git('log', '-1', '--format=%h %cs', '--', 'packages/core');
    const modified = git('status', '--porcelain', '--', 'packages/core/src') !== '';
    return `${commit}${modified ? ' (modified)' : ''}`;
  } catch {
    return 'unknown';
  }
}
