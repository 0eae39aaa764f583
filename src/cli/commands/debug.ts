/**
 * debug: kubemu debug check — runs the R5 invariant checker (src/invariants) over every
 * object in the cluster's state file, plus SQLite's integrity check when the store offers
 * one, and prints `ok: N objects, M checks` or one line per violation (exit 1). It reads
 * a snapshot and never settles, so it judges exactly what the last command left behind.
 */
import type { Command, CommandContext } from '../command';
import { CliError } from '../errors';
import type { KubeObject } from '../../api/meta';
import type { Store } from '../../store/store';
import { CHECKS, checkInvariants, formatViolation, type Violation } from '../../invariants';

/** INTEGRITY_CHECK is the name violations of SQLite's own integrity check are reported under. */
export const INTEGRITY_CHECK = 'integrity-check';

/** allObjects lists every stored object, kind by kind (each storage kind once). */
export function allObjects(store: Store, storageKinds: Iterable<string>): KubeObject[] {
  const out: KubeObject[] = [];
  for (const kind of new Set(storageKinds)) out.push(...store.list({ kind }));
  return out;
}

const check: Command = {
  name: 'check',
  short: 'Check the cluster state against kubemu\'s invariants',
  usage: 'kubemu debug check',
  flags: [],
  run(ctx: CommandContext): number {
    if (ctx.args.length) throw new CliError(`unexpected arguments for 'kubemu debug check': ${ctx.args.join(' ')}`);
    const cluster = ctx.cluster();
    const { report, integrity } = cluster.read(() => {
      const kinds = cluster.api.registry().resources.map((r) => r.storageKind);
      const objects = allObjects(cluster.store, kinds);
      const rep = checkInvariants({ objects, revision: cluster.store.revision() });
      const integ = cluster.store.integrityCheck();
      return { report: rep, integrity: integ };
    });
    const violations: Violation[] = [...report.violations];
    if (!(integrity.length === 1 && integrity[0] === 'ok')) {
      for (const line of integrity) violations.push({ check: INTEGRITY_CHECK, object: '-', message: line });
    }
    const checks = report.checks + 1;
    if (!violations.length) {
      ctx.io.out(`ok: ${report.objects} objects, ${checks} checks\n`);
      return 0;
    }
    for (const v of violations) ctx.io.out(`${formatViolation(v)}\n`);
    ctx.io.err(`error: ${violations.length} invariant violation${violations.length === 1 ? '' : 's'} in ${report.objects} objects (${checks} checks)\n`);
    return 1;
  },
};

/** debugCommand groups kubemu's self-checks. */
export const debugCommand: Command = {
  name: 'debug',
  short: 'Check kubemu\'s own consistency (kubemu)',
  usage: 'kubemu debug check',
  flags: [],
  subcommands: { check },
  run() { throw new CliError(`specify a subcommand: check (${CHECKS.length} invariants)`); },
};
