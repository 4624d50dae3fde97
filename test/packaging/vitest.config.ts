import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*.test.ts'],
    globalSetup: ['./pack-packages.ts'],
    // Packing, installing from the registry and type-checking start processes: minutes on a loaded machine.
    testTimeout: 180_000,
    hookTimeout: 600_000,
  },
});
