/** The packages as users get them: one tarball each, packed once per run by `pack-packages.ts`. */
import { fileURLToPath } from 'node:url';

/** The repository's root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The published packages, by folder under packages/. */
export const PACKAGES = ['core', 'compression', 'server', 'cli', 'playground'] as const;

/** A folder under packages/. */
export type PackageFolder = (typeof PACKAGES)[number];

/** The packages that ship no library, so no types: the command line and the web page. */
export const WITHOUT_LIBRARY: readonly PackageFolder[] = ['cli', 'playground'];

/** The path of each package's tarball. */
export type Tarballs = Record<PackageFolder, string>;

declare module 'vitest' {
  export interface ProvidedContext {
    tarballs: Tarballs;
  }
}
