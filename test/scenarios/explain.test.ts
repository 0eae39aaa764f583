/**
 * kubectl explain: built-in kinds from the v1.32 schemas, custom kinds from their CRD's
 * openAPIV3Schema, and kubectl's errors. Byte-for-byte agreement with the real kubectl over
 * every built-in resource is test/differential/explain.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: crontabs.stable.example.com
spec:
  group: stable.example.com
  scope: Namespaced
  names: {plural: crontabs, singular: crontab, kind: CronTab, shortNames: [ct]}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        description: CronTab runs a command on a schedule.
        properties:
          spec:
            type: object
            required: [cronSpec]
            properties:
              cronSpec: {type: string, description: "The schedule, in cron format."}
              replicas: {type: integer, enum: [1, 2, 3]}
`;

describe('kubectl explain', () => {
  const home = manualCluster('explain');
  afterAll(() => home.cleanup());

  it('explains a field with its enum values and their descriptions', () => {
    expect(home.run('explain pod.spec.restartPolicy')).toEqual({ code: 0, stderr: '', stdout: `KIND:       Pod
VERSION:    v1

FIELD: restartPolicy <string>
ENUM:
    Always
    Never
    OnFailure

DESCRIPTION:
    Restart policy for all containers within the pod. One of Always, OnFailure,
    Never. In some contexts, only a subset of those values may be permitted.
    Default to Always. More info:
    https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#restart-policy
    
    Possible enum values:
     - \`"Always"\`
     - \`"Never"\`
     - \`"OnFailure"\`
    

` });
  });

  it('lists a kind\'s fields recursively', () => {
    const out = home.run('explain deployments.apps.spec.strategy --recursive');
    expect(out.stdout).toBe(`GROUP:      apps
KIND:       Deployment
VERSION:    v1

FIELD: strategy <DeploymentStrategy>


DESCRIPTION:
    The deployment strategy to use to replace existing pods with new ones.
    DeploymentStrategy describes how to replace existing pods with new ones.
    
FIELDS:
  rollingUpdate\t<RollingUpdateDeployment>
    maxSurge\t<IntOrString>
    maxUnavailable\t<IntOrString>
  type\t<string>
  enum: Recreate, RollingUpdate

`);
  });

  it('explains a custom kind from its CRD\'s schema', () => {
    expect(home.run('apply -f -', { stdin: CRD }).code).toBe(0);
    expect(home.run('explain ct.spec')).toEqual({ code: 0, stderr: '', stdout: `GROUP:      stable.example.com
KIND:       CronTab
VERSION:    v1

FIELD: spec <Object>


DESCRIPTION:
    <empty>
FIELDS:
  cronSpec\t<string> -required-
    The schedule, in cron format.

  replicas\t<integer>
  enum: 1, 2, 3
    <no description>


` });
  });

  it('words its errors as kubectl does', () => {
    expect(home.run('explain pods.spec.nosuch')).toEqual({ code: 1, stdout: 'KIND:       Pod\nVERSION:    v1\n\n', stderr: 'error: field "nosuch" does not exist\n' });
    expect(home.run('explain nosuch')).toEqual({ code: 1, stdout: '', stderr: 'the server doesn\'t have a resource type "nosuch"\n' });
    expect(home.run('explain pods --api-version=apps/v1')).toEqual({ code: 1, stdout: '', stderr: 'error: GVR (apps/v1, Resource=pods) not found in OpenAPI schema\n' });
    expect(home.run('explain')).toMatchObject({ code: 1, stderr: 'error: You must specify the type of resource to explain. Use "kubectl api-resources" for a complete list of supported resources.\n' });
  });
});
