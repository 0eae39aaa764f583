/**
 * API Priority and Fairness's bootstrap configuration through the real CLI: a new cluster has
 * kube-apiserver's FlowSchemas and PriorityLevelConfigurations, each schema's Dangling condition
 * follows its level, and the config producer's once-a-minute poll puts missing objects back,
 * restores specs while autoupdate-spec is true, and deletes foreign objects that claim it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const LEVELS = 'prioritylevelconfigurations';

describe('API Priority and Fairness bootstrap configuration', () => {
  const home = manualCluster('apfboot', 5);
  afterAll(() => home.cleanup());
  const missingPL = (name: string) => home.run(['get', 'flowschema', name, '--no-headers', '-o', 'custom-columns=X:.status.conditions[0].status']).stdout.trim();

  it('comes with every cluster, in the API server\'s words', () => {
    expect(home.run('get flowschemas').stdout).toBe(`NAME                           PRIORITYLEVEL     MATCHINGPRECEDENCE   DISTINGUISHERMETHOD   AGE   MISSINGPL
catch-all                      catch-all         10000                ByUser                5m    False
endpoint-controller            workload-high     150                  ByUser                5m    False
exempt                         exempt            1                    <none>                5m    False
global-default                 global-default    9900                 ByUser                5m    False
kube-controller-manager        workload-high     800                  ByNamespace           5m    False
kube-scheduler                 workload-high     800                  ByNamespace           5m    False
kube-system-service-accounts   workload-high     900                  ByNamespace           5m    False
probes                         exempt            2                    <none>                5m    False
service-accounts               workload-low      9000                 ByUser                5m    False
system-leader-election         leader-election   100                  ByUser                5m    False
system-node-high               node-high         400                  ByUser                5m    False
system-nodes                   system            500                  ByUser                5m    False
workload-leader-election       leader-election   200                  ByUser                5m    False
`);
    expect(home.run(['get', LEVELS]).stdout).toBe(`NAME              TYPE      NOMINALCONCURRENCYSHARES   QUEUES   HANDSIZE   QUEUELENGTHLIMIT   AGE
catch-all         Limited   5                          <none>   <none>     <none>             5m
exempt            Exempt    <none>                     <none>   <none>     <none>             5m
global-default    Limited   20                         128      6          50                 5m
leader-election   Limited   10                         16       4          50                 5m
node-high         Limited   40                         64       6          50                 5m
system            Limited   30                         64       6          50                 5m
workload-high     Limited   40                         128      6          50                 5m
workload-low      Limited   100                        128      6          50                 5m
`);
    const probes = JSON.parse(home.run('get flowschema probes -o json --show-managed-fields').stdout);
    expect(probes.metadata.annotations).toEqual({ 'apf.kubernetes.io/autoupdate-spec': 'true' });
    expect(probes.spec).toEqual({
      priorityLevelConfiguration: { name: 'exempt' }, matchingPrecedence: 2,
      rules: [{
        subjects: [{ kind: 'Group', group: { name: 'system:unauthenticated' } }, { kind: 'Group', group: { name: 'system:authenticated' } }],
        nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/healthz', '/readyz', '/livez'] }],
      }],
    });
    expect(probes.status.conditions).toEqual([{
      type: 'Dangling', status: 'False', lastTransitionTime: '2026-01-01T00:00:00Z', reason: 'Found',
      message: 'This FlowSchema references the PriorityLevelConfiguration object named "exempt" and it exists',
    }]);
    expect(probes.metadata.managedFields.map((f: { manager: string; subresource?: string }) => `${f.manager}${f.subresource ? `/${f.subresource}` : ''}`))
      .toEqual(['api-priority-and-fairness-config-consumer-v1/status', 'api-priority-and-fairness-config-producer-v1']);
  });

  it('marks a schema dangling while its level is gone, and puts the level back at the next poll', () => {
    expect(home.run('tick 20s').code).toBe(0);
    expect(home.run(['delete', LEVELS, 'workload-low']).stdout).toBe('prioritylevelconfiguration.flowcontrol.apiserver.k8s.io "workload-low" deleted\n');
    expect(missingPL('service-accounts')).toBe('True');
    expect(home.run(['get', 'flowschema', 'service-accounts', '-o', 'jsonpath={.status.conditions[0].message}']).stdout)
      .toBe('This FlowSchema references the PriorityLevelConfiguration object named "workload-low" but there is no such object');
    expect(home.run('tick 46s').code).toBe(0);
    expect(home.run(['get', LEVELS, 'workload-low']).code).toBe(1);
    expect(home.run('tick 2s').code).toBe(0);
    expect(home.run(['get', LEVELS, 'workload-low', '-o', 'jsonpath={.metadata.creationTimestamp}']).stdout).toBe('2026-01-01T00:06:07Z');
    expect(missingPL('service-accounts')).toBe('False');
  });

  it('restores a suggested spec while autoupdate-spec is true, and leaves it once it is false', () => {
    const precedence = () => home.run(['get', 'flowschema', 'probes', '-o', 'jsonpath={.spec.matchingPrecedence}']).stdout;
    expect(home.run(['patch', 'flowschema', 'probes', '--type', 'merge', '-p', '{"spec":{"matchingPrecedence":3}}']).code).toBe(0);
    expect(precedence()).toBe('3');
    expect(home.run('tick 1m').code).toBe(0);
    expect(precedence()).toBe('2');
    expect(home.run(['patch', 'flowschema', 'probes', '--type', 'merge', '-p', '{"metadata":{"annotations":{"apf.kubernetes.io/autoupdate-spec":"false"}},"spec":{"matchingPrecedence":3}}']).code).toBe(0);
    expect(home.run('tick 1m').code).toBe(0);
    expect(precedence()).toBe('3');
  });

  it('restores a mandatory object whatever its annotation says', () => {
    expect(home.run(['patch', LEVELS, 'exempt', '--type', 'merge', '-p', '{"metadata":{"annotations":{"apf.kubernetes.io/autoupdate-spec":"false"}},"spec":{"exempt":{"lendablePercent":10}}}']).code).toBe(0);
    expect(home.run('tick 1m').code).toBe(0);
    expect(home.run(['get', LEVELS, 'exempt', '-o', 'jsonpath={.spec.exempt.lendablePercent} {.metadata.annotations}']).stdout)
      .toBe('0 {"apf.kubernetes.io/autoupdate-spec":"true"}');
  });

  it('deletes an object of its own that is not in the bootstrap set but claims auto-update', () => {
    const schema = (name: string, autoUpdate: string) => `apiVersion: flowcontrol.apiserver.k8s.io/v1
kind: FlowSchema
metadata: {name: ${name}, annotations: {apf.kubernetes.io/autoupdate-spec: "${autoUpdate}"}}
spec: {priorityLevelConfiguration: {name: global-default}}
`;
    expect(home.run('apply -f -', { stdin: schema('claims', 'T') }).code).toBe(0);
    expect(home.run('apply -f -', { stdin: schema('keeps', 'f') }).code).toBe(0);
    expect(home.run('tick 1m').code).toBe(0);
    expect(home.run('get flowschema claims').stderr).toBe('Error from server (NotFound): flowschemas.flowcontrol.apiserver.k8s.io "claims" not found\n');
    expect(home.run('get flowschema keeps -o name').stdout).toBe('flowschema.flowcontrol.apiserver.k8s.io/keeps\n');
  });
});
