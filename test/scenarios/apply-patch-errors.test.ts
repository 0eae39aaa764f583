/**
 * apply's report of a refused patch: kubectl prints the patch it sent (strategicpatch's
 * three-way merge patch for the built-in types, a JSON merge patch for custom resources) before
 * the server's error. A manifest carrying a stale resourceVersion makes every patch here a
 * Conflict, so the patches show; each text was compared with kubectl 1.32's through
 * `kubemu serve`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const DEPLOYMENT_1 = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: pd\n  labels: {app: pd, tier: web, old: x}\n  finalizers: [example.com/a, example.com/b]\nspec:\n  replicas: 2\n  strategy: {type: RollingUpdate, rollingUpdate: {maxSurge: 1}}\n  selector: {matchLabels: {app: pd}}\n  template:\n    metadata: {labels: {app: pd}}\n    spec:\n      tolerations: [{key: a, operator: Exists}]\n      volumes:\n      - name: v1\n        configMap: {name: c1}\n      - name: v2\n        emptyDir: {}\n      containers:\n      - name: a\n        image: nginx\n        env: [{name: E1, value: \"1\"}, {name: E2, value: \"2\"}]\n        ports: [{containerPort: 80}, {containerPort: 81}]\n      - name: b\n        image: busybox\n        command: [sleep, \"1000\"]\n";
const DEPLOYMENT_2 = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: pd\n  resourceVersion: \"1\"\n  labels: {app: pd, tier: api}\n  finalizers: [example.com/b, example.com/c]\nspec:\n  replicas: 3\n  strategy: {type: Recreate}\n  selector: {matchLabels: {app: pd}}\n  template:\n    metadata: {labels: {app: pd}}\n    spec:\n      tolerations: [{key: b, operator: Exists}]\n      volumes:\n      - name: v2\n        emptyDir: {}\n      - name: v1\n        secret: {secretName: s1}\n      containers:\n      - name: b\n        image: busybox\n        command: [sleep, \"1000\"]\n      - name: a\n        image: nginx:1.27\n        env: [{name: E2, value: \"2\"}, {name: E3, value: \"3\"}]\n        ports: [{containerPort: 81}]\n";
const SERVICE_1 = "apiVersion: v1\nkind: Service\nmetadata: {name: ps}\nspec:\n  selector: {app: pd}\n  ports: [{name: http, port: 80, targetPort: 8080}, {name: https, port: 443}]\n";
const SERVICE_2 = "apiVersion: v1\nkind: Service\nmetadata: {name: ps, resourceVersion: \"1\", annotations: {a: b}}\nspec:\n  selector: {app: pd2}\n  ports: [{name: https, port: 443, targetPort: 8443}, {name: metrics, port: 9090}]\n";
const CRD = "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  scope: Namespaced\n  names: {plural: widgets, singular: widget, kind: Widget}\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}\n";
const WIDGET_1 = "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w, labels: {a: \"1\", b: \"2\"}}\nspec: {size: 1, list: [1, 2], nested: {x: 1, y: 2}}\n";
const WIDGET_2 = "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w, resourceVersion: \"1\", labels: {a: \"1\", c: \"3\"}}\nspec: {size: 2, list: [2, 3], nested: {x: 1}}\n";

describe('apply: a refused patch', () => {
  const home = manualCluster('patches', 11);
  afterAll(() => home.cleanup());
  const conflict = (kind: string, name: string, file: string, patch: string, resource: string) => `Error from server (Conflict): error when applying patch:
${patch}
to:
${resource}
Name: "${name}", Namespace: "default"
for: "${file}": error when patching "${file}": Operation cannot be fulfilled on ${kind} "${name}": the object has been modified; please apply your changes to the latest version and try again
`;

  it("is printed behind the three-way strategic merge patch kubectl sends: deletions, $setElementOrder, $retainKeys, primitive lists", () => {
    expect(home.run(['apply', '-f', home.file('d1.yaml', DEPLOYMENT_1)]).code).toBe(0);
    const file = home.file('d2.yaml', DEPLOYMENT_2);
    expect(home.run(['apply', '-f', file])).toEqual({ code: 1, stdout: '', stderr: conflict('deployments.apps', 'pd', file,
      "{\"metadata\":{\"$deleteFromPrimitiveList/finalizers\":[\"example.com/a\"],\"$setElementOrder/finalizers\":[\"example.com/b\",\"example.com/c\"],\"annotations\":{\"kubectl.kubernetes.io/last-applied-configuration\":\"{\\\"apiVersion\\\":\\\"apps/v1\\\",\\\"kind\\\":\\\"Deployment\\\",\\\"metadata\\\":{\\\"annotations\\\":{},\\\"finalizers\\\":[\\\"example.com/b\\\",\\\"example.com/c\\\"],\\\"labels\\\":{\\\"app\\\":\\\"pd\\\",\\\"tier\\\":\\\"api\\\"},\\\"name\\\":\\\"pd\\\",\\\"namespace\\\":\\\"default\\\",\\\"resourceVersion\\\":\\\"1\\\"},\\\"spec\\\":{\\\"replicas\\\":3,\\\"selector\\\":{\\\"matchLabels\\\":{\\\"app\\\":\\\"pd\\\"}},\\\"strategy\\\":{\\\"type\\\":\\\"Recreate\\\"},\\\"template\\\":{\\\"metadata\\\":{\\\"labels\\\":{\\\"app\\\":\\\"pd\\\"}},\\\"spec\\\":{\\\"containers\\\":[{\\\"command\\\":[\\\"sleep\\\",\\\"1000\\\"],\\\"image\\\":\\\"busybox\\\",\\\"name\\\":\\\"b\\\"},{\\\"env\\\":[{\\\"name\\\":\\\"E2\\\",\\\"value\\\":\\\"2\\\"},{\\\"name\\\":\\\"E3\\\",\\\"value\\\":\\\"3\\\"}],\\\"image\\\":\\\"nginx:1.27\\\",\\\"name\\\":\\\"a\\\",\\\"ports\\\":[{\\\"containerPort\\\":81}]}],\\\"tolerations\\\":[{\\\"key\\\":\\\"b\\\",\\\"operator\\\":\\\"Exists\\\"}],\\\"volumes\\\":[{\\\"emptyDir\\\":{},\\\"name\\\":\\\"v2\\\"},{\\\"name\\\":\\\"v1\\\",\\\"secret\\\":{\\\"secretName\\\":\\\"s1\\\"}}]}}}}\\n\"},\"finalizers\":[\"example.com/c\"],\"labels\":{\"old\":null,\"tier\":\"api\"},\"resourceVersion\":\"1\"},\"spec\":{\"replicas\":3,\"strategy\":{\"$retainKeys\":[\"type\"],\"rollingUpdate\":null,\"type\":\"Recreate\"},\"template\":{\"spec\":{\"$setElementOrder/containers\":[{\"name\":\"b\"},{\"name\":\"a\"}],\"$setElementOrder/volumes\":[{\"name\":\"v2\"},{\"name\":\"v1\"}],\"containers\":[{\"$setElementOrder/env\":[{\"name\":\"E2\"},{\"name\":\"E3\"}],\"$setElementOrder/ports\":[{\"containerPort\":81}],\"env\":[{\"name\":\"E3\",\"value\":\"3\"},{\"$patch\":\"delete\",\"name\":\"E1\"}],\"image\":\"nginx:1.27\",\"name\":\"a\",\"ports\":[{\"$patch\":\"delete\",\"containerPort\":80}]}],\"tolerations\":[{\"key\":\"b\",\"operator\":\"Exists\"}],\"volumes\":[{\"$retainKeys\":[\"name\",\"secret\"],\"configMap\":null,\"name\":\"v1\",\"secret\":{\"secretName\":\"s1\"}}]}}}}",
      'Resource: "apps/v1, Resource=deployments", GroupVersionKind: "apps/v1, Kind=Deployment"') });
    expect(home.run(['apply', '-f', home.file('s1.yaml', SERVICE_1)]).code).toBe(0);
    const service = home.file('s2.yaml', SERVICE_2);
    expect(home.run(['apply', '-f', service]).stderr).toBe(conflict('services', 'ps', service,
      "{\"metadata\":{\"annotations\":{\"a\":\"b\",\"kubectl.kubernetes.io/last-applied-configuration\":\"{\\\"apiVersion\\\":\\\"v1\\\",\\\"kind\\\":\\\"Service\\\",\\\"metadata\\\":{\\\"annotations\\\":{\\\"a\\\":\\\"b\\\"},\\\"name\\\":\\\"ps\\\",\\\"namespace\\\":\\\"default\\\",\\\"resourceVersion\\\":\\\"1\\\"},\\\"spec\\\":{\\\"ports\\\":[{\\\"name\\\":\\\"https\\\",\\\"port\\\":443,\\\"targetPort\\\":8443},{\\\"name\\\":\\\"metrics\\\",\\\"port\\\":9090}],\\\"selector\\\":{\\\"app\\\":\\\"pd2\\\"}}}\\n\"},\"resourceVersion\":\"1\"},\"spec\":{\"$setElementOrder/ports\":[{\"port\":443},{\"port\":9090}],\"ports\":[{\"port\":443,\"targetPort\":8443},{\"name\":\"metrics\",\"port\":9090},{\"$patch\":\"delete\",\"port\":80}],\"selector\":{\"app\":\"pd2\"}}}",
      'Resource: "/v1, Resource=services", GroupVersionKind: "/v1, Kind=Service"'));
  });

  it('sends a custom resource a JSON merge patch: lists whole, deletions as nulls', () => {
    expect(home.run(['apply', '-f', home.file('crd.yaml', CRD)]).code).toBe(0);
    expect(home.run(['apply', '-f', home.file('w1.yaml', WIDGET_1)]).code).toBe(0);
    const file = home.file('w2.yaml', WIDGET_2);
    expect(home.run(['apply', '-f', file]).stderr).toBe(conflict('widgets.example.com', 'w', file,
      "{\"metadata\":{\"annotations\":{\"kubectl.kubernetes.io/last-applied-configuration\":\"{\\\"apiVersion\\\":\\\"example.com/v1\\\",\\\"kind\\\":\\\"Widget\\\",\\\"metadata\\\":{\\\"annotations\\\":{},\\\"labels\\\":{\\\"a\\\":\\\"1\\\",\\\"c\\\":\\\"3\\\"},\\\"name\\\":\\\"w\\\",\\\"namespace\\\":\\\"default\\\",\\\"resourceVersion\\\":\\\"1\\\"},\\\"spec\\\":{\\\"list\\\":[2,3],\\\"nested\\\":{\\\"x\\\":1},\\\"size\\\":2}}\\n\"},\"labels\":{\"b\":null,\"c\":\"3\"},\"resourceVersion\":\"1\"},\"spec\":{\"list\":[2,3],\"nested\":{\"true\":null},\"size\":2}}",
      'Resource: "example.com/v1, Resource=widgets", GroupVersionKind: "example.com/v1, Kind=Widget"'));
    // Without the stale resourceVersion the same change goes through.
    expect(home.run(['apply', '-f', home.file('w3.yaml', WIDGET_2.replace('resourceVersion: "1", ', ''))]).stdout).toBe('widget.example.com/w configured\n');
  });
});
