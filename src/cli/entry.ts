/**
 * entry: the first code that runs. It answers `version --client` without loading the
 * rest of kubemu (start-up time is a feature), and loads the main bundle through V8's
 * code cache, so later runs skip most of the compile work.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { createRequire } from 'node:module';
import { clientVersionText } from './version';

type MainModule = typeof import('./main');

/** loadMain evaluates dist/main.js with a code cache beside it (best effort: a read-only install just compiles). */
function loadMain(): { main: MainModule; saveCache: () => void } {
  const file = path.join(__dirname, 'main.js');
  const source = fs.readFileSync(file, 'utf8');
  const cacheFile = path.join(__dirname, `.main.${process.version}.${source.length}.cache`);
  let cachedData: Buffer | undefined;
  try { cachedData = fs.readFileSync(cacheFile); } catch { /* first run */ }
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new vm.Script(wrapped, { filename: file, cachedData });
  const mod = { exports: {} as MainModule };
  (script.runInThisContext() as (...a: unknown[]) => void)(mod.exports, createRequire(file), mod, file, __dirname);
  const saveCache = () => {
    if (cachedData && !script.cachedDataRejected) return;
    try {
      const tmp = `${cacheFile}.${process.pid}`;
      fs.writeFileSync(tmp, script.createCachedData());
      fs.renameSync(tmp, cacheFile);
    } catch { /* not writable: fine */ }
  };
  return { main: mod.exports, saveCache };
}

/** run executes the CLI for argv and sets the process exit code. */
export function run(argv: string[]): void {
  if (argv.length === 2 && argv[0] === 'version' && (argv[1] === '--client' || argv[1] === '--client=true')) {
    process.stdout.write(clientVersionText());
    return;
  }
  const { main: m, saveCache } = loadMain();
  const io = m.processIO();
  let code: number;
  try {
    // The process ends right after: the state file need not be closed (WAL keeps it consistent).
    code = m.main(argv, io, process.env, process.cwd(), { keepOpen: true });
  } finally {
    io.flush();
  }
  process.exitCode = code;
  saveCache();
}
