// Captures `kubectl <command> --help` of every kubectl command, as the kubectl 1.32 client
// prints it off a terminal, into src/cli/kubectl-help.json: kubemu's --help prints kubectl's
// description, aliases, examples, subcommand list and each flag's text from it, and its own
// flag table for which flags there are (src/cli/help.ts). Run it after moving to a new kubectl:
//   node scripts/capture-kubectl-help.mjs [path/to/kubectl.1.32]
import { execFileSync } from 'node:child_process';
import { realpathSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

const kubectl = process.argv[2]
  ?? path.join(path.dirname(realpathSync(execFileSync('sh', ['-c', 'command -v kubectl'], { encoding: 'utf8' }).trim())), 'kubectl.1.32');
const help = (args) => execFileSync(kubectl, [...args, '--help'], { encoding: 'utf8', env: { PATH: process.env.PATH, HOME: '/nonexistent', KUBECONFIG: '/dev/null' } });

/** subcommands lists the commands a help text names (the root's groups, a parent's "Available Commands:"). */
function subcommands(text) {
  const names = [];
  let inList = false;
  for (const line of text.split('\n')) {
    if (/^[A-Z][^:]*:$/.test(line)) { inList = /Commands/.test(line); continue; }
    const m = inList && /^ {2}(\S+) {2,}/.exec(line);
    if (m) names.push(m[1]);
  }
  return names;
}

const out = {};
const walk = (args) => {
  const text = help(args);
  if (args.length) out[args.join(' ')] = text;
  for (const sub of subcommands(text)) if (sub !== 'help') walk([...args, sub]);
};
walk([]);
const version = execFileSync(kubectl, ['version', '--client', '-o', 'json'], { encoding: 'utf8' });
const file = new URL('../src/cli/kubectl-help.json', import.meta.url);
writeFileSync(file, `${JSON.stringify({ kubectl: JSON.parse(version).clientVersion.gitVersion, help: out }, null, 1)}\n`);
console.log(`${Object.keys(out).length} commands from kubectl ${JSON.parse(version).clientVersion.gitVersion}`);
