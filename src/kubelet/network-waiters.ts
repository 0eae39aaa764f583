/**
 * network-waiters: which pods a change to the network can move on — those whose containers run
 * a network tool (`until nslookup db; do sleep 2; done` in an init container, a `wget` retry
 * loop). Their process model answers from the Services and Endpoints as they were at each
 * round (net-tools.ts asOf), so when those change the kubelet syncs the pod again and a loop
 * that can now succeed ends at the round after the change.
 * kubemu: only pods in the changed object's namespace are looked at.
 */
import type { KubeObject } from '../api/meta';
import { isPodTerminal } from '../api/pod-util';
import type { ReconcileContext } from '../sim/controller';
import { NET_TOOLS } from './net-tools';

const TOOL_WORD = new RegExp(`(^|[^\\w-])(${[...NET_TOOLS].join('|')})([^\\w-]|$)`);

/** COMMAND_LINE: what the JSON of a pod runsNetworkTool accepts holds (ListQuery.mayContain). */
const COMMAND_LINE = ['"command":', '"args":'];

/** runsNetworkTool says whether any container's command line names a network tool. */
export function runsNetworkTool(pod: KubeObject): boolean {
  return [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])]
    .some((c: { command?: string[]; args?: string[] }) => TOOL_WORD.test([...(c.command ?? []), ...(c.args ?? [])].join(' ')));
}

/** NETWORK_WATCHES are the kubelet's watches on Services and Endpoints, mapped to the running pods that may be waiting on them. */
export const NETWORK_WATCHES = ['Service', 'Endpoints'].map((kind) => ({
  kind,
  // Only a command line can name a tool: a pod with no command or args (most images' own
  // entrypoint) stays undecoded. (The names themselves are no hint: "nc" is in "ownerReferences".)
  map: (obj: KubeObject, ctx: ReconcileContext) => ctx.api.list({ kind: 'Pod', namespace: obj.metadata.namespace, mayContain: COMMAND_LINE })
    .filter((p) => p.spec?.nodeName && !isPodTerminal(p) && !p.metadata.deletionTimestamp && runsNetworkTool(p))
    .map((p) => ({ namespace: p.metadata.namespace, name: p.metadata.name! })),
}));
