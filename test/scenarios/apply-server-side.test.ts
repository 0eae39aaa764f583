/**
 * apply --server-side: the server merges the configuration and tracks field ownership in
 * managedFields — created and re-applied objects print `serverside-applied`, fields the
 * applier drops are removed, a field `kubectl scale` took since is a conflict with kubectl's
 * text and hint (exit 1) until --force-conflicts, and get hides managedFields unless
 * --show-managed-fields.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const home = manualCluster('ssa', 7);
afterAll(() => home.cleanup());

const CM = (data: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  labels:\n    app: web\ndata:\n${data}`;
const DEPLOY = (replicas: number) => `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: ${replicas}\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.27\n`;

const HINT = `Please review the fields above--they currently have other managers. Here
are the ways you can resolve this warning:
* If you intend to manage all of these fields, please re-run the apply
  command with the \`--force-conflicts\` flag.
* If you do not intend to manage all of the fields, please edit your
  manifest to remove references to the fields that should keep their
  current managers.
* You may co-own fields by updating your manifest to match the existing
  value; in this case, you'll become the manager if the other manager(s)
  stop managing the field (remove it from their configuration).
See https://kubernetes.io/docs/reference/using-api/server-side-apply/#conflicts
`;

describe('apply --server-side', () => {
  it('creates, then re-applies an unchanged configuration without writing', () => {
    const file = home.file('cm.yaml', CM('  a: "1"\n  b: "2"\n'));
    expect(home.run(['apply', '--server-side', '-f', file])).toEqual({ stdout: 'configmap/settings serverside-applied\n', stderr: '', code: 0 });
    const rv = home.run('get cm settings -o jsonpath={.metadata.resourceVersion}').stdout;
    expect(home.run(['apply', '--server-side', '-f', file])).toEqual({ stdout: 'configmap/settings serverside-applied\n', stderr: '', code: 0 });
    expect(home.run('get cm settings -o jsonpath={.metadata.resourceVersion}').stdout).toBe(rv);
  });

  it('shows managedFields only with --show-managed-fields', () => {
    const time = home.run('get cm settings -o jsonpath={.metadata.managedFields[0].time}').stdout;
    expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const shown = home.run('get cm settings -o yaml --show-managed-fields').stdout;
    expect(shown).toContain([
      '  managedFields:',
      '  - apiVersion: v1',
      '    fieldsType: FieldsV1',
      '    fieldsV1:',
      '      f:data:',
      '        f:a: {}',
      '        f:b: {}',
      '      f:metadata:',
      '        f:labels:',
      '          f:app: {}',
      '    manager: kubectl',
      '    operation: Apply',
      `    time: "${time}"`,
      '  name: settings',
    ].join('\n'));
    expect(home.run('get cm settings -o yaml').stdout).not.toContain('managedFields');
    expect(home.run('get cm settings -o json').stdout).not.toContain('managedFields');
  });

  it('removes a field the applier no longer applies', () => {
    const file = home.file('cm.yaml', CM('  a: "1"\n'));
    expect(home.run(['apply', '--server-side', '-f', file]).code).toBe(0);
    expect(home.run('get cm settings -o jsonpath={.data}').stdout).toBe('{"a":"1"}');
  });

  it('conflicts on a field kubectl scale changed since, until --force-conflicts', () => {
    expect(home.run(['apply', '--server-side', '-f', home.file('web.yaml', DEPLOY(2))]).stdout).toBe('deployment.apps/web serverside-applied\n');
    expect(home.run('scale deploy web --replicas=4').code).toBe(0);
    const file = home.file('web.yaml', DEPLOY(3));
    expect(home.run(['apply', '--server-side', '-f', file])).toEqual({
      stdout: '',
      stderr: `error: Apply failed with 1 conflict: conflict with "kubectl" with subresource "scale" using apps/v1: .spec.replicas\n${HINT}`,
      code: 1,
    });
    expect(home.run('get deploy web -o jsonpath={.spec.replicas}').stdout).toBe('4');
    expect(home.run(['apply', '--server-side', '--force-conflicts', '-f', file])).toEqual({ stdout: 'deployment.apps/web serverside-applied\n', stderr: '', code: 0 });
    expect(home.run('get deploy web -o jsonpath={.spec.replicas}').stdout).toBe('3');
    expect(home.run('get deploy web -o jsonpath={.metadata.managedFields[*].subresource}').stdout).not.toContain('scale');
  });

  it('names the field manager and dry-runs on the server', () => {
    const file = home.file('web.yaml', DEPLOY(5));
    expect(home.run(['apply', '--server-side', '--field-manager=ci', '--dry-run=server', '-f', file]).stderr)
      .toBe(`error: Apply failed with 1 conflict: conflict with "kubectl": .spec.replicas\n${HINT}`);
    expect(home.run(['apply', '--server-side', '--field-manager=ci', '--force-conflicts', '--dry-run=server', '-f', file]))
      .toEqual({ stdout: 'deployment.apps/web serverside-applied (server dry run)\n', stderr: '', code: 0 });
    expect(home.run('get deploy web -o jsonpath={.spec.replicas}').stdout).toBe('3');
    const printed = home.run(['apply', '--server-side', '--field-manager=ci', '--force-conflicts', '--dry-run=server', '-o', 'yaml', '-f', file]).stdout;
    expect(printed).toContain('  replicas: 5\n');
    expect(printed).not.toContain('managedFields');
  });

  it('records later writes under their managers; every -o yaml hides them unless asked', () => {
    expect(home.run('label deploy web tier=a -o yaml').stdout).not.toContain('managedFields');
    const shown = home.run('label deploy web tier=b --overwrite -o yaml --show-managed-fields').stdout;
    expect(shown).toContain('          f:tier: {}\n    manager: kubectl-label\n    operation: Update\n');
  });

  it('diffs against a server-side dry-run apply with --server-side', () => {
    const file = home.file('web.yaml', DEPLOY(6));
    const r = home.run(['diff', '--server-side', '-f', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('\n-  replicas: 3\n+  replicas: 6\n');
    expect(home.run('get deploy web -o jsonpath={.spec.replicas}').stdout).toBe('3');
  });

  it('dry-runs over a client-side applied object as kubectl does: the annotation\'s migration is refused and warned about, nothing written', () => {
    const file = home.file('csa.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: csa\ndata:\n  a: "1"\n');
    expect(home.run(['apply', '-f', file]).code).toBe(0);
    const rv = home.run('get cm csa -o jsonpath={.metadata.resourceVersion}').stdout;
    expect(home.run(['apply', '--server-side', '--dry-run=server', '-f', file])).toEqual({
      stdout: 'configmap/csa serverside-applied (server dry run)\n',
      stderr: 'Warning: failed to migrate kubectl.kubernetes.io/last-applied-configuration for Server-Side Apply. This is non-fatal and will be retried next time you apply.'
        + ' Error: Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using v1: .metadata.annotations.kubectl.kubernetes.io/last-applied-configuration\n',
      code: 0,
    });
    expect(home.run('get cm csa -o jsonpath={.metadata.resourceVersion}').stdout).toBe(rv);
    // The real apply migrates without a word: the annotation is stored first, then co-owned.
    expect(home.run(['apply', '--server-side', '-f', file])).toEqual({ stdout: 'configmap/csa serverside-applied\n', stderr: '', code: 0 });
    expect(home.run(['get', 'cm', 'csa', '-o', 'jsonpath={.metadata.managedFields[*].manager}']).stdout).toBe('kubectl kubectl-last-applied');
  });

  it('refuses --force-conflicts without --server-side, and --dry-run=client with it', () => {
    const file = home.file('web.yaml', DEPLOY(3));
    expect(home.run(['apply', '--force-conflicts', '-f', file])).toEqual({ stdout: '', stderr: 'error: --force-conflicts only works with --server-side\n', code: 1 });
    expect(home.run(['apply', '--server-side', '--dry-run=client', '-f', file])).toEqual({
      stdout: '', stderr: "error: --dry-run=client doesn't work with --server-side (did you mean --dry-run=server instead?)\n", code: 1,
    });
  });
});
