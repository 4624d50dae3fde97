/** Every tarball under the ecosystem's own checkers: publint (package.json against the files) and attw (types). */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { describe, expect, inject, it } from 'vitest';
import { PACKAGES, WITHOUT_LIBRARY } from './packages';

const run = promisify(execFile);
const ATTW = join(
  dirname(createRequire(import.meta.url).resolve('@arethetypeswrong/cli/package.json')),
  'dist/index.js',
);
const tarballs = inject('tarballs');

/** What attw prints with `--format json`; a package without types has no `problems`. */
interface AttwReport {
  analysis: { types: unknown; problems?: unknown[] };
}

describe.each(PACKAGES)('@personalize/%s', (name) => {
  it('publint finds nothing to say, suggestions included', async () => {
    const tarball = await readFile(tarballs[name]);
    const { messages, pkg } = await publint({
      pack: { tarball: new Uint8Array(tarball).buffer },
      strict: true,
    });
    expect(messages.map((message) => formatMessage(message, pkg, { color: false }))).toEqual([]);
  });

  it('attw finds no problem with the types under node10, node16 (CJS and ESM) and bundler', async () => {
    const { stdout } = await run(process.execPath, [ATTW, '--format', 'json', tarballs[name]]).catch(
      // attw exits 1 when it finds problems; the report says which.
      (error: { stdout: string }) => error,
    );
    const { analysis } = JSON.parse(stdout) as AttwReport;
    expect(analysis.problems ?? []).toEqual([]);
    // A package without a library has no types; the others must have them for every entry point.
    expect(analysis.types !== false).toBe(!WITHOUT_LIBRARY.includes(name));
  });
});
