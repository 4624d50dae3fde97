import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The tests run the built command as a process; the bulk run takes seconds.
    testTimeout: 120_000,
  },
});
