/**
 * doctor: kubemu doctor — runs the R5 invariant checker (src/invariants) over every
 * object in the cluster's state file, plus SQLite's integrity check when the store offers
 * one, and prints `ok: N objects, M checks` or one line per violation (exit 1). It reads
 * a snapshot and never settles, so it judges exactly what the last command left behind.
 */
import type { CommandContext } from '../command';
import { leaf, ownVerb } from '../own-verb';
import { CliError } from '../errors';
import type { KubeObject } from '../../api/meta';
import type { Store } from '../../store/store';
import { CHECKS, checkInvariants, type Violation } from '../../invariants';
import { renderReport, reportColors } from '../../printers/report';
import { corruptObjectText } from '../../apiserver/corrupt-object';
import { markReported } from '../corrupt-objects';

/** STORED_DECODE is the name violations of stored objects that do not decode are reported under. */
export const STORED_DECODE = 'stored-decode';

/** INTEGRITY_CHECK is the name violations of SQLite's own integrity check are reported under. */
export const INTEGRITY_CHECK = 'integrity-check';

/** allObjects lists every stored object, kind by kind (each storage kind once). */
export function allObjects(store: Store, storageKinds: Iterable<string>): KubeObject[] {
  const out: KubeObject[] = [];
  for (const kind of new Set(storageKinds)) out.push(...store.list({ kind }));
  return out;
}

/** checkState runs the invariants over the state file; `shown` is the command as the user typed it. */
export function checkState(ctx: CommandContext, shown: string): number {
    if (ctx.args.length) throw new CliError(`unexpected arguments for '${shown}': ${ctx.args.join(' ')}`);
    const cluster = ctx.cluster();
    cluster.store.checkEveryRow();
    const { report, integrity, corrupt } = cluster.read(() => {
      const kinds = cluster.api.registry().resources.map((r) => r.storageKind);
      const objects = allObjects(cluster.store, kinds);
      const rep = checkInvariants({ objects, revision: cluster.store.revision() });
      const integ = cluster.store.integrityCheck();
      return { report: rep, integrity: integ, corrupt: cluster.store.quarantined() };
    });
    const violations: Violation[] = [...report.violations];
    // Objects the store could not decode are not among those checked: each is a violation of its own.
    for (const bad of corrupt) {
      const info = cluster.api.registry().forStorageKind(bad.kind);
      markReported(cluster.store, bad);
      violations.push({
        check: STORED_DECODE, object: `${bad.kind} ${bad.namespace ? `${bad.namespace}/` : ''}${bad.name}`,
        message: info ? corruptObjectText(info, bad) : `object not decodable revision=${bad.revision}: ${bad.cause}`,
      });
    }
    if (!(integrity.length === 1 && integrity[0] === 'ok')) {
      for (const line of integrity) violations.push({ check: INTEGRITY_CHECK, object: '-', message: line });
    }
    const checks = report.checks + 2;
    if (!violations.length) {
      ctx.io.out(`ok: ${report.objects} objects, ${checks} checks\n`);
      return 0;
    }
    const colors = reportColors(ctx.env, ctx.io.isTTY);
    ctx.io.out(renderReport(['CHECK', 'OBJECT', 'MESSAGE'], violations.map((v) => [v.check, v.object, v.message]), { colors, cell: (t, i) => (i === 0 ? colors.red(t) : t) }));
    ctx.io.err(`error: ${violations.length} invariant violation${violations.length === 1 ? '' : 's'} in ${report.objects} objects (${checks} checks)\n`);
    return 1;
}

/** doctorCommand checks kubemu's own consistency (it was `kubemu debug check`: kubectl's `debug` is another verb). */
export const doctorCommand = ownVerb(leaf({
  command: 'doctor',
  describe: `Check the cluster state against kubemu's ${CHECKS.length} invariants (kubemu)`,
  examples: [['$0 doctor', 'prints "ok: N objects, M checks", or one line per violation and exits 1']],
  run: (ctx) => checkState(ctx, 'kubemu doctor'),
}));

/** DEBUG_CHECK_DEPRECATED is the warning the old spelling (`kubemu debug check`, now read by kubectl's debug verb) prints. */
export const DEBUG_CHECK_DEPRECATED = "Warning: 'kubemu debug check' is deprecated and will be removed; use 'kubemu doctor'\n";
