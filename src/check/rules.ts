/**
 * rules: every kind of finding `kubemu check` reports, as data — an id a CI log can be
 * grepped for (and a later --ignore can name), its level and what it means. Ids are stable:
 * a rule is never renumbered, a retired one is never reused.
 */

/** Level decides the exit code: any error fails the check; warnings and notes do not. */
export type Level = 'error' | 'warning' | 'info';

/** Rule is one row of the table. */
export interface Rule { readonly id: string; readonly level: Level; readonly summary: string }

function rule(id: string, level: Level, summary: string): Rule {
  return { id, level, summary };
}

/** RULES by name; `RULES.rejected.id` is `KM001-rejected`. */
export const RULES = {
  rejected: rule('KM001-rejected', 'error', 'The API server (or kubectl before it) refused the object; the reason is the text `kubectl apply` prints.'),
  unreadable: rule('KM002-unreadable', 'error', 'The file could not be read or parsed as YAML/JSON manifests.'),
  namespaceCreated: rule('KM003-namespace-created', 'info', 'The object names a namespace the bundle does not create; the check created it, as the real cluster must already have it.'),
  deprecatedApi: rule('KM004-deprecated-api', 'warning', "The apiVersion is deprecated in the target version: the API server's warning, naming the replacement and the version that removes it."),
  removedApi: rule('KM005-removed-api', 'error', 'The target version does not serve the apiVersion (removed, or not yet added); the text `kubectl apply` prints.'),
  unknownField: rule('KM006-unknown-field', 'warning', 'An unknown field, reported as a warning under --lenient (without it the object is rejected, KM001).'),
  unschedulable: rule('KM010-unschedulable', 'error', "A pod stayed Pending: the scheduler's PodScheduled=False message."),
  podsNotCreated: rule('KM011-pods-not-created', 'error', "The workload's controller did not create all its pods (its FailedCreate event when there is one)."),
  imagePull: rule('KM020-image-pull', 'error', "A container's image cannot be pulled (ErrImagePull / ImagePullBackOff, with the kubelet's message)."),
  crashLoop: rule('KM021-crash-loop', 'error', 'A container keeps exiting and is restarted with back-off (CrashLoopBackOff).'),
  containerConfig: rule('KM022-container-config', 'error', "A container cannot be created from its spec (CreateContainerConfigError: a missing ConfigMap, Secret or key)."),
  notReady: rule('KM023-not-ready', 'error', 'A pod runs but never became Ready (readiness never true, or a container still waiting when simulated time ran out).'),
  progressDeadline: rule('KM024-progress-deadline', 'error', 'The Deployment rollout stopped progressing (Progressing=False, ProgressDeadlineExceeded).'),
  podFailed: rule('KM025-pod-failed', 'error', 'A pod or Job failed (phase Failed, or the Job\'s Failed condition).'),
  quotaExceeded: rule('KM026-quota-exceeded', 'error', "A ResourceQuota refused the workload's pods (the controller's FailedCreate: exceeded quota)."),
  notComplete: rule('KM027-not-complete', 'error', 'With --until complete: a Job did not complete, or a rollout (Deployment, StatefulSet, DaemonSet) did not finish.'),
  pvcPending: rule('KM030-pvc-pending', 'error', 'A PersistentVolumeClaim stayed Pending (no StorageClass, class not found, no volume).'),
  serviceSelectsNothing: rule('KM040-service-no-pods', 'error', 'A Service selector matches no pod.'),
  serviceTargetPort: rule('KM041-service-target-port', 'error', 'A Service targetPort is exposed by no container of the pods it selects.'),
  ingressBackend: rule('KM050-ingress-backend', 'error', 'An Ingress or HTTPRoute sends traffic to a Service that does not exist or has no such port.'),
  hpaTarget: rule('KM051-hpa-target', 'error', 'A HorizontalPodAutoscaler targets a workload that does not exist, or whose containers lack requests for its resource metric.'),
  pdbNoDisruption: rule('KM052-pdb-no-disruption', 'warning', 'A PodDisruptionBudget allows no disruption (minAvailable ≥ replicas, or maxUnavailable 0): node drains and upgrades block.'),
  podSecurity: rule('KM054-pod-security', 'error', "Pod Security Admission refuses the pods for the namespace's enforce level (a warning for its warn or audit level): the API server's violates PodSecurity text."),
  policyIsolates: rule('KM053-networkpolicy-isolates', 'warning', "NetworkPolicies leave no way into a Service's pods: no pod, namespace or address may connect to any of its ports."),
} as const satisfies Record<string, Rule>;

/** isPodSecurity says a refusal or warning is Pod Security Admission's ("violates PodSecurity", "would violate PodSecurity"): KM054. */
export const isPodSecurity = (text: string): boolean => /violates? PodSecurity "/.test(text);

/** RULE_TABLE lists the rules in id order (docs and `--help` print it). */
export const RULE_TABLE: readonly Rule[] = Object.values(RULES).sort((a, b) => (a.id < b.id ? -1 : 1));
