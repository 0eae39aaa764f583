/**
 * The ConfigMaps kube-apiserver keeps in kube-system, through the real CLI: what it trusts for
 * aggregated API servers (extension-apiserver-authentication) and since when it tracks legacy
 * service-account tokens, both made again when deleted; and the CA certificates a node host
 * holds, which are the cluster's own.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

describe("kube-apiserver's ConfigMaps", () => {
  const home = manualCluster('apiservercms', 4);
  afterAll(() => home.cleanup());
  const data = (name: string) => JSON.parse(home.run(['get', 'cm', '-n', 'kube-system', name, '-o', 'jsonpath={.data}']).stdout);
  const ca = () => Buffer.from(home.run(['config', 'view', '--raw', '-o', 'jsonpath={.clusters[0].cluster.certificate-authority-data}']).stdout, 'base64').toString();

  it('trusts the cluster CA for clients and the front-proxy CA for request headers, with kubeadm\'s headers', () => {
    const auth = data('extension-apiserver-authentication');
    expect(Object.keys(auth)).toEqual(['client-ca-file', 'requestheader-allowed-names', 'requestheader-client-ca-file', 'requestheader-extra-headers-prefix',
      'requestheader-group-headers', 'requestheader-uid-headers', 'requestheader-username-headers']);
    expect(auth['client-ca-file']).toBe(ca());
    expect(auth['requestheader-client-ca-file']).toBe(home.run(['ssh', 'control01', '--', 'cat /etc/kubernetes/pki/front-proxy-ca.crt']).stdout);
    expect(auth['requestheader-client-ca-file']).not.toBe(ca());
    expect([auth['requestheader-allowed-names'], auth['requestheader-extra-headers-prefix'], auth['requestheader-group-headers'], auth['requestheader-uid-headers'], auth['requestheader-username-headers']])
      .toEqual(['["front-proxy-client"]', '["X-Remote-Extra-"]', '["X-Remote-Group"]', '[]', '["X-Remote-User"]']);
    expect(home.run(['ssh', 'worker01', '--', 'cat /etc/kubernetes/pki/ca.crt']).stdout).toBe(ca());
  });

  it('records the day legacy token tracking began, and both are written again when deleted', () => {
    expect(data('kube-apiserver-legacy-service-account-token-tracking')).toEqual({ since: '2026-01-01' });
    expect(home.run('tick 48h').code).toBe(0);
    expect(home.run('delete cm -n kube-system kube-apiserver-legacy-service-account-token-tracking extension-apiserver-authentication').code).toBe(0);
    expect(data('kube-apiserver-legacy-service-account-token-tracking')).toEqual({ since: '2026-01-03' });
    expect(data('extension-apiserver-authentication')['client-ca-file']).toBe(ca());
    expect(home.run(['patch', 'cm', '-n', 'kube-system', 'kube-apiserver-legacy-service-account-token-tracking', '-p', '{"data":{"since":"yesterday"}}']).code).toBe(0);
    expect(data('kube-apiserver-legacy-service-account-token-tracking')).toEqual({ since: '2026-01-03' });
  });
});
