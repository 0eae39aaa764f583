/**
 * validatingadmissionpolicystatus: kube-controller-manager's
 * validatingadmissionpolicy-status-controller. For each ValidatingAdmissionPolicy whose
 * status.observedGeneration trails metadata.generation it type-checks the expressions against
 * the kinds the policy matches and writes status.observedGeneration and
 * status.typeChecking (expressionWarnings only when there are some), as upstream's
 * (pkg/controller/validatingadmissionpolicystatus). The checker is the API server's; it is
 * passed in, as the controller manager links it in.
 */
import type { KubeObject } from '../../api/meta';
import type { Controller, ReconcileContext, Request } from '../../sim/controller';

export const NAME = 'validatingadmissionpolicy-status-controller';

/** TypeCheck returns a policy's expression warnings. */
export type TypeCheck = (policy: KubeObject) => { fieldRef: string; warning: string }[];

/** newValidatingAdmissionPolicyStatusController keeps policies' type-checking status current. */
export function newValidatingAdmissionPolicyStatusController(typeCheck: TypeCheck): Controller {
  return {
    name: NAME,
    for: 'ValidatingAdmissionPolicy',
    reconcile(req: Request, ctx: ReconcileContext): void {
      const policy = ctx.api.tryGet({ kind: 'ValidatingAdmissionPolicy', name: req.name });
      if (!policy) return;
      const generation = policy.metadata.generation ?? 1;
      if (policy.status?.observedGeneration === generation) return;
      const warnings = typeCheck(policy);
      const status = { ...policy.status, observedGeneration: generation, typeChecking: warnings.length ? { expressionWarnings: warnings } : {} };
      ctx.api.updateStatus({ ...policy, status }, { fieldManager: NAME });
    },
  };
}
