import { defineConfig } from 'vitest/config';

// Unit tests sit next to their code under src/; scenario, conformance and helper code under test/.
// Test files share their worker process (isolate: false): importing kubemu afresh for each of
// ~190 files cost a third of the suite's time. A test that changes process-wide state (env,
// globalThis markers) restores it.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
