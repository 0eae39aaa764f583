/**
 * addon: kubemu addon enable|disable NAME — installs the optional add-ons a kubeadm cluster
 * does not come with: metrics-server (which serves metrics.k8s.io for `kubectl top`), a CNI
 * (calico), ingress-nginx, the Gateway API, and metallb (load-balancer addresses from
 * IPAddressPools on an on-prem cluster).
 */
import type { KubeObject } from '../../api/meta';
import { kindPrefix } from '../../api/registry';
import { isNotFound } from '../../apiserver/errors';
import { metricsServerObjects } from '../../metrics';
import { calicoObjects } from '../../cluster/calico';
import { ingressNginxObjects } from '../../cluster/ingress-nginx';
import { gatewayApiCrds } from '../../cluster/gateway-api-crds';
import { nginxGatewayFabricObjects } from '../../cluster/nginx-gateway-fabric';
import { metallbObjects } from '../../cluster/metallb-addon';
import type { CommandContext } from '../command';
import { leaf, ownVerb } from '../own-verb';
import { CliError, UsageError } from '../errors';

/** ADDONS maps an add-on's name to its objects. */
export const ADDONS: Record<string, () => KubeObject[]> = {
  'metrics-server': metricsServerObjects,
  calico: calicoObjects,
  'ingress-nginx': ingressNginxObjects,
  'gateway-api': () => [...gatewayApiCrds(), ...nginxGatewayFabricObjects()],
  metallb: metallbObjects,
};
export const FIELD_MANAGER = 'kubemu-addon';

function addonName(ctx: CommandContext, verb: string): string {
  const name = ctx.args[0];
  if (!name) throw new UsageError(`an add-on name is required (one of: ${Object.keys(ADDONS).join(', ')})`, `addon ${verb}`);
  if (!ADDONS[name]) throw new CliError(`unknown add-on "${name}" (known: ${Object.keys(ADDONS).join(', ')})`);
  return name;
}

const enableCommand = leaf({
  command: 'enable <name>',
  describe: 'Install an add-on',
  examples: [
    ['$0 addon enable metrics-server', 'serve metrics.k8s.io, for `kubectl top`'],
    ['$0 addon enable ingress-nginx', 'the ingress-nginx controller, IngressClass nginx, NodePort service'],
    ['$0 addon enable calico', 'a CNI for a cluster created with --cni none'],
    ['$0 addon enable gateway-api', 'Gateway API CRDs and an NGINX Gateway Fabric-shaped implementation (GatewayClass nginx)'],
  ],
  run(ctx) {
    const name = addonName(ctx, 'enable');
    const cluster = ctx.cluster();
    const lines = cluster.write(() => ADDONS[name]!().map((obj) => {
      const { outcome } = cluster.api.apply(obj, { fieldManager: FIELD_MANAGER });
      return `${kindPrefix(cluster.api.registry().forKind(obj.apiVersion, obj.kind))}/${obj.metadata.name} ${outcome}`;
    }));
    ctx.io.out(`${lines.join('\n')}\naddon/${name} enabled\n`);
    return 0;
  },
});

const disableCommand = leaf({
  command: 'disable <name>',
  describe: 'Remove an add-on',
  run(ctx) {
    const name = addonName(ctx, 'disable');
    const cluster = ctx.cluster();
    cluster.write(() => {
      for (const obj of [...ADDONS[name]!()].reverse()) {
        const info = cluster.api.registry().forKind(obj.apiVersion, obj.kind);
        try {
          cluster.api.delete({ kind: info.storageKind, namespace: info.namespaced ? obj.metadata.namespace : undefined, name: obj.metadata.name! }, { fieldManager: FIELD_MANAGER });
        } catch (e) { if (!isNotFound(e)) throw e; }
      }
    });
    ctx.io.out(`addon/${name} disabled\n`);
    return 0;
  },
});

/** addonCommand is `kubemu addon`. */
export const addonCommand = ownVerb({
  command: 'addon',
  describe: 'Enable or disable cluster add-ons (metrics-server, calico, ingress-nginx, gateway-api, metallb)',
  subcommands: [enableCommand, disableCommand],
});
