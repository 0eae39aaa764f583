/**
 * job: `kubectl create job NAME --image=… [-- COMMAND…]` and `--from=cronjob/NAME`
 * (kubectl pkg/cmd/create/create_job.go).
 */
import type { KubeObject } from '../../api/meta';
import { GeneratorError } from './generator-error';
import { JOB_SPEC_KEYS, container, objectMeta, ordered, podTemplate } from './go-order';

/** IMAGE_OR_FROM is kubectl's text unless exactly one of --image and --from is given. */
export const IMAGE_OR_FROM = 'either --image or --from must be specified';
/** FROM_AND_COMMAND is kubectl's text for --from with a command after `--`. */
export const FROM_AND_COMMAND = 'cannot specify --from and command';
/** FROM_MUST_BE_CRONJOB is kubectl's text when --from names something other than one CronJob. */
export const FROM_MUST_BE_CRONJOB = 'from must be an existing cronjob';
/** INSTANTIATE_ANNOTATION marks a Job created by hand from a CronJob. */
export const INSTANTIATE_ANNOTATION = 'cronjob.kubernetes.io/instantiate';

/** CreateJobOptions mirrors the command's flags; `command` is the words after `--`. */
export interface CreateJobOptions {
  image?: string;
  /** from is --from, e.g. 'cronjob/nightly'; the caller resolves it and passes `fromCronJob`. */
  from?: string;
  command?: string[];
  namespace?: string;
}

/** validateCreateJob applies kubectl's flag checks; call it before resolving --from. */
export function validateCreateJob(o: CreateJobOptions): void {
  const hasImage = !!o.image;
  const hasFrom = !!o.from;
  if (hasImage === hasFrom) throw new GeneratorError(IMAGE_OR_FROM);
  if (o.command && o.command.length > 0 && hasFrom) throw new GeneratorError(FROM_AND_COMMAND);
}

/** jobSpec orders a JobSpec and its pod template the way kubectl's typed object serialises. */
export function jobSpec(spec: Record<string, unknown>): Record<string, unknown> {
  const template = spec.template as { metadata?: object; spec?: Record<string, unknown> } | undefined;
  return ordered({ ...spec, template: podTemplate(template ?? {}) }, JOB_SPEC_KEYS);
}

/** createJob builds the Job kubectl sends for `--image`: one container named after the job, restartPolicy Never. */
export function createJob(name: string, o: CreateJobOptions): KubeObject {
  validateCreateJob(o);
  const command = o.command && o.command.length > 0 ? o.command : undefined;
  return {
    kind: 'Job',
    apiVersion: 'batch/v1',
    metadata: objectMeta({ name, namespace: o.namespace }),
    spec: jobSpec({ template: { spec: { containers: [container({ name, image: o.image, command })], restartPolicy: 'Never' } } }),
    status: {},
  };
}

/**
 * createJobFromCronJob builds the Job for `create job NAME --from=cronjob/CJ`: the CronJob's job
 * template spec, its labels, its annotations plus `cronjob.kubernetes.io/instantiate: manual`,
 * and a controller owner reference to the CronJob.
 */
export function createJobFromCronJob(name: string, cronJob: KubeObject, o: { namespace?: string } = {}): KubeObject {
  if (cronJob.kind !== 'CronJob') throw new GeneratorError(FROM_MUST_BE_CRONJOB);
  const template = (cronJob.spec?.jobTemplate ?? {}) as { metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> }; spec?: Record<string, unknown> };
  // Go map: the annotations serialise sorted, the template's own value winning on a clash.
  const annotations: Record<string, string> = { [INSTANTIATE_ANNOTATION]: 'manual', ...(template.metadata?.annotations ?? {}) };
  const sorted = Object.fromEntries(Object.keys(annotations).sort().map((k) => [k, annotations[k]!]));
  return {
    kind: 'Job',
    apiVersion: 'batch/v1',
    metadata: objectMeta({
      name,
      namespace: o.namespace,
      labels: template.metadata?.labels,
      annotations: sorted,
      ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', name: cronJob.metadata.name!, uid: cronJob.metadata.uid!, controller: true }],
    }),
    spec: jobSpec(structuredClone(template.spec ?? {})),
    status: {},
  };
}
