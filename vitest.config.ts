import { defineConfig } from 'vitest/config';

/** One run over every package's tests and the cross-package suites under test/. */
export default defineConfig({
  test: {
    projects: ['packages/*', 'test', 'test/packaging'],
  },
});
