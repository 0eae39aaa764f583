/**
 * cronjob: `kubectl create cronjob NAME --image=… --schedule=… [-- COMMAND…]`
 * (kubectl pkg/cmd/create/create_cronjob.go).
 */
import type { KubeObject } from '../../api/meta';
import { requireFlags } from './generator-error';
import { container, objectMeta } from './go-order';
import { jobSpec } from './job';

/** CreateCronJobOptions mirrors the command's flags; `restart` '' means OnFailure. */
export interface CreateCronJobOptions {
  /** image and schedule are undefined when not given (cobra's required flags). */
  image?: string;
  schedule?: string;
  restart?: string;
  command?: string[];
  namespace?: string;
}

/** createCronJob builds the CronJob kubectl sends: a job template named after it, one container. */
export function createCronJob(name: string, o: CreateCronJobOptions): KubeObject {
  requireFlags({ image: o.image, schedule: o.schedule });
  const command = o.command && o.command.length > 0 ? o.command : undefined;
  // kubectl does not check --restart here; the API server validates it.
  const restartPolicy = o.restart || 'OnFailure';
  return {
    kind: 'CronJob',
    apiVersion: 'batch/v1',
    metadata: objectMeta({ name, namespace: o.namespace }),
    spec: {
      schedule: o.schedule!,
      jobTemplate: {
        metadata: objectMeta({ name }),
        spec: jobSpec({ template: { spec: { containers: [container({ name, image: o.image, command })], restartPolicy } } }),
      },
    },
    status: {},
  };
}
