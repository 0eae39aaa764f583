import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';
import { createCertificateRequest, issueCertificate } from '../../src/api/pki/x509';

// The docs' task "Normal user": a key and a CSR (openssl genrsa / openssl req, made here with
// node:crypto), a CertificateSigningRequest, approval, the issued certificate in a kubeconfig
// user, and RBAC for that user.
const csrManifest = (name: string, request: string, extra = '') => `apiVersion: certificates.k8s.io/v1
kind: CertificateSigningRequest
metadata:
  name: ${name}
spec:
  request: ${Buffer.from(request).toString('base64')}
  signerName: kubernetes.io/kube-apiserver-client
  usages:
  - client auth
${extra}`;

const ROLE = `apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: pod-reader
  namespace: default
rules:
- apiGroups: [""]
  resources: ["pods"]
  verbs: ["get", "list"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: jane-reads-pods
  namespace: default
subjects:
- kind: User
  name: jane
  apiGroup: rbac.authorization.k8s.io
roleRef:
  kind: Role
  name: pod-reader
  apiGroup: rbac.authorization.k8s.io
`;

describe('a user made through a CertificateSigningRequest', () => {
  let home: TempHome;
  const key = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  beforeAll(() => {
    home = manualCluster('ident', 7);
    home.file('jane.key', key.export({ type: 'pkcs1', format: 'pem' }) as string);
    home.file('jane.csr', createCertificateRequest({ commonName: 'jane', organization: ['dev', 'qa'] }, key));
  });
  afterAll(() => home.cleanup());

  it('is approved, issued, and shown as Approved,Issued', () => {
    home.file('csr.yaml', csrManifest('jane', fs.readFileSync(path.join(home.dir, 'jane.csr'), 'utf8'), '  expirationSeconds: 86400\n'));
    expect(home.run('create -f csr.yaml').stdout).toBe('certificatesigningrequest.certificates.k8s.io/jane created\n');
    expect(home.run('get csr jane').stdout).toMatch(/^NAME +AGE +SIGNERNAME +REQUESTOR +REQUESTEDDURATION +CONDITION\njane +\S+ +kubernetes.io\/kube-apiserver-client +kubernetes-admin +24h +Pending\n$/);
    expect(home.run('certificate approve jane')).toEqual({ stdout: 'certificatesigningrequest.certificates.k8s.io/jane approved\n', stderr: '', code: 0 });
    expect(home.run('get csr jane').stdout).toMatch(/ 24h +Approved,Issued\n$/);
    // kubectl refuses the other decision itself, before any request (kubectl 1.32 through kubemu serve).
    expect(home.run('certificate deny jane')).toEqual({ stdout: '', code: 1, stderr: 'error: certificate signing request "jane" is already Approved\n' });
    // --force sends a request that has the condition back as it is.
    expect(home.run('certificate approve jane --force')).toEqual({ stdout: 'certificatesigningrequest.certificates.k8s.io/jane approved\n', stderr: '', code: 0 });
    expect(home.run(['get', 'csr', 'jane', '-o', 'jsonpath={.status.conditions[*].type}']).stdout).toBe('Approved');
    expect(home.run(['get', 'csr', 'jane', '-o', 'jsonpath={.metadata.managedFields[?(@.manager=="kubectl-certificate")].subresource}']).stdout).toBe('approval');
    const b64 = home.run(['get', 'csr', 'jane', '-o', 'jsonpath={.status.certificate}']).stdout;
    const cert = new crypto.X509Certificate(Buffer.from(b64, 'base64'));
    // O before CN, as Go's pkix writes a name; the two O values in DER's SET OF order.
    expect(cert.subject).toBe('O=qa + O=dev\nCN=jane');
    expect(cert.issuer).toBe('CN=kubernetes');
    expect(Date.parse(cert.validTo) - Date.parse(cert.validFrom)).toBe((86400 + 300) * 1000);
    expect(cert.checkPrivateKey(key)).toBe(true);
    home.file('jane.crt', Buffer.from(b64, 'base64').toString('utf8'));
  });

  it('authenticates as jane through a kubeconfig user, and RBAC decides', () => {
    expect(home.run('config set-credentials jane --client-certificate=jane.crt --client-key=jane.key --embed-certs').stdout).toBe('User "jane" set.\n');
    expect(home.run('config set-context jane --cluster=ident --user=jane').stdout).toBe('Context "jane" created.\n');
    expect(home.run('--context jane auth whoami').stdout).toBe('ATTRIBUTE   VALUE\nUsername    jane\nGroups      [qa dev system:authenticated]\n');
    expect(home.run('--context jane get pods')).toEqual({
      stdout: '', code: 1,
      stderr: 'Error from server (Forbidden): pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default"\n',
    });
    home.file('role.yaml', ROLE);
    expect(home.run('apply -f role.yaml').code).toBe(0);
    expect(home.run('--context jane get pods')).toEqual({ stdout: '', stderr: 'No resources found in default namespace.\n', code: 0 });
    expect(home.run('--context jane delete pod x').stderr)
      .toBe('Error from server (Forbidden): pods "x" is forbidden: User "jane" cannot delete resource "pods" in API group "" in the namespace "default"\n');
    expect(home.run('--context jane auth can-i list pods').stdout).toBe('yes\n');
    // The admin context is untouched.
    expect(home.run('auth whoami').stdout).toBe('ATTRIBUTE   VALUE\nUsername    kubernetes-admin\nGroups      [kubeadm:cluster-admins system:authenticated]\n');
    // use-context makes jane the default identity; cluster use switches back.
    expect(home.run('config use-context jane').stdout).toBe('Switched to context "jane".\n');
    expect(home.run('auth whoami').stdout).toContain('Username    jane\n');
    expect(home.run('config use-context ident').stdout).toBe('Switched to context "ident".\n');
    expect(home.run('auth whoami').stdout).toContain('Username    kubernetes-admin\n');
  });

  it('records the requester in spec.username/groups, whatever the client sends, and keeps spec on update', () => {
    const request = fs.readFileSync(path.join(home.dir, 'jane.csr'), 'utf8');
    const spoof = '  username: system:admin\n  uid: "1"\n  groups: ["system:masters"]\n  extra:\n    scopes: ["all"]\n';
    const specOf = (name: string) => JSON.parse(home.run(['get', 'csr', name, '-o', 'json']).stdout).spec;
    home.file('spoof.yaml', csrManifest('spoof', request, spoof));
    expect(home.run('create -f spoof.yaml').code).toBe(0);
    expect(specOf('spoof')).toMatchObject({ username: 'kubernetes-admin', groups: ['kubeadm:cluster-admins', 'system:authenticated'] });
    expect(specOf('spoof').uid).toBeUndefined();
    expect(specOf('spoof').extra).toBeUndefined();
    // jane (a certificate user) may create CSRs; hers carry her name and groups.
    expect(home.run('create clusterrole csr-creator --verb=create,get --resource=certificatesigningrequests').code).toBe(0);
    expect(home.run('create clusterrolebinding jane-csr --clusterrole=csr-creator --user=jane').code).toBe(0);
    home.file('by-jane.yaml', csrManifest('by-jane', request, spoof));
    expect(home.run('--context jane create -f by-jane.yaml').stdout).toBe('certificatesigningrequest.certificates.k8s.io/by-jane created\n');
    expect(specOf('by-jane')).toMatchObject({ username: 'jane', groups: ['qa', 'dev', 'system:authenticated'] });
    // Approving takes update on the approval subresource and, by the CertificateApproval admission plugin, approve on the signer.
    expect(home.run('--context jane certificate approve by-jane').stderr).toBe(
      'Error from server (Forbidden): certificatesigningrequests.certificates.k8s.io "by-jane" is forbidden: User "jane" cannot update resource "certificatesigningrequests/approval" in API group "certificates.k8s.io" at the cluster scope\n');
    expect(home.run('create clusterrole csr-approver --verb=update --resource=certificatesigningrequests/approval').code).toBe(0);
    expect(home.run('create clusterrolebinding jane-approver --clusterrole=csr-approver --user=jane').code).toBe(0);
    expect(home.run('--context jane certificate approve by-jane').stderr).toBe(
      'Error from server (Forbidden): certificatesigningrequests.certificates.k8s.io "by-jane" is forbidden: user not permitted to approve requests with signerName "kubernetes.io/kube-apiserver-client"\n');
    home.file('signer.yaml', 'apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata: {name: client-signer}\nrules:\n- apiGroups: [certificates.k8s.io]\n  resources: [signers]\n  verbs: [approve]\n  resourceNames: ["kubernetes.io/*"]\n');
    expect(home.run('apply -f signer.yaml').code).toBe(0);
    expect(home.run('create clusterrolebinding jane-signer --clusterrole=client-signer --user=jane').code).toBe(0);
    expect(home.run('--context jane certificate approve by-jane')).toEqual({ stdout: 'certificatesigningrequest.certificates.k8s.io/by-jane approved\n', stderr: '', code: 0 });
    // Impersonation records the impersonated user, as kube-apiserver does.
    home.file('as-bob.yaml', csrManifest('as-bob', request));
    expect(home.run('--as bob --as-group system:masters create -f as-bob.yaml').code).toBe(0);
    expect(specOf('as-bob')).toMatchObject({ username: 'bob', groups: ['system:masters', 'system:authenticated'] });
    // An update of the main resource cannot rewrite the requester.
    expect(home.run(['patch', 'csr', 'spoof', '--type=merge', '-p', '{"spec":{"username":"system:admin"}}']).code).toBe(0);
    expect(specOf('spoof').username).toBe('kubernetes-admin');
  });

  it('refuses a certificate the cluster CA did not sign, and a key that is not the certificate\'s', () => {
    const other = crypto.generateKeyPairSync('ed25519').privateKey;
    // A self-signed "jane" certificate: same subject, wrong issuer key.
    const spki = crypto.createPublicKey(key).export({ type: 'spki', format: 'der' });
    const forged = issueCertificate({ serial: 1n, subject: { commonName: 'jane', organization: [] }, notBeforeMs: Date.UTC(2020, 0, 1), notAfterMs: Date.UTC(2040, 0, 1), publicKeyDer: spki, isCA: false },
      { commonName: 'kubernetes', organization: [] }, other, crypto.createPublicKey(other).export({ type: 'spki', format: 'der' }));
    home.file('forged.crt', forged);
    expect(home.run('config set-credentials mallory --client-certificate=forged.crt --client-key=jane.key').code).toBe(0);
    expect(home.run('--context ident --user mallory get pods')).toEqual({ stdout: '', stderr: 'error: You must be logged in to the server (Unauthorized)\n', code: 1 });
    home.file('other.key', other.export({ type: 'pkcs8', format: 'pem' }) as string);
    expect(home.run('config set-credentials eve --client-certificate=jane.crt --client-key=other.key').code).toBe(0);
    expect(home.run('--context ident --user eve get pods').stderr).toBe('error: tls: private key does not match public key\n');
    expect(home.run('--user nobody get pods').stderr).toBe('error: auth info "nobody" does not exist\n');
    expect(home.run('--context nope get pods')).toEqual({ stdout: '', stderr: 'Error in configuration: context was not found for specified context: nope\n', code: 1 });
  });
});
