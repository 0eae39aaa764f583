/**
 * metallb-addon: what `kubemu addon enable metallb` installs — MetalLB v0.14's native
 * (layer 2) manifests in short: the metallb-system namespace, the IPAddressPool and
 * L2Advertisement CRDs, the controller Deployment and the speaker DaemonSet. Addresses are
 * handed out once the user creates an IPAddressPool (controllers/metallb).
 */
import type { KubeObject } from '../api/meta';

/** METALLB_VERSION is the release the add-on's images come from. */
export const METALLB_VERSION = 'v0.14.9';
const NS = 'metallb-system';
const LABELS = { app: 'metallb' };

/** SELECTORS is a list of label selectors, kept as written. */
const SELECTORS = { type: 'array', items: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } };

/** crd is one of MetalLB's CRDs with the spec fields its v0.14 schema declares (status kept as written). */
function crd(plural: string, kind: string, properties: Record<string, unknown>, required: string[] = []): KubeObject {
  return {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.metallb.io` },
    spec: {
      group: 'metallb.io', scope: 'Namespaced',
      names: { plural, singular: kind.toLowerCase(), kind, listKind: `${kind}List` },
      versions: [{
        name: 'v1beta1', served: true, storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: { type: 'object', properties, ...(required.length ? { required } : {}) },
              status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
            },
          },
        },
      }],
    },
  };
}

/** metallbObjects lists the add-on's objects in creation order. */
export function metallbObjects(): KubeObject[] {
  const pod = (component: string, extra: Record<string, unknown>) => ({
    metadata: { labels: { ...LABELS, component } },
    spec: {
      serviceAccountName: component,
      nodeSelector: { 'kubernetes.io/os': 'linux' },
      containers: [{
        name: component, image: `quay.io/metallb/${component}:${METALLB_VERSION}`,
        args: ['--port=7472', '--log-level=info'],
        ports: [{ containerPort: 7472, name: 'monitoring' }],
      }],
      ...extra,
    },
  });
  return [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS, labels: { 'pod-security.kubernetes.io/enforce': 'privileged' } } },
    crd('ipaddresspools', 'IPAddressPool', {
      addresses: { type: 'array', items: { type: 'string' } },
      autoAssign: { type: 'boolean', default: true },
      avoidBuggyIPs: { type: 'boolean', default: false },
      serviceAllocation: {
        type: 'object',
        properties: {
          priority: { type: 'integer' },
          namespaces: { type: 'array', items: { type: 'string' } },
          namespaceSelectors: SELECTORS,
          serviceSelectors: SELECTORS,
        },
      },
    }, ['addresses']),
    crd('l2advertisements', 'L2Advertisement', {
      interfaces: { type: 'array', items: { type: 'string' } },
      ipAddressPoolSelectors: SELECTORS,
      ipAddressPools: { type: 'array', items: { type: 'string' } },
      nodeSelectors: SELECTORS,
    }),
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'controller', namespace: NS, labels: LABELS } },
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'speaker', namespace: NS, labels: LABELS } },
    {
      apiVersion: 'apps/v1', kind: 'Deployment',
      metadata: { name: 'controller', namespace: NS, labels: { ...LABELS, component: 'controller' } },
      spec: {
        revisionHistoryLimit: 3,
        selector: { matchLabels: { ...LABELS, component: 'controller' } },
        template: pod('controller', {}),
      },
    },
    {
      apiVersion: 'apps/v1', kind: 'DaemonSet',
      metadata: { name: 'speaker', namespace: NS, labels: { ...LABELS, component: 'speaker' } },
      spec: {
        selector: { matchLabels: { ...LABELS, component: 'speaker' } },
        template: pod('speaker', {
          hostNetwork: true,
          tolerations: [
            { key: 'node-role.kubernetes.io/master', effect: 'NoSchedule', operator: 'Exists' },
            { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule', operator: 'Exists' },
          ],
        }),
      },
    },
  ];
}
