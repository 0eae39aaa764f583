import { defineConfig, type Plugin } from 'vitest/config';

/**
 * kubemu's split points are typed requires inside functions, `require('./m') as typeof
 * import('./m')`, which the build (scripts/build.mjs) turns into files loaded on first call.
 * Vitest runs the sources as ES modules, where Node's require cannot load a .ts file (and
 * would load a second copy of the module if it could): for tests, each becomes a static
 * import of the module.
 */
const SPLIT_POINT = /\brequire\((['"])(\.\.?\/[^'"]+)\1\)( as typeof import\(\1\2\1\))/g;
const splitPointsAsImports: Plugin = {
  name: 'kubemu-split-points-as-imports',
  enforce: 'pre',
  transform(code: string, id: string) {
    if (!/\/src\/.*\.ts$/.test(id) || !code.includes('require(')) return null;
    const imports: string[] = [];
    const out = code.replace(SPLIT_POINT, (_call: string, _q: string, spec: string, cast: string) => {
      const name = `__splitPoint${imports.length}`;
      imports.push(`import * as ${name} from ${JSON.stringify(spec)};`);
      return `${name}${cast}`;
    });
    // On the first line, so the lines after keep their numbers in stack traces.
    return imports.length ? { code: `${imports.join(' ')}${out}`, map: null } : null;
  },
};

// Projects, so a change can run just its layer: `npm run test:unit` (src/),
// `test:scenario` (the CLI in-process), and the slower reliability, fuzz and conformance
// suites; `npm test` runs them all.
// Test files share their worker process (isolate: false): importing kubemu afresh for each of
// ~190 files cost a third of the suite's time. A test that changes process-wide state (env,
// globalThis markers) restores it.
/**
 * CORPUS_SUITES read the real-world manifest corpus (../shared/corpus, optional beside the
 * repository): their own project, `npm run test:corpus`, so `npm test` keeps its time budget
 * on machines that have the corpus (check's corpus run alone is a minute and a half of CPU).
 */
const CORPUS_SUITES = ['src/**/*corpus.test.ts', 'test/conformance/corpus.test.ts'];

// Names this run for its workers: the real binary is built once per run (test/helpers/build-once.ts).
process.env.KUBEMU_TEST_RUN ??= `${process.pid}-${Date.now()}`;

export default defineConfig({
  plugins: [splitPointsAsImports],
  test: {
    pool: 'forks',
    // Removes the run's folder (the built binary's private copies) when the run ends.
    globalSetup: ['test/helpers/global-teardown.ts'],
    // Both cores: many files wait on child processes or simulated clocks, not on the CPU.
    maxWorkers: 2,
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      // Suites over the manifest corpus sit beside the code they check but run with conformance:
      // jsonpath against kubectl over every corpus file alone took a third of src/'s time.
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'test/layers/**/*.test.ts'], exclude: [...CORPUS_SUITES] } },
      { extends: true, test: { name: 'scenario', include: ['test/scenarios/**/*.test.ts', 'test/watch/**/*.test.ts', 'test/model/**/*.test.ts', 'test/exercises/**/*.test.ts'] } },
      // Separate processes sharing one state file, kills, full disks: each file builds and spawns bin/kubemu.
      // Isolated: each file's private copy of the binary (spawn-cli.ts) is its own, whatever else the worker ran.
      { extends: true, test: { name: 'reliability', include: ['test/reliability/**/*.test.ts'], isolate: true } },
      { extends: true, test: { name: 'fuzz', include: ['test/fuzz/**/*.test.ts'] } },
      // The store conformance suite, the real-world corpus and kubectl 1.32 as an oracle (also against `kubemu serve`).
      { extends: true, test: { name: 'conformance', include: ['test/conformance/**/*.test.ts', 'test/differential/**/*.test.ts', 'test/serve/**/*.test.ts'], exclude: [...CORPUS_SUITES] } },
      { extends: true, test: { name: 'corpus', include: [...CORPUS_SUITES] } },
    ],
  },
});
