/**
 * kubectl's PrintFlags on every verb that has them: --template (alone it means go-template),
 * --allow-missing-template-keys, --show-managed-fields, and -o on the verbs that print what
 * they changed (rollout, taint, certificate, auth reconcile, create token, wait, config view,
 * auth whoami). Each expectation was compared with kubectl 1.32 through `kubemu serve`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { manualCluster } from '../helpers/run-cli';
import { createCertificateRequest } from '../../src/api/pki/x509';

const PRINT_FLAGS_FORMATS = 'go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml';

describe('print flags', () => {
  const home = manualCluster('twin', 11);
  beforeAll(() => {
    for (const c of ['create deployment web --image=nginx:1.27 --replicas=2', 'run lone --image=nginx -l app=lone', 'create configmap c1 --from-literal=a=1', 'tick 30s']) {
      expect(home.run(c).code, c).toBe(0);
    }
  });
  afterAll(() => home.cleanup());
  const ok = (stdout: string) => ({ stdout, stderr: '', code: 0 });
  const err = (stderr: string) => ({ stdout: '', stderr, code: 1 });

  it('--template without -o is a go-template, on get and on the verbs that print what they wrote', () => {
    expect(home.run(['get', 'deploy', 'web', '--template={{.metadata.name}}'])).toEqual(ok('web'));
    expect(home.run(['label', 'cm', 'c1', 'y=1', '--template={{.metadata.labels.y}}'])).toEqual(ok('1'));
    expect(home.run(['create', 'configmap', 't1', '--from-literal=a=b', '--template={{.data.a}}'])).toEqual(ok('b'));
    expect(home.run(['create', 'deployment', 't2', '--image=x', '--dry-run=client', '-o', 'go-template', '--template={{.metadata.name}}'])).toEqual(ok('t2'));
  });

  it('apply given only --template prints each object through it; with -o, one List at the end', () => {
    const file = path.join(home.dir, 'two.yaml');
    fs.writeFileSync(file, 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: m1}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: m2}\n');
    expect(home.run(['apply', '-f', file, '--template={{.metadata.name}}'])).toEqual(ok('m1m2'));
    expect(home.run(['apply', '-f', file, '-o', 'jsonpath={.items[*].metadata.name}'])).toEqual(ok('m1 m2'));
  });

  it('--allow-missing-template-keys=false makes a missing key an error', () => {
    const r = home.run(['get', 'deploy', 'web', '-o', 'jsonpath={.spec.nope}', '--allow-missing-template-keys=false']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: error executing jsonpath "\{\.spec\.nope\}": Error executing template: nope is not found\. Printing more information for debugging the template:\n\ttemplate was:\n\t\t\{\.spec\.nope\}\n\tobject given to jsonpath engine was:\n\t\tmap\[string\]interface \{\}\{"apiVersion":"apps\/v1", .*\}\n\n\n$/);
    expect(home.run(['get', 'deploy', 'web', '-o', 'jsonpath={.spec.nope}']).code).toBe(0);
    const g = home.run(['annotate', 'cm', 'c1', 'z=1', '-o', 'go-template={{.metadata.nope}}', '--allow-missing-template-keys=false']);
    expect(g.code).toBe(1);
    expect(g.stdout).toMatch(/^Error executing template: template: output:1:11: executing "output" at <\.metadata\.nope>: map has no entry for key "nope"\. Printing more information/);
    expect(g.stderr).toBe('error: error executing template "{{.metadata.nope}}": template: output:1:11: executing "output" at <.metadata.nope>: map has no entry for key "nope"\n');
    expect(home.run(['create', 'configmap', 'c9', '--dry-run=client', '-o', 'go-template={{.metadata.nope}}'])).toEqual(ok('<no value>'));
  });

  it('get --server-print=false prints kubectl\'s own default columns, NAME and AGE', () => {
    expect(home.run(['get', 'nodes', '--server-print=false'])).toEqual(ok('NAME        AGE\ncontrol01   5m30s\nworker01    5m30s\nworker02    5m30s\n'));
    expect(home.run(['get', 'deploy', '--server-print=false', '-A', '-L', 'app', '-o', 'wide']).stdout).toBe(
      'NAMESPACE     NAME      AGE     APP\ndefault       web       30s     web\nkube-system   coredns   5m30s   \n');
  });

  it('wide and custom columns are get\'s alone', () => {
    for (const line of [['create', 'deployment', 'x', '--image=y', '--dry-run=client', '-o', 'wide'], ['run', 'x', '--image=y', '--dry-run=client', '-o', 'custom-columns=A:.a'], ['set', 'image', 'deploy/web', 'nginx=nginx:1.29', '-o', 'wide']]) {
      const format = line[line.length - 1];
      expect(home.run(line), line.join(' ')).toEqual(err(`error: unable to match a printer suitable for the output format "${format}", allowed formats are: ${PRINT_FLAGS_FORMATS}\n`));
    }
    expect(home.run(['get', 'deploy', 'web', '-o', 'jsonpath={.spec.template.spec.containers[0].image}'])).toEqual(ok('nginx:1.27'));
  });

  it('rollout pause, resume, restart and undo print the object with -o; history --template runs on the workload', () => {
    expect(home.run(['rollout', 'pause', 'deploy/web', '-o', 'jsonpath={.spec.paused}'])).toEqual(ok('true'));
    expect(home.run(['rollout', 'resume', 'deploy/web', '-o', 'name'])).toEqual(ok('deployment.apps/web\n'));
    expect(home.run(['set', 'image', 'deploy/web', 'nginx=nginx:1.28', '-o', 'name'])).toEqual(ok('deployment.apps/web\n'));
    expect(home.run(['rollout', 'restart', 'deploy/web', '-o', 'jsonpath={.kind}'])).toEqual(ok('Deployment'));
    // kubectl stamps the restart with the second: another in the same second has nothing to patch.
    expect(home.run(['rollout', 'restart', 'deploy/web'])).toEqual(err('error: failed to create patch for web: if restart has already been triggered within the past second, please wait before attempting to trigger another\n'));
    expect(home.run('tick 1s').code).toBe(0);
    expect(home.run(['rollout', 'restart', 'deploy/web', '--field-manager=me', '-o', 'jsonpath={.metadata.managedFields[*].manager}']).stdout).toMatch(/(^| )me( |$)/);
    // undo prints the Deployment as it was read, before the rollback.
    expect(home.run(['rollout', 'undo', 'deploy/web', '-o', 'jsonpath={.spec.template.spec.containers[0].image}'])).toEqual(ok('nginx:1.28'));
    expect(home.run(['rollout', 'history', 'deploy/web', '--template={{.kind}}'])).toEqual(ok('Deployment'));
    expect(home.run(['rollout', 'history', 'deploy/web', '-o', 'name']).stdout).toMatch(/^(replicaset\.apps\/web-\w+\n){4}$/);
  });

  it('taint prints the node with -o, takes --field-manager, and checks --validate', () => {
    expect(home.run(['taint', 'node', 'worker01', 'k=v:NoSchedule', '-o', 'jsonpath={.spec.taints}'])).toEqual(ok('[{"effect":"NoSchedule","key":"k","value":"v"}]'));
    expect(home.run(['taint', 'node', 'worker01', 'k-', '-o', 'name'])).toEqual(ok('node/worker01\n'));
    expect(home.run(['taint', 'node', 'worker01', 'k=v:NoSchedule', '--dry-run=client', '-o', 'jsonpath={.spec.taints[0].key}'])).toEqual(ok('k'));
    expect(home.run(['get', 'node', 'worker01', '-o', 'jsonpath={.spec.taints}'])).toEqual(ok(''));
    expect(home.run(['taint', 'node', 'worker01', 'k=v:NoSchedule', '--validate=bogus'])).toEqual(err('error: invalid - validate option "bogus"; must be one of: strict (or true), warn, ignore (or false)\n'));
  });

  it('wait prints the object it waited on with -o', () => {
    expect(home.run(['wait', 'deploy/web', '--for=condition=Available', '-o', 'name'])).toEqual(ok('deployment.apps/web\n'));
    expect(home.run(['wait', 'pods', '--all', '--for=condition=Ready', '--field-selector=metadata.name=lone', '-o', 'jsonpath={.metadata.name}'])).toEqual(ok('lone'));
  });

  it('--field-selector picks the objects of label, annotate and the other builder verbs', () => {
    expect(home.run(['label', 'pods', '--field-selector=metadata.name=lone', 'f=1'])).toEqual(ok('pod/lone labeled\n'));
    expect(home.run(['label', 'pods', 'lone', '--field-selector=metadata.name=lone', 'f=2'])).toEqual(err('error: name cannot be provided when a selector is specified\n'));
  });

  it('auth whoami and create token print their objects with -o; the token alone has no newline when piped', () => {
    expect(home.run(['auth', 'whoami', '-o', 'jsonpath={.status.userInfo.username}'])).toEqual(ok('kubernetes-admin'));
    expect(home.run(['auth', 'whoami', '-o', 'name'])).toEqual(ok('selfsubjectreview.authentication.k8s.io/<unknown>\n'));
    expect(home.run(['create', 'token', 'default', '-o', 'jsonpath={.spec}'])).toEqual(ok('{"audiences":["https://kubernetes.default.svc.cluster.local"],"boundObjectRef":null,"expirationSeconds":3600}'));
    expect(home.run(['create', 'token', 'default', '-o', 'name'])).toEqual(ok('tokenrequest.authentication.k8s.io/default\n'));
    const yaml = home.run(['create', 'token', 'default', '--duration=2h', '-o', 'yaml']).stdout;
    expect(yaml).toMatch(/^apiVersion: authentication\.k8s\.io\/v1\nkind: TokenRequest\nmetadata:\n  creationTimestamp: "[\dTZ:-]+"\n  name: default\n  namespace: default\nspec:\n  audiences:\n  - https:\/\/kubernetes\.default\.svc\.cluster\.local\n  boundObjectRef: null\n  expirationSeconds: 7200\nstatus:\n  expirationTimestamp: "[\dTZ:-]+"\n  token: eyJ[\w.-]+\n$/);
    expect(home.run(['create', 'token', 'default']).stdout).toMatch(/^eyJ[\w.-]+$/);
  });

  it('config view prints through the print flags', () => {
    expect(home.run(['config', 'view', '-o', 'jsonpath={.contexts[*].name}'])).toEqual(ok('twin'));
    expect(home.run(['config', 'view', '--template={{.kind}}'])).toEqual(ok('Config'));
    expect(home.run(['config', 'view', '-o', 'name'])).toEqual(ok('config/<unknown>\n'));
    expect(home.run(['config', 'view', '--merge=false'])).toEqual(err('error: if merge==false a precise file must be specified\n'));
    expect(home.run(['config', 'view', 'extra'])).toEqual(err("error: unexpected arguments: [extra]\nSee 'kubectl config view -h' for help and examples\n"));
  });

  it('certificate approve and deny: -o, -f, and kubectl\'s words when given nothing', () => {
    expect(home.run(['certificate', 'approve'])).toEqual(err('error: one or more CSRs must be specified as <name> or -f <filename>\n'));
    expect(home.run(['certificate', 'approve', 'nope'])).toEqual(err('Error from server (NotFound): certificatesigningrequests.certificates.k8s.io "nope" not found\n'));
    expect(home.run(['certificate', 'approve', 'nope', '-o', 'wide'])).toEqual(err(`error: unable to match a printer suitable for the output format "wide", allowed formats are: ${PRINT_FLAGS_FORMATS}\n`));
    const key = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const request = Buffer.from(createCertificateRequest({ commonName: 'jane', organization: [] }, key)).toString('base64');
    home.file('csr.yaml', `apiVersion: certificates.k8s.io/v1\nkind: CertificateSigningRequest\nmetadata:\n  name: jane\nspec:\n  request: ${request}\n  signerName: kubernetes.io/kube-apiserver-client\n  usages:\n  - client auth\n`);
    expect(home.run('create -f csr.yaml').code).toBe(0);
    // The CSR is printed as it was read, before the condition was added.
    expect(home.run(['certificate', 'approve', '-f', 'csr.yaml', '-o', 'jsonpath={.metadata.name}:{.status.conditions}'])).toEqual(ok('jane:'));
    expect(home.run(['get', 'csr', 'jane', '-o', 'jsonpath={.status.conditions[0].type}'])).toEqual(ok('Approved'));
    expect(home.run(['certificate', 'approve', 'csr/jane', 'nope', '-o', 'name'])).toEqual({
      stdout: 'certificatesigningrequest.certificates.k8s.io/jane\n',
      stderr: 'Error from server (NotFound): certificatesigningrequests.certificates.k8s.io "nope" not found\n', code: 1,
    });
  });
});
