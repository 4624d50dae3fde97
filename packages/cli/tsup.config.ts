import { defineConfig } from 'tsup';

export default defineConfig({
  // cli: the command; render-thread: the worker thread that `bulk` and `worker` start, loaded from beside cli.js.
  entry: { cli: 'src/cli.ts', 'render-thread': 'src/bulk/render-thread.ts' },
  format: ['esm'],
  sourcemap: true,
  clean: true,
  target: 'es2022',
  removeNodeProtocol: false,
});
