/**
 * generators: the objects `kubectl create <sub>`, `kubectl run` (and soon `expose`, `autoscale`)
 * would send, built by pure functions from already-parsed flag values, byte-compatible with
 * kubectl v1.32's `--dry-run=client -o json` (key order, `creationTimestamp: null`, `resources: {}`,
 * `status: {}` stubs). The folder owns the flag table (GENERATORS) the CLI parses and prints
 * --help from, the GeneratorError type, and the injected file access (GeneratorFs) that
 * --from-file and friends read through. It never touches the store or argv.
 */
export { GENERATORS, generatorSpec } from './generator-table';
export type { FlagSpec, FlagType, GeneratorSpec } from './flag-spec';
export { GeneratorError, REQUIRED_FLAG_NOT_SET, EXACTLY_ONE_NAME, requireFlag, requireFlags } from './generator-error';
export { nameFromArgs } from './name-args';
export { nodeGeneratorFs, type GeneratorFs, type FsEntry, type NodeFsLike } from './generator-fs';
export { deterministicSuffix, SUFFIX_ALPHABET, type RandomSuffix } from './random-suffix';
export { createNamespace } from './namespace';
export { createServiceAccount, type CreateServiceAccountOptions } from './serviceaccount';
export { createConfigMap, type CreateConfigMapOptions } from './configmap';
export { createDeployment, containerNameForImage, type CreateDeploymentOptions } from './deployment';
export { createSecretGeneric, type CreateSecretGenericOptions } from './secret-generic';
export { createSecretTls, type CreateSecretTlsOptions } from './secret-tls';
export { createSecretDockerRegistry, type CreateSecretDockerRegistryOptions } from './secret-docker-registry';
export {
  createService, createServiceClusterIP, createServiceNodePort, createServiceLoadBalancer, createServiceExternalName,
  type CreateServiceOptions, type ServiceType,
} from './service';
export { createJob, createJobFromCronJob, validateCreateJob, type CreateJobOptions } from './job';
export { createCronJob, type CreateCronJobOptions } from './cronjob';
export { run, type RunOptions, type RunResult } from './run';
export { generateService, type ServiceParams } from './service-generator';
export { createRoleBinding, createClusterRoleBinding, type CreateRoleBindingOptions, type CreateClusterRoleBindingOptions } from './rolebinding';
export { createPriorityClass, type CreatePriorityClassOptions } from './priorityclass';
export {
  createRole, createClusterRole, parseStringToString, VALID_RESOURCE_VERBS, VALID_NON_RESOURCE_VERBS,
  type CreateRoleOptions, type CreateClusterRoleOptions,
} from './role';
export { createQuota, parseHard, parseScopes, type CreateQuotaOptions } from './quota';
export { createIngress, type CreateIngressOptions } from './ingress';
export { createPodDisruptionBudget, parseToLabelSelector, type CreatePdbOptions } from './pdb';
