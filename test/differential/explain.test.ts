/**
 * explain vs kubectl: the real kubectl 1.32 runs `explain` against a loopback server that
 * publishes kubemu's discovery and OpenAPI v3 documents (test/helpers/openapi-server.ts);
 * kubemu's own `explain` must print the same bytes, errors and exit codes. This checks the
 * renderer against kubectl's template; the schemas' own fidelity to v1.32 is checked in
 * src/api/openapi/documents.test.ts.
 */
import { builtinRegistry } from '../../src/api/registry';
import { describeExplainVsKubectl } from './explain-oracle';

/** CASES: every resource once, plus fields, recursion, enums, versions and each error kubectl words. */
const CASES = [
  ...builtinRegistry.resources.map((r) => (r.group ? `${r.resource}.${r.group}` : r.resource)),
  'pods --recursive', 'deploy.spec --recursive', 'crd.spec.versions.schema --recursive', 'pod.spec.affinity --recursive',
  'po.spec.containers', 'pod.spec.containers.imagePullPolicy', 'svc.spec.ports.targetPort', 'node.status.capacity',
  'pod.metadata.creationTimestamp', 'cronjob.spec.jobTemplate', 'secret.data', 'netpol.spec.ingress.from',
  'hpa --api-version=autoscaling/v1', 'pods --api-version=apps/v1', 'pods --api-version=v9', 'pods.',
  'pods.spec.nosuch', 'nosuch', 'ev.events.k8s.io', 'pods.spec.containers[0]', 'pods a', '', 'pods -o foo',
];

describeExplainVsKubectl('explain vs kubectl', CASES.map((line) => ['explain', ...line.split(' ').filter((a) => a)]));
