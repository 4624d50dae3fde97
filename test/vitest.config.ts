import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Tests run against the engine's sources, so no build is needed first.
    alias: { '@personalize/core': fileURLToPath(new URL('../packages/core/src/index.ts', import.meta.url)) },
  },
  test: {
    include: ['**/*.test.ts'],
    // packaging/ is its own project (its own vitest.config.ts).
    exclude: ['**/node_modules/**', 'packaging/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
