import { defineConfig } from 'vitest/config';

// Projects, so a change can run just its layer: `npm run test:unit` (src/),
// `test:scenario` (the CLI in-process), and the slower reliability, fuzz and conformance
// suites; `npm test` runs them all.
// Test files share their worker process (isolate: false): importing kubemu afresh for each of
// ~190 files cost a third of the suite's time. A test that changes process-wide state (env,
// globalThis markers) restores it.
/** CORPUS_SUITES are the unit-level suites that read the real-world manifest corpus. */
const CORPUS_SUITES = ['src/**/*corpus.test.ts'];

export default defineConfig({
  test: {
    pool: 'forks',
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      // Suites over the manifest corpus sit beside the code they check but run with conformance:
      // jsonpath against kubectl over every corpus file alone took a third of src/'s time.
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'], exclude: [...CORPUS_SUITES] } },
      { extends: true, test: { name: 'scenario', include: ['test/scenarios/**/*.test.ts', 'test/watch/**/*.test.ts', 'test/model/**/*.test.ts'] } },
      // Separate processes sharing one state file, kills, full disks: each file builds and spawns bin/kubemu.
      { extends: true, test: { name: 'reliability', include: ['test/reliability/**/*.test.ts'] } },
      { extends: true, test: { name: 'fuzz', include: ['test/fuzz/**/*.test.ts'] } },
      // The store conformance suite, the real-world corpus and kubectl 1.32 as an oracle.
      { extends: true, test: { name: 'conformance', include: ['test/conformance/**/*.test.ts', 'test/differential/**/*.test.ts', ...CORPUS_SUITES] } },
    ],
  },
});
