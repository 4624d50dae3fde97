/** What every benchmark report records about the run: the machine and the versions measured. */
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
