import { defineConfig } from 'tsup';

export default defineConfig({
  // index: the portable build; node: the same API on node:zlib, picked by the `node` export condition.
  entry: ['src/index.ts', 'src/node.ts'],
  format: ['esm', 'cjs'],
  // One declaration file serves both builds: node.ts types its exports as index.ts's.
  dts: { entry: 'src/index.ts' },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  // Keep `node:zlib`: a bare `zlib` invites bundlers to substitute a browser polyfill.
  removeNodeProtocol: false,
});
