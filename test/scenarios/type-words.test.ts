/**
 * Type words as kubectl 1.32's resource builder maps them: plurals, singulars and kinds in any
 * case, short names only as typed, an unknown word named without its group, and a short name
 * other resources share warned about each time it is expanded ("ev": core and events.k8s.io
 * Events). events.k8s.io/v1 Events are the stored core Events, converted. Each text was
 * compared with kubectl 1.32's through `kubemu serve`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const EV_WARNING = 'Warning: short name "ev" could also match lower priority resource events.events.k8s.io\n';

describe('type words', () => {
  const home = manualCluster('types', 7);
  afterAll(() => home.cleanup());
  home.run('create deployment web --image=nginx --replicas=1');
  home.run('tick 1m');
  const deploymentEvents = '--field-selector involvedObject.kind=Deployment';

  it('warn once per word mapped when a short name has lower-priority meanings', () => {
    const events = home.run(`get ev -o name ${deploymentEvents}`);
    expect(events.stderr).toBe(EV_WARNING);
    expect(events.stdout).toMatch(/^event\/web\.[0-9a-f]+\n$/);
    expect(home.run(`get ev,ev -o name ${deploymentEvents}`)).toEqual({ ...events, stderr: EV_WARNING });
    expect(home.run('get ev/a ev/b').stderr).toBe(`${EV_WARNING}Error from server (NotFound): events "a" not found\nError from server (NotFound): events "b" not found\n`);
    // describe maps the word again to look for a name prefix; create role maps it to validate, then to build.
    expect(home.run('describe ev nosuch').stderr).toBe(`${EV_WARNING}${EV_WARNING}Error from server (NotFound): events "nosuch" not found\n`);
    expect(home.run('create role r --verb=get --resource=ev --dry-run=client -o name')).toEqual({ code: 0, stdout: 'role.rbac.authorization.k8s.io/r\n', stderr: EV_WARNING + EV_WARNING });
    expect(home.run('logs ev/x').stderr).toBe(`${EV_WARNING}error: error from server (NotFound): events "x" not found in namespace "default"\n`);
    // Not a server warning: --warnings-as-errors lets it pass.
    expect(home.run(`get ev -o name --warnings-as-errors ${deploymentEvents}`).code).toBe(0);
    expect(home.run(`get events -o name ${deploymentEvents}`).stderr).toBe('');
  });

  it("drop the version of a short name, as kubectl's shortcut expander does", () => {
    expect(home.run('autoscale deployment web --max=3').code).toBe(0);
    expect(home.run(['get', 'hpa.v1.autoscaling', 'web', '-o', 'jsonpath={.apiVersion}']).stdout).toBe('autoscaling/v2');
    expect(home.run(['get', 'horizontalpodautoscalers.v1.autoscaling', 'web', '-o', 'jsonpath={.apiVersion}']).stdout).toBe('autoscaling/v1');
    // A full resource name's version is the one read and written (the v1 form's target CPU).
    expect(home.run(['patch', 'horizontalpodautoscalers.v1.autoscaling', 'web', '-p', '{"spec":{"targetCPUUtilizationPercentage":70}}'])).toEqual({ code: 0, stdout: 'horizontalpodautoscaler.autoscaling/web patched\n', stderr: '' });
    expect(home.run(['get', 'hpa', 'web', '-o', 'jsonpath={.spec.metrics[0].resource.target.averageUtilization}']).stdout).toBe('70');
    expect(home.run(['label', 'horizontalpodautoscalers.v1.autoscaling', 'web', 'z=1', '-o', 'jsonpath={.apiVersion}']).stdout).toBe('autoscaling/v1');
    // describe's HPA describer reads autoscaling/v2 whatever version was named.
    expect(home.run('describe horizontalpodautoscalers.v1.autoscaling web').stdout).not.toContain('autoscaling.alpha.kubernetes.io');
  });

  it('expand short names and match groups only as typed', () => {
    expect(home.run('get PO')).toEqual({ code: 1, stdout: '', stderr: 'error: the server doesn\'t have a resource type "PO"\n' });
    expect(home.run('get deploy.APPS').stderr).toBe('error: the server doesn\'t have a resource type "deploy"\n');
    expect(home.run('get foo.v1.bar').stderr).toBe('error: the server doesn\'t have a resource type "foo"\n');
    expect(home.run('get DEPLOYMENTS -o name')).toEqual({ code: 0, stdout: 'deployment.apps/web\n', stderr: '' });
    // events --for lowercases its type first.
    expect(home.run('events --for=PO/x')).toEqual({ code: 0, stdout: '', stderr: 'No events found in default namespace.\n' });
  });

  it('serve events.k8s.io/v1 Events converted from the stored core ones', () => {
    const r = home.run('get events.events.k8s.io -o yaml --field-selector regarding.kind=Deployment');
    const item = (r.stdout.split('\n- ')[1] ?? '');
    expect(item).toMatch(/^apiVersion: events.k8s.io\/v1\n  deprecatedCount: 1\n  deprecatedFirstTimestamp: "2026-01-01T00:05:00Z"\n  deprecatedLastTimestamp: "2026-01-01T00:05:00Z"\n  deprecatedSource:\n    component: deployment-controller\n  eventTime: null\n  kind: Event\n/);
    expect(item).toContain('  note: Scaled up replica set web-');
    expect(item).toContain('  reason: ScalingReplicaSet\n  regarding:\n    apiVersion: apps/v1\n    kind: Deployment\n    name: web\n');
    expect(item).toContain('  reportingController: deployment-controller\n  type: Normal\n');
    // Its field selectors are its own labels, mapped to the stored Event's; the core spellings are refused.
    expect(home.run('get events.events.k8s.io -o name --field-selector regarding.kind=Deployment').stdout).toMatch(/^event\.events\.k8s\.io\/web\.[0-9a-f]+\n$/);
    expect(home.run('get events.events.k8s.io --field-selector involvedObject.kind=Deployment')).toEqual({ code: 1, stdout: '',
      stderr: 'Error from server (BadRequest): Unable to find "events.k8s.io/v1, Resource=events" that match label selector "", field selector "involvedObject.kind=Deployment": field label not supported: involvedObject.kind\n' });
    // The table is the internal Event's, as for the core resource.
    expect(home.run('get events.events.k8s.io --field-selector regarding.kind=Deployment').stdout).toBe(home.run(`get events ${deploymentEvents}`).stdout);
    // kubectl has no describer for it: the generic one prints the events.k8s.io fields.
    const name = home.run(`get events -o name ${deploymentEvents}`).stdout.trim().slice('event/'.length);
    expect(home.run(['describe', 'events.events.k8s.io', name]).stdout).toMatch(/\nAPI Version:  +events\.k8s\.io\/v1\nDeprecated Count:  +1\n/);
  });

  it('rank custom resources after the built-ins, and among themselves by group, as discovery does', () => {
    const crd = (plural: string, group: string, kind: string, shortNames: string) => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: ${plural}.${group}}
spec:
  group: ${group}
  scope: Namespaced
  names: {plural: ${plural}, singular: ${kind.toLowerCase()}, kind: ${kind}, shortNames: [${shortNames}]}
  versions:
  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}}
`;
    // Created in the other order: the store's order is not discovery's.
    expect(home.run(['apply', '-f', home.file('crds.yaml', `${crd('potatoes', 'example.com', 'Potato', 'po, pt')}---\n${crd('pots', 'alpha.io', 'Pot', 'pt')}`)]).code).toBe(0);
    expect(home.run(['apply', '-f', home.file('objs.yaml', 'apiVersion: example.com/v1\nkind: Potato\nmetadata: {name: russet}\n---\napiVersion: alpha.io/v1\nkind: Pot\nmetadata: {name: clay}\n')]).code).toBe(0);
    expect(home.run('get pt -o name')).toEqual({ code: 0, stdout: 'pot.alpha.io/clay\n', stderr: 'Warning: short name "pt" could also match lower priority resource potatoes.example.com\n' });
    expect(home.run('get po -o name').stderr).toBe('Warning: short name "po" could also match lower priority resource potatoes.example.com\n');
  });
});
