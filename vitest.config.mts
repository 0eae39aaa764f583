import { defineConfig } from 'vitest/config';

// Unit tests sit next to their code under src/; scenario, conformance and helper code under test/.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
