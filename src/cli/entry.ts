/**
 * entry: the first code that runs. It answers `version --client`, --help and flag errors
 * without loading the rest of kubemu (start-up time is a feature), and otherwise loads the
 * main bundle through the chunk loader, so later runs skip most of the compile work.
 */
import { writeSync } from 'node:fs';
import { clientVersionText } from './version';
import { ChunkLoader, FILE_HEAD, FILE_TAIL } from './chunk-loader';
import { front, mayBeCreatePlugin } from './front';
import { isVerb, surfaceTable } from './surface';

export { ChunkLoader, FILE_HEAD, FILE_TAIL }; // the build loads the bundle with it too, and writes its files

type MainModule = typeof import('./main');

/**
 * answeredFromSurface answers --help and flag errors from the command table files alone.
 * Anything else — and anything unexpected here — is left to main, which decides the same way.
 */
function answeredFromSurface(argv: string[]): boolean {
  if (argv.length && !argv.some((a) => a.startsWith('-'))) return false; // no flags: nothing to answer
  try {
    const table = surfaceTable(__dirname);
    // A create plugin's flags are its own: main looks for the plugin first.
    if (mayBeCreatePlugin(argv, table)) return false;
    const r = front(argv, table);
    if (r.kind !== 'answered') return false;
    if (r.stdout) writeSync(1, r.stdout);
    if (r.stderr) writeSync(2, r.stderr);
    process.exitCode = r.code;
    return true;
  } catch {
    return false;
  }
}

/** TOOL_NAMES are the programs kubemu is when run through a link of that name (`ln -s kubemu etcdctl`). */
const TOOL_NAMES = new Set(['etcdctl', 'etcdutl']);

/** asInvoked puts the tool's name in front of argv when kubemu runs as etcdctl or etcdutl. */
function asInvoked(argv: string[]): string[] {
  const name = (process.argv[1] ?? '').split(/[\\/]/).pop()!;
  return TOOL_NAMES.has(name) ? [name, ...argv] : argv;
}

/** run executes the CLI for argv and sets the process exit code. */
export function run(cliArgv: string[]): void {
  const argv = asInvoked(cliArgv);
  if (argv.length === 2 && argv[0] === 'version' && (argv[1] === '--client' || argv[1] === '--client=true')) {
    writeSync(1, clientVersionText()); // not process.stdout: building Node's stream stack costs more than this whole command
    return;
  }
  if (answeredFromSurface(argv)) return;
  // Each command keeps its own code caches (a typo or a leading flag uses the shared ones).
  const loader = new ChunkLoader(__dirname, isVerb(__dirname, argv[0]) ? argv[0] : '');
  const m = loader.load('main.js') as MainModule;
  const io = m.processIO();
  let code: number;
  let closeState: (() => void) | undefined;
  try {
    code = m.main(argv, io, process.env, process.cwd(), { leaveOpen: (close) => { closeState = close; } });
  } finally {
    io.flush();
  }
  process.exitCode = code;
  loader.saveCaches();
  // Once the command's own ticks and promises have run: if it left nothing running (a proxy's
  // listener, a lookup, a timer), close the state file and end without Node's teardown of the
  // heap and handles (~6 ms of a one-Deployment apply). Otherwise Node ends the process when
  // the command is done, and its cleanup closes the file.
  setImmediate(() => {
    if (process.getActiveResourcesInfo().length > 0) return;
    closeState?.();
    process.exit();
  });
}
