/**
 * network-policy: facts of the networking.k8s.io/v1 NetworkPolicy type that more than one
 * layer needs (the describer prints them, the network enforces them).
 */

/** POLICY_TYPE_INGRESS and POLICY_TYPE_EGRESS are spec.policyTypes' values. */
export const POLICY_TYPE_INGRESS = 'Ingress';
export const POLICY_TYPE_EGRESS = 'Egress';

/**
 * policyTypesOf returns spec.policyTypes, or — for a policy stored without them — what the
 * API server defaults them to (networking/v1 NetworkPolicySpec.PolicyTypes): Ingress always,
 * plus Egress when the policy has egress rules.
 */
export function policyTypesOf(spec: { policyTypes?: string[]; egress?: unknown[] } | undefined): string[] {
  if ((spec?.policyTypes ?? []).length > 0) return spec!.policyTypes!;
  return (spec?.egress ?? []).length > 0 ? [POLICY_TYPE_INGRESS, POLICY_TYPE_EGRESS] : [POLICY_TYPE_INGRESS];
}
