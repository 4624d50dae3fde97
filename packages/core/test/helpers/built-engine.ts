/** Tests that run the built engine (dist/) in a child process of its own, with V8 flags a test cannot set. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', '..', 'dist', 'index.js');

/** A fixture script of test/fixtures, by its file name. */
export function fixturePath(name: string): string {
  return join(here, '..', 'fixtures', name);
}

/**
 * `test(stdout)` on what `node <flags> <fixture>` prints, as the test `title`; skipped, saying why, when the
 * engine is not built (`pnpm build` in packages/core builds it; CI builds before it tests).
 */
export function itOnBuiltEngine(
  title: string,
  run: { flags: string[]; fixture: string; timeoutMs: number },
  test: (stdout: string) => void,
): void {
  if (!existsSync(dist)) {
    it.skip(`${title} (skipped: dist/index.js is missing; run \`pnpm build\` in packages/core first)`, () => {});
    return;
  }
  it(
    title,
    () => {
      const stdout = execFileSync(process.execPath, [...run.flags, fixturePath(run.fixture)], {
        encoding: 'utf8',
        timeout: run.timeoutMs,
        maxBuffer: 64 * 1024 * 1024,
      });
      test(stdout);
    },
    run.timeoutMs + 10_000,
  );
}
