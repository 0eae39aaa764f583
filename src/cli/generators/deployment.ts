/**
 * deployment: `kubectl create deployment NAME --image=… [-- COMMAND…]`
 * (kubectl pkg/cmd/create/create_deployment.go).
 */
import type { KubeObject } from '../../api/meta';
import { GeneratorError, requireFlag } from './generator-error';
import { container, objectMeta, podTemplate } from './go-order';
import { deterministicSuffix, type RandomSuffix } from './random-suffix';

/** MULTIPLE_IMAGES_AND_COMMAND is kubectl's text for several --image with a command after `--`. */
export const MULTIPLE_IMAGES_AND_COMMAND = 'cannot specify multiple --image options and command';

/** CreateDeploymentOptions mirrors the command's flags; `command` is the words after `--`. */
export interface CreateDeploymentOptions {
  /** image is --image, undefined when not given (cobra's required flag). */
  image?: string[];
  replicas?: number;
  /** port is --port; kubectl's default -1 (or undefined) means no containerPort. */
  port?: number;
  command?: string[];
  namespace?: string;
  /** randomSuffix names containers whose image name has `.` or `_`; defaults to a seeded one. */
  randomSuffix?: RandomSuffix;
}

/** containerNameForImage is the container name kubectl derives: last path part, no tag or digest. */
export function containerNameForImage(image: string, randomSuffix: RandomSuffix): string {
  let name = image.split('/').pop()!;
  name = name.split(':')[0]!;
  name = name.split('@')[0]!;
  // `.` and `_` are not allowed in container names; kubectl swaps them for `-` and adds a
  // suffix so two such images cannot collide.
  if (/[_.]/.test(name)) name = `${name.replace(/[_.]/g, '-')}-${randomSuffix(5)}`;
  return name;
}

/** createDeployment builds the Deployment kubectl sends: label/selector `app: NAME`, one container per image. */
export function createDeployment(name: string, o: CreateDeploymentOptions): KubeObject {
  requireFlag('image', o.image);
  const images = o.image!;
  const command = o.command && o.command.length > 0 ? o.command : undefined;
  if (images.length > 1 && command) throw new GeneratorError(MULTIPLE_IMAGES_AND_COMMAND);
  const suffix = o.randomSuffix ?? deterministicSuffix(name);
  const containers: Record<string, unknown>[] = images.map((image) =>
    container({ name: containerNameForImage(image, suffix), image, command }));
  const port = o.port ?? -1;
  // kubectl puts --port on the first container only.
  if (port >= 0 && containers.length > 0) containers[0] = container({ ...containers[0], ports: [{ containerPort: port }] });
  return {
    kind: 'Deployment',
    apiVersion: 'apps/v1',
    metadata: objectMeta({ name, namespace: o.namespace, labels: { app: name } }),
    spec: {
      replicas: o.replicas ?? 1,
      selector: { matchLabels: { app: name } },
      template: podTemplate({ metadata: { labels: { app: name } }, spec: { containers } }),
      strategy: {},
    },
    status: {},
  };
}
