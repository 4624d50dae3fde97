import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // index: the Web-standard app (any runtime); node: the workspace file and the stand-alone Node server.
    entry: ['src/index.ts', 'src/node.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    target: 'es2022',
    removeNodeProtocol: false,
    // node.ts finds the demo workspace from import.meta.url, which the CJS build needs shimmed.
    shims: true,
  },
  {
    // The commands `pnpm serve` and `pnpm link-url` run: ESM files, beside the library builds.
    entry: ['src/cli.ts', 'src/link-url-cli.ts'],
    format: ['esm'],
    sourcemap: true,
    target: 'es2022',
    removeNodeProtocol: false,
  },
]);
