/** service: the Service printer (printers.go printService, getServiceExternalIP, makePortString). */
import type { KubeObject } from '../../api/meta';
import { ageCell, byteOrder, formatLabels, nameCell, NONE } from './cells';
import { col, wide, type PrintContext, type TableDef } from './table-def';

/** SERVICE_PENDING is EXTERNAL-IP of a LoadBalancer Service with no ingress and no externalIPs. */
export const SERVICE_PENDING = '<pending>';
/** LOAD_BALANCER_WIDTH is how many characters of LB addresses are shown without `-o wide`. */
export const LOAD_BALANCER_WIDTH = 16;

interface LoadBalancerIngress { ip?: string; hostname?: string }

/**
 * loadBalancerAddresses lists ingress IPs (or hostnames when no IP) sorted and de-duplicated,
 * joined ","; without wide it is clipped to 16 characters (13 + "...").
 */
export function loadBalancerAddresses(ingress: LoadBalancerIngress[] | undefined, isWide: boolean): string {
  const set = new Set<string>();
  for (const i of ingress ?? []) {
    if (i.ip) set.add(i.ip);
    else if (i.hostname) set.add(i.hostname);
  }
  let r = [...set].sort(byteOrder).join(',');
  if (!isWide && r.length > LOAD_BALANCER_WIDTH) r = r.slice(0, LOAD_BALANCER_WIDTH - 3) + '...';
  return r;
}

function externalIP(svc: KubeObject, isWide: boolean): string {
  const externalIPs: string[] = svc.spec?.externalIPs ?? [];
  switch (svc.spec?.type ?? 'ClusterIP') {
    case 'ClusterIP':
    case 'NodePort':
      return externalIPs.length ? externalIPs.join(',') : NONE;
    case 'LoadBalancer': {
      const lb = loadBalancerAddresses(svc.status?.loadBalancer?.ingress, isWide);
      if (externalIPs.length) return [...(lb ? lb.split(',') : []), ...externalIPs].join(',');
      return lb || SERVICE_PENDING;
    }
    case 'ExternalName':
      return svc.spec?.externalName ?? '';
    default:
      return '<unknown>';
  }
}

/** servicePorts renders "80/TCP" or "80:31380/TCP" per port, joined ","; "<none>" without ports. */
export function servicePorts(ports: Array<{ port?: number; nodePort?: number; protocol?: string }> | undefined): string {
  const pieces = (ports ?? []).map((p) => {
    const proto = p.protocol ?? 'TCP';
    return p.nodePort ? `${p.port}:${p.nodePort}/${proto}` : `${p.port}/${proto}`;
  });
  return pieces.length ? pieces.join(',') : NONE;
}

/** serviceTable is the Service printer. */
export const serviceTable: TableDef = {
  columns: [col('Name'), col('Type'), col('Cluster-IP'), col('External-IP'), col('Port(s)'), col('Age'), wide('Selector')],
  cells(svc: KubeObject, ctx: PrintContext): string[] {
    const clusterIP: string = svc.spec?.clusterIPs?.[0] ?? svc.spec?.clusterIP ?? NONE;
    return [nameCell(svc), svc.spec?.type ?? 'ClusterIP', clusterIP || NONE, externalIP(svc, !!ctx.wide),
      servicePorts(svc.spec?.ports), ageCell(svc, ctx), formatLabels(svc.spec?.selector)];
  },
};
