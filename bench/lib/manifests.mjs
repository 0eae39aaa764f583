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
