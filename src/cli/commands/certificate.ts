/**
 * certificate: kubectl certificate approve|deny — adds the Approved or Denied condition to
 * CertificateSigningRequests (the approval subresource), after which the signer issues an
 * approved client certificate. A request that already carries the condition is left alone
 * unless --force; Approved and Denied together are refused as the API server refuses them.
 * Mirrors kubernetes/kubectl pkg/cmd/certificates.
 */
import { ApiError } from '../../apiserver/errors';
import { defineCommand, type Command, type CommandContext } from '../command';
import { UsageError } from '../errors';
import { commandHelp } from '../help';
import { kubectlHelpText } from '../kubectl-help';

const FIELD_MANAGER = 'kubectl-certificate';

type Decision = { type: 'Approved' | 'Denied'; word: 'approved' | 'denied'; reason: string; message: string };
const APPROVE: Decision = { type: 'Approved', word: 'approved', reason: 'KubectlApprove', message: 'This CSR was approved by kubectl certificate approve.' };
const DENY: Decision = { type: 'Denied', word: 'denied', reason: 'KubectlDeny', message: 'This CSR was denied by kubectl certificate deny.' };

function decide(ctx: CommandContext, d: Decision): number {
  if (!ctx.args.length) throw new UsageError('one or more CSRs must be specified as <name> or -f <filename>', `certificate ${d.word === 'approved' ? 'approve' : 'deny'}`);
  const cluster = ctx.cluster();
  for (const arg of ctx.args) {
    const name = arg.replace(/^(certificatesigningrequests?|csr)(\.certificates\.k8s\.io)?\//, '');
    cluster.write(() => {
      const csr = structuredClone(cluster.api.get({ kind: 'CertificateSigningRequest', name }));
      const conditions = csr.status?.conditions ?? [];
      const other = d.type === 'Approved' ? 'Denied' : 'Approved';
      if (conditions.some((c) => c.type === d.type) && !ctx.flags.force) return;
      if (conditions.some((c) => c.type === other)) {
        throw new ApiError('Invalid', 422, 'invalid', {
          kind: 'CertificateSigningRequest', name,
          causes: [{ field: `status.conditions[${conditions.length}].type`, message: `Invalid value: "${d.type}": Approved and Denied conditions are mutually exclusive` }],
        });
      }
      const at = cluster.clock.nowISO();
      csr.status = { ...csr.status, conditions: [...conditions.filter((c) => c.type !== d.type), { type: d.type, status: 'True', reason: d.reason, message: d.message, lastUpdateTime: at, lastTransitionTime: at }] };
      cluster.api.updateStatus(csr, { fieldManager: FIELD_MANAGER });
    });
    ctx.io.out(`certificatesigningrequest.certificates.k8s.io/${name} ${d.word}\n`);
  }
  return 0;
}

const FLAGS = [{ name: 'force', type: 'bool', default: false, help: 'Update the CSR even if it is already approved.' }] as const;

const approve = defineCommand({
  name: 'approve', short: 'Approve a certificate signing request', usage: 'kubectl certificate approve (-f FILENAME | NAME)', flags: [...FLAGS],
  run: (ctx) => decide(ctx, APPROVE),
});
const deny = defineCommand({
  name: 'deny', short: 'Deny a certificate signing request', usage: 'kubectl certificate deny (-f FILENAME | NAME)', flags: [{ ...FLAGS[0], help: 'Update the CSR even if it is already denied.' }],
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
