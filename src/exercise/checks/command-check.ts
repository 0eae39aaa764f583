/**
 * command-check: a command line's output and exit status, run through the CLI as the learner
 * would type it — for what only the CLI shows (kubectl reaching the API server at all).
 */
import { commandArgv } from '../command-line';
import { fail, pass, type CheckContext, type Verdict } from './check-context';

export function checkCommand(ctx: CheckContext, line: string, stdoutMatches?: string, exitCode?: number): Verdict {
  const r = ctx.host.run(commandArgv(line));
  if (exitCode !== undefined && r.code !== exitCode) {
    const why = (r.stderr || r.stdout).split('\n').find((l) => l.trim());
    return fail(`\`${line}\` exited ${r.code}, want ${exitCode}${why ? `: ${why}` : ''}`);
  }
  if (stdoutMatches !== undefined && !new RegExp(stdoutMatches).test(r.stdout)) return fail(`\`${line}\` printed no match for /${stdoutMatches}/`);
  return pass(`\`${line}\` exited ${r.code}`);
}
