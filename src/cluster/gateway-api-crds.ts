/**
 * gateway-api-crds: the Gateway API standard channel's CustomResourceDefinitions
 * (kubernetes-sigs/gateway-api v1.2.1 config/crd/standard): GatewayClass, Gateway, HTTPRoute,
 * GRPCRoute and ReferenceGrant with their names, versions, scopes and printer columns.
 * kubemu: each version's schema keeps spec and status open (x-kubernetes-preserve-unknown-fields)
 * instead of the full OpenAPI schema, so real manifests apply; their field validation and
 * defaults (e.g. a new Gateway's Pending conditions) are not reproduced.
 */
import type { KubeObject } from '../api/meta';

/** GATEWAY_API_GROUP is the Gateway API's API group. */
export const GATEWAY_API_GROUP = 'gateway.networking.k8s.io';
/** GATEWAY_API_VERSION is the bundle version the CRDs carry. */
export const GATEWAY_API_VERSION = 'v1.2.1';

interface Column { name: string; type: string; jsonPath: string; priority?: number }
interface CrdShape { kind: string; plural: string; singular: string; shortNames?: string[]; scope: 'Namespaced' | 'Cluster'; versions: string[]; storage: string; columns: Column[] }

const AGE: Column = { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' };
const SCHEMA = {
  openAPIV3Schema: {
    type: 'object',
    properties: {
      apiVersion: { type: 'string' }, kind: { type: 'string' }, metadata: { type: 'object' },
      spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
      status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
    },
  },
};

const SHAPES: CrdShape[] = [
  {
    kind: 'GatewayClass', plural: 'gatewayclasses', singular: 'gatewayclass', shortNames: ['gc'], scope: 'Cluster', versions: ['v1', 'v1beta1'], storage: 'v1',
    columns: [
      { name: 'Controller', type: 'string', jsonPath: '.spec.controllerName' },
      { name: 'Accepted', type: 'string', jsonPath: '.status.conditions[?(@.type=="Accepted")].status' },
      AGE,
      { name: 'Description', type: 'string', jsonPath: '.spec.description', priority: 1 },
    ],
  },
  {
    kind: 'Gateway', plural: 'gateways', singular: 'gateway', shortNames: ['gtw'], scope: 'Namespaced', versions: ['v1', 'v1beta1'], storage: 'v1',
    columns: [
      { name: 'Class', type: 'string', jsonPath: '.spec.gatewayClassName' },
      { name: 'Address', type: 'string', jsonPath: '.status.addresses[*].value' },
      { name: 'Programmed', type: 'string', jsonPath: '.status.conditions[?(@.type=="Programmed")].status' },
      AGE,
    ],
  },
  {
    kind: 'HTTPRoute', plural: 'httproutes', singular: 'httproute', scope: 'Namespaced', versions: ['v1', 'v1beta1'], storage: 'v1',
    columns: [{ name: 'Hostnames', type: 'string', jsonPath: '.spec.hostnames' }, AGE],
  },
  {
    kind: 'GRPCRoute', plural: 'grpcroutes', singular: 'grpcroute', scope: 'Namespaced', versions: ['v1'], storage: 'v1',
    columns: [{ name: 'Hostnames', type: 'string', jsonPath: '.spec.hostnames' }, AGE],
  },
  {
    kind: 'ReferenceGrant', plural: 'referencegrants', singular: 'referencegrant', shortNames: ['refgrant'], scope: 'Namespaced', versions: ['v1beta1'], storage: 'v1beta1',
    columns: [AGE],
  },
];

/** gatewayApiCrds returns the standard channel's CRDs in the bundle's order. */
export function gatewayApiCrds(): KubeObject[] {
  return SHAPES.map((s) => ({
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition',
    metadata: {
      name: `${s.plural}.${GATEWAY_API_GROUP}`,
      annotations: { 'api-approved.kubernetes.io': 'https://github.com/kubernetes-sigs/gateway-api/pull/3328', 'gateway.networking.k8s.io/bundle-version': GATEWAY_API_VERSION, 'gateway.networking.k8s.io/channel': 'standard' },
    },
    spec: {
      group: GATEWAY_API_GROUP,
      names: { categories: ['gateway-api'], kind: s.kind, listKind: `${s.kind}List`, plural: s.plural, ...(s.shortNames ? { shortNames: s.shortNames } : {}), singular: s.singular },
      scope: s.scope,
      versions: s.versions.map((name) => ({
        additionalPrinterColumns: s.columns, name, schema: SCHEMA, served: true, storage: name === s.storage,
        ...(s.kind !== 'ReferenceGrant' ? { subresources: { status: {} } } : {}),
      })),
    },
  }));
}
