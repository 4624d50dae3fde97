/**
 * Global setup: packs every package with `pnpm pack` (which writes the versions of `workspace:` dependencies,
 * as `pnpm publish` does) into a temporary folder, for every check of this project to read.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { PACKAGES, type PackageFolder, ROOT, type Tarballs } from './packages';

const run = promisify(execFile);

export default async function packPackages(project: TestProject): Promise<() => void> {
  const unbuilt = PACKAGES.filter((name) => !existsSync(join(ROOT, 'packages', name, 'dist')));
  if (unbuilt.length > 0)
    throw new Error(`packages/${unbuilt.join(', packages/')} not built: run pnpm build first`);
  const folder = mkdtempSync(join(tmpdir(), 'personalize-tarballs-'));
  const packed = await Promise.all(
    PACKAGES.map(async (name): Promise<[PackageFolder, string]> => {
      const { stdout } = await run('pnpm', ['pack', '--pack-destination', folder], {
        cwd: join(ROOT, 'packages', name),
      });
      // pnpm lists the packed files, then the tarball's path on the last line.
      return [name, stdout.trim().split('\n').at(-1) as string];
    }),
  );
  project.provide('tarballs', Object.fromEntries(packed) as Tarballs);
  return () => rmSync(folder, { recursive: true, force: true });
}
