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

// Unit tests sit next to their code under src/; scenario, conformance and helper code under test/.
// Test files share their worker process (isolate: false): importing kubemu afresh for each of
// ~190 files cost a third of the suite's time. A test that changes process-wide state (env,
// globalThis markers) restores it.
export default defineConfig({
  plugins: [splitPointsAsImports],
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
