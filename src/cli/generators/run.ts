/**
 * run: `kubectl run NAME --image=… [-- ARGS…]` — the Pod (and with --expose the Service) kubectl
 * sends (kubectl v1.32 pkg/cmd/run/run.go and pkg/generate/versioned/run.go BasicPod).
 */
import type { KubeObject } from '../../api/meta';
import { GeneratorError, requireFlag } from './generator-error';
import { POD_SPEC_KEYS, container, objectMeta, ordered } from './go-order';
import { isImageReference } from './image-reference';
import { goAtoi, parseLabels, parsePairs } from './pairs';
import { generateService } from './service-generator';
import { isEnvVarName } from './validation';

/** NAME_REQUIRED_FOR_RUN is kubectl's usage error without a NAME. */
export const NAME_REQUIRED_FOR_RUN = 'NAME is required for run';
/** IMAGE_REQUIRED is run's own check of an --image given empty. */
export const IMAGE_REQUIRED = '--image is required';
/** INVALID_IMAGE_NAME is kubectl's text for an --image that is not a valid reference. */
export const INVALID_IMAGE_NAME = (image: string): string => `Invalid image name "${image}": invalid reference format`;
/** TTY_NEEDS_STDIN is kubectl's usage error for -t without -i. */
export const TTY_NEEDS_STDIN = '-i/--stdin is required for containers with -t/--tty=true';
/** EXPOSE_NEEDS_PORT is kubectl's usage error for --expose without --port. */
export const EXPOSE_NEEDS_PORT = '--port must be set when exposing a service';
/** INVALID_RESTART_POLICY is kubectl's usage error for a bad --restart. */
export const INVALID_RESTART_POLICY = (v: string): string => `invalid restart policy: ${v}`;
/** RM_NEEDS_ATTACH is kubectl's usage error for --rm without attaching. */
export const RM_NEEDS_ATTACH = '--rm should only be used for attached containers';
/** DRY_RUN_WITH_ATTACH is kubectl's usage error for --dry-run with -i/-t/--attach. */
export const DRY_RUN_WITH_ATTACH = "--dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)";
/** INVALID_PULL_POLICY is kubectl's usage error for a bad --image-pull-policy. */
export const INVALID_PULL_POLICY = (v: string): string => `invalid image pull policy: ${v}`;
/** INVALID_ENV is kubectl's text for a bad --env. */
export const INVALID_ENV = (v: string): string => `invalid env: ${v}`;

/** RunOptions mirrors `kubectl run`'s flags; `args` are the words after NAME (after `--`). */
export interface RunOptions {
  /** image is --image, undefined when not given (cobra's required flag). */
  image?: string;
  /** port is --port, a string as in kubectl ('' = none). */
  port?: string;
  /** labels is --labels `a=b,c=d`; empty means `run: NAME`. */
  labels?: string;
  env?: string[];
  annotations?: string[];
  /** command: use `args` as the container's command rather than its args. */
  command?: boolean;
  args?: string[];
  /** restart is --restart; '' picks OnFailure with -i, else Always. */
  restart?: string;
  imagePullPolicy?: string;
  stdin?: boolean;
  tty?: boolean;
  leaveStdinOpen?: boolean;
  privileged?: boolean;
  expose?: boolean;
  /** attach is --attach; undefined means "not set", which defaults to the value of stdin. */
  attach?: boolean;
  rm?: boolean;
  dryRun?: 'none' | 'client' | 'server';
  namespace?: string;
}

/** RunResult is what `kubectl run` creates; kubectl prints `service` (if any) before `pod`. */
export interface RunResult { pod: KubeObject; service?: KubeObject }

function restartPolicy(restart: string, stdin: boolean): string {
  if (restart === '') return stdin ? 'OnFailure' : 'Always';
  if (restart === 'Always' || restart === 'OnFailure' || restart === 'Never') return restart;
  throw new GeneratorError(INVALID_RESTART_POLICY(restart), true);
}

function parseEnvs(env: readonly string[]): { name: string; value: string }[] {
  return env.map((e) => {
    const i = e.indexOf('=');
    if (i <= 0 || isEnvVarName(e.slice(0, i)).length > 0) throw new GeneratorError(INVALID_ENV(e));
    return { name: e.slice(0, i), value: e.slice(i + 1) };
  });
}

/** run builds the Pod (and Service with --expose) for `kubectl run`, checking flags in kubectl's order. */
export function run(name: string, o: RunOptions): RunResult {
  if (name === '') throw new GeneratorError(NAME_REQUIRED_FOR_RUN, true);
  requireFlag('image', o.image);
  const image = o.image!;
  if (image === '') throw new GeneratorError(IMAGE_REQUIRED);
  if (!isImageReference(image)) throw new GeneratorError(INVALID_IMAGE_NAME(image));
  const stdin = !!o.stdin;
  if (o.tty && !stdin) throw new GeneratorError(TTY_NEEDS_STDIN, true);
  const port = o.port ?? '';
  if (o.expose && port === '') throw new GeneratorError(EXPOSE_NEEDS_PORT, true);
  const restart = restartPolicy(o.restart ?? '', stdin);
  const attach = o.attach ?? stdin;
  if (!attach && o.rm) throw new GeneratorError(RM_NEEDS_ATTACH, true);
  if (attach && (o.dryRun ?? 'none') !== 'none') throw new GeneratorError(DRY_RUN_WITH_ATTACH, true);
  const pullPolicy = o.imagePullPolicy ?? '';
  if (!['', 'Always', 'IfNotPresent', 'Never'].includes(pullPolicy)) throw new GeneratorError(INVALID_PULL_POLICY(pullPolicy), true);

  // The BasicPod generator's own order: args, env, annotations, labels, then ports.
  const args = o.args ?? [];
  const env = parseEnvs(o.env ?? []);
  const annotations = parsePairs(o.annotations ?? [], 'annotations');
  const labels = o.labels ? parseLabels(o.labels) : { run: name };
  const containerPort = port === '' ? undefined : goAtoi(port);

  const pod: KubeObject = {
    kind: 'Pod',
    apiVersion: 'v1',
    metadata: objectMeta({ name, namespace: o.namespace, labels, annotations: Object.keys(annotations).length > 0 ? annotations : undefined }),
    spec: ordered({
      containers: [container({
        name,
        image,
        command: args.length > 0 && o.command ? args : undefined,
        args: args.length > 0 && !o.command ? args : undefined,
        ports: containerPort === undefined ? undefined : [{ containerPort }],
        env: env.length > 0 ? env : undefined,
        imagePullPolicy: pullPolicy || undefined,
        securityContext: o.privileged ? { privileged: true } : undefined,
        stdin: stdin || undefined,
        stdinOnce: (!o.leaveStdinOpen && stdin) || undefined,
        tty: o.tty || undefined,
      })],
      restartPolicy: restart,
      dnsPolicy: 'ClusterFirst',
    }, POD_SPEC_KEYS),
    status: {},
  };
  if (!o.expose) return { pod };
  const service = generateService({
    name,
    defaultName: name,
    labels: o.labels || undefined,
    selector: o.labels || `run=${name}`,
    port,
    namespace: o.namespace,
  });
  return { pod, service };
}
