/**
 * manifests: the YAML the benchmarks apply — Deployments of N replicas and small
 * ConfigMaps — generated as text so the bench needs nothing but the built CLI.
 */

/** deploymentYaml renders one apps/v1 Deployment with `replicas` nginx pods. */
export function deploymentYaml(name, replicas, namespace = 'default') {
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
  namespace: ${namespace}
spec:
  replicas: ${replicas}
  selector:
    matchLabels:
      app: ${name}
  template:
    metadata:
      labels:
        app: ${name}
    spec:
      containers:
      - name: main
        image: nginx:1.27
`;
}

/** deploymentsYaml renders `count` Deployments (name-0 … name-(count-1)) as one multi-document stream. */
export function deploymentsYaml(prefix, count, replicas, namespace = 'default') {
  const docs = [];
  for (let i = 0; i < count; i++) docs.push(deploymentYaml(`${prefix}-${i}`, replicas, namespace));
  return docs.join('---\n');
}

/** configMapYaml renders one v1 ConfigMap with a single key. */
export function configMapYaml(name, value, namespace = 'default') {
  return `apiVersion: v1
kind: ConfigMap
metadata:
  name: ${name}
  namespace: ${namespace}
data:
  k: "${value}"
`;
}

/**
 * shopStreamYaml renders the T6/M4 stream: ~targetBytes of Deployment + Service + ConfigMap
 * triples spread over namespaces team-0 … team-6 (the shape of the floors' gen-manifests.js,
 * written here as block YAML so the bench needs no YAML library). Returns { text, docs }.
 */
export function shopStreamYaml(targetBytes = 1024 * 1024) {
  const out = [];
  let size = 0;
  for (let i = 0; size < targetBytes; i++) {
    const name = `app-${i}`;
    const ns = `team-${i % 7}`;
    const tier = ['web', 'api', 'db'][i % 3];
    const labels = (indent) => [`app: ${name}`, `tier: ${tier}`, 'app.kubernetes.io/part-of: shop'].map((l) => `${' '.repeat(indent)}${l}`).join('\n');
    const docs = [
      `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
  namespace: ${ns}
  labels:
${labels(4)}
  annotations:
    kubemu.io/note: generated for benchmark ${i}
spec:
  replicas: ${(i % 5) + 1}
  selector:
    matchLabels:
      app: ${name}
  template:
    metadata:
      labels:
${labels(8)}
    spec:
      containers:
        - name: main
          image: registry.example.com/${name}:1.${i % 10}.0
          ports:
            - containerPort: 8080
              name: http
          env:
            - name: MODE
              value: production
            - name: REPLICA_HINT
              value: "${i}"
            - name: FEATURE_X
              value: enabled
          resources:
            requests:
              cpu: 100m
              memory: 128Mi
            limits:
              cpu: 500m
              memory: 512Mi
          readinessProbe:
            httpGet:
              path: /healthz
              port: 8080
            periodSeconds: 5
      tolerations:
        - key: node.kubernetes.io/not-ready
          operator: Exists
          effect: NoExecute
          tolerationSeconds: 300
`,
      `apiVersion: v1
kind: Service
metadata:
  name: ${name}
  namespace: ${ns}
spec:
  selector:
    app: ${name}
  ports:
    - port: 80
      targetPort: http
      protocol: TCP
`,
      `apiVersion: v1
kind: ConfigMap
metadata:
  name: ${name}-config
  namespace: ${ns}
data:
  app.properties: |
    key.one=value-${i}
    key.two=another value
    log.level=info
  LOG_FORMAT: json
  TIMEOUT: 30s
`,
    ];
    for (const d of docs) { out.push(d); size += d.length + 4; }
  }
  return { text: out.join('---\n'), docs: out.length };
}
