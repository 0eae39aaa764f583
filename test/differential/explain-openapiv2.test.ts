/**
 * explain -o plaintext-openapiv2 vs kubectl: the real kubectl 1.32 reads /openapi/v2 (gnostic's
 * protobuf, made from kubemu's schemas by src/cli/serve/openapi-v2-proto.ts) from a loopback
 * server and prints its pre-1.27 layout; kubemu must print the same bytes, errors and exit codes
 * for a sample of kinds and fields.
 */
import { describeExplainVsKubectl } from './explain-oracle';

const CASES = [
  'pods', 'pods.spec.containers', 'pods.spec.containers.imagePullPolicy', 'pods.spec.containers.args', 'deploy.spec --recursive',
  'pods.metadata.labels', 'node.status.capacity', 'svc.spec.ports.targetPort', 'hpa --api-version=autoscaling/v1', 'cronjob.spec.jobTemplate',
  'secret.data', 'netpol.spec.ingress.from', 'pod.spec.affinity --recursive', 'ingresses.networking.k8s.io.spec', 'pods.spec.nosuch', 'configmap',
  'crd.spec.versions.schema', 'pods.spec.containers.resources', 'jobs.batch', 'ev.events.k8s.io', 'statefulset.spec.volumeClaimTemplates',
];

describeExplainVsKubectl('explain -o plaintext-openapiv2 vs kubectl', CASES.map((line) => ['explain', ...line.split(' '), '-o', 'plaintext-openapiv2']));
