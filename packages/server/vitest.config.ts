import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Property tests run thousands of cases: on a loaded 2-core machine one may take well over Vitest's 5 s.
    testTimeout: 30_000,
  },
});
