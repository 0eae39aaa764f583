/**
 * entry: the first code that runs. It answers `version --client` without loading the
 * rest of kubemu (start-up time is a feature), and hands everything else to main.
 */
import { clientVersionText } from './version';

/** run executes the CLI for argv and sets the process exit code. */
export function run(argv: string[]): void {
  if (argv.length === 2 && argv[0] === 'version' && (argv[1] === '--client' || argv[1] === '--client=true')) {
    process.stdout.write(clientVersionText());
    return;
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { main } = require('./main.js') as typeof import('./main');
  const { processIO } = require('./main.js') as typeof import('./main');
  const io = processIO();
  let code: number;
  try {
    code = main(argv, io);
  } finally {
    io.flush();
  }
  process.exitCode = code;
}
