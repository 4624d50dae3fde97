/** The core's browser bundle (esbuild, minified, gzip) under its budget in packages/core/.size-limit.json. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { ROOT } from './packages';

const run = promisify(execFile);

/** One check of `size-limit --json`: its name, bytes, and whether they fit the limit. */
interface SizeCheck {
  name: string;
  size: number;
  sizeLimit: number;
  passed: boolean;
}

it('the core bundles for the browser within its size budget', async () => {
  const { stdout } = await run('pnpm', ['exec', 'size-limit', '--json'], {
    cwd: join(ROOT, 'packages/core'),
  }).catch(
    // size-limit exits 1 when a check is over its limit; the report says which.
    (error: { stdout: string }) => error,
  );
  const checks = JSON.parse(stdout) as SizeCheck[];
  expect(checks.map(({ name }) => name)).toEqual(['compile', 'the whole API']);
  expect(checks.filter((check) => !check.passed)).toEqual([]);
});
