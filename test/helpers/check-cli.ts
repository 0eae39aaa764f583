/**
 * check-cli: runs `kubemu check` from the check fixtures' folder, each run in a fresh home
 * (check must write nothing there; some tests look), all removed when the file's tests end.
 */
import * as path from 'node:path';
import { afterAll } from 'vitest';
import { tempHome, type TempHome } from './run-cli';

/** CHECK_DATA is the folder of check's fixture bundles and golden reports. */
export const CHECK_DATA = path.resolve(__dirname, '../scenarios/testdata/check');

/** checkRunner returns check(args, stdin?) for the calling test file. */
export function checkRunner() {
  const homes: TempHome[] = [];
  afterAll(() => { for (const h of homes) h.cleanup(); });
  return (args: string, stdin?: string) => {
    const home = tempHome();
    homes.push(home);
    return { ...home.run(`check ${args}`, { cwd: CHECK_DATA, stdin }), home };
  };
}
