/**
 * node-checks: what is on a node's host (a file, as `kubemu ssh NODE` shows it) and what a
 * container wrote to its log (as `kubectl logs` reads it).
 */
import { apiServerEndpoint } from '../../cluster/node-factory';
import { LogError, containerLogs } from '../../kubelet/logs';
import { hostFiles } from '../../node-host/host-files';
import { fail, pass, type CheckContext, type Verdict } from './check-context';

export function checkNodeFile(ctx: CheckContext, nodeName: string, path: string, exists?: boolean, contains?: string): Verdict {
  const node = ctx.api.tryGet({ kind: 'Node', name: nodeName });
  if (!node) return fail(`node ${nodeName} not found`);
  const { files } = hostFiles({ node, api: ctx.api, nowMs: ctx.nowMs, endpoint: apiServerEndpoint() });
  const text = files[path];
  if (exists === false) return text === undefined ? pass(`${nodeName}:${path} does not exist`) : fail(`${nodeName}:${path} exists`);
  if (text === undefined) return fail(`${nodeName}:${path} does not exist`);
  if (contains === undefined) return pass(`${nodeName}:${path} exists`);
  return text.includes(contains) ? pass(`${nodeName}:${path} contains ${JSON.stringify(contains)}`) : fail(`${nodeName}:${path} does not contain ${JSON.stringify(contains)}`);
}

export function checkLogs(ctx: CheckContext, podName: string, namespace: string | undefined, container: string | undefined, contains: string): Verdict {
  const ns = namespace ?? 'default';
  const pod = ctx.api.tryGet({ kind: 'Pod', namespace: ns, name: podName });
  if (!pod) return fail(`pod ${podName} in namespace ${ns} not found`);
  const name = container ?? pod.spec?.containers[0]?.name ?? '';
  let lines;
  try { lines = containerLogs(pod, name, false, ctx.api, ctx.nowMs); } catch (e) {
    if (e instanceof LogError) return fail(e.message);
    throw e;
  }
  return lines.some((l) => l.text.includes(contains)) ? pass(`${podName}/${name} logged ${JSON.stringify(contains)}`) : fail(`${podName}/${name} has not logged ${JSON.stringify(contains)}`);
}
