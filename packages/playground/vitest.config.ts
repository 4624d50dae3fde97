import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The end-to-end tests start a server process and a browser on a shared 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
