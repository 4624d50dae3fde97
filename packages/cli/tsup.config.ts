import { defineConfig } from 'tsup';

export default defineConfig({
  // cli: the command; bulk-worker: the worker thread that `bulk` starts, loaded from beside cli.js.
  entry: { cli: 'src/cli.ts', 'bulk-worker': 'src/bulk/bulk-worker.ts' },
  format: ['esm'],
  sourcemap: true,
  clean: true,
  target: 'es2022',
  removeNodeProtocol: false,
});
