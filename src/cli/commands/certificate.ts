/**
 * certificate: kubectl certificate approve|deny — adds the Approved or Denied condition to
 * CertificateSigningRequests through the approval subresource, after which the signer issues an
 * approved client certificate. A request that already carries the condition is left alone
 * unless --force; one that carries the other decision is refused before any request, and the
 * API server validates what the approval subresource is sent.
 * Mirrors kubernetes/kubectl pkg/cmd/certificates.
 */
import { ApiError } from '../../apiserver/errors';
import { defineCommand, type Command, type FlagsContext } from '../command';
import { CliError, finishWithErrors, formatApiError, type CollectedError } from '../errors';
import { defineFlags } from '../flag-table';
import { printObjects } from '../output';
import { outputOf, PRINT_FLAGS } from '../print-flags';
import { KUSTOMIZE_FLAG, resolveTargets, SELECT_FLAGS } from './targets';
import { commandHelp } from '../help';
import { kubectlHelpText } from '../kubectl-help';

const FIELD_MANAGER = 'kubectl-certificate';

type Decision = { type: 'Approved' | 'Denied'; word: 'approved' | 'denied'; reason: string; message: string };
const APPROVE: Decision = { type: 'Approved', word: 'approved', reason: 'KubectlApprove', message: 'This CSR was approved by kubectl certificate approve.' };
const DENY: Decision = { type: 'Denied', word: 'denied', reason: 'KubectlDeny', message: 'This CSR was denied by kubectl certificate deny.' };

/** ERR_NO_CSR is Validate's refusal when neither a name nor -f/-k is given. */
const ERR_NO_CSR = 'one or more CSRs must be specified as <name> or -f <filename>';

/**
 * decide is modifyCertificateCondition: every CSR named (or in -f/-k) gets the condition, and
 * kubectl prints it as its builder read it, before the change. Errors are collected and
 * reported after the others, as its ContinueOnError visitor does.
 */
function decide(ctx: FlagsContext<typeof FLAGS>, d: Decision): number {
  const out = outputOf(ctx.flags, ctx.set);
  if (!ctx.args.length && !ctx.flags.filename.length && !ctx.flags.kustomize) throw new CliError(ERR_NO_CSR);
  // The builder's ResourceNames: a bare word names a CSR; TYPE/NAME is taken as it is.
  const args = ctx.args.map((a) => (a.includes('/') ? a : `certificatesigningrequests/${a}`));
  const { targets, errors } = resolveTargets(ctx, { args });
  const cluster = ctx.cluster();
  const registry = cluster.api.registry();
  const collected: CollectedError[] = [...errors];
  let found = 0;
  for (const t of targets) {
    try {
      const read = cluster.read(() => cluster.api.get(t.ref));
      if (t.info.kind !== 'CertificateSigningRequest' || t.info.group !== 'certificates.k8s.io') {
        throw new CliError(`can only handle CertificateSigningRequest.certificates.k8s.io objects, got ${t.info.group ? `${t.info.kind}.${t.info.group}` : t.info.kind}`);
      }
      cluster.write(() => {
        const csr = structuredClone(cluster.api.get(t.ref));
        const conditions: { type: string }[] = csr.status?.conditions ?? [];
        const opposite = conditions.find((c) => c.type === (d.type === 'Approved' ? 'Denied' : 'Approved'));
        if (opposite) throw new CliError(`certificate signing request "${t.ref.name}" is already ${opposite.type}`);
        const has = conditions.some((c) => c.type === d.type);
        if (has && !ctx.flags.force) return;
        // addConditionIfNeeded: under --force a request that has the condition is sent back as it is.
        if (!has) csr.status = { ...csr.status, conditions: [...conditions, { type: d.type, status: 'True', reason: d.reason, message: d.message, lastUpdateTime: cluster.clock.nowISO() }] };
        cluster.api.updateApproval(csr, { fieldManager: FIELD_MANAGER });
      });
      found++;
      ctx.io.out(out ? printObjects([read], out, true, registry, false, ctx.flags['show-managed-fields']) : `certificatesigningrequest.certificates.k8s.io/${t.ref.name} ${d.word}\n`);
    } catch (e) {
      if (e instanceof ApiError) collected.push(formatApiError(e));
      else if (e instanceof CliError) collected.push({ alone: `error: ${e.message}`, among: e.message });
      else throw e;
    }
  }
  if (!found && !collected.length) ctx.io.out('No resources found\n');
  return finishWithErrors(ctx.io, collected, true);
}

const FLAGS = defineFlags([
  { name: 'force', type: 'bool', default: false, help: 'Update the CSR even if it is already approved.' },
  ...SELECT_FLAGS.filter((f) => f.name === 'filename' || f.name === 'recursive'),
  KUSTOMIZE_FLAG,
  ...PRINT_FLAGS,
]);

const approve = defineCommand({
  name: 'approve', short: 'Approve a certificate signing request', usage: 'kubectl certificate approve (-f FILENAME | NAME)', flags: FLAGS,
  run: (ctx) => decide(ctx, APPROVE),
});
const deny = defineCommand({
  name: 'deny', short: 'Deny a certificate signing request', usage: 'kubectl certificate deny (-f FILENAME | NAME)',
  flags: FLAGS.map((f) => (f.name === 'force' ? { ...f, help: 'Update the CSR even if it is already denied.' } : f)) as unknown as typeof FLAGS,
  run: (ctx) => decide(ctx, DENY),
});

/** certificateCommand is `kubectl certificate`. */
export const certificateCommand: Command = defineCommand({
  name: 'certificate', short: 'Modify certificate resources', usage: 'kubectl certificate SUBCOMMAND', flags: [],
  subcommands: { approve, deny },
  // kubectl's certificate has no run of its own: cobra prints its help, whatever words follow.
  run(ctx) {
    ctx.io.out(commandHelp(certificateCommand, 'kubectl certificate', kubectlHelpText('certificate')));
    return 0;
  },
});
