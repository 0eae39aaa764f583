/**
 * patch-decoding: a patched object goes through the API server's decoding, as the patch handler
 * does (k8s.io/apiserver handlers/patch.go): a wrongly typed field is a 422 Invalid on "patch"
 * whose value is the patch map (strategic merge) or the patched JSON (merge, json), and kubectl
 * words it `The request is invalid: patch: Invalid value: …`; unknown fields are dropped with a
 * warning (the server's default field validation for a PATCH is Warn).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

let home: TempHome;
beforeAll(() => {
  home = manualCluster('patchdecode', 7);
  home.run('create deployment web --image=nginx --replicas=3');
});
afterAll(() => home.cleanup());

const fail = (stderr: string) => ({ stdout: '', stderr, code: 1 });

describe('error texts', () => {
  it('an Invalid error names the kind without its group, as kubectl prints details.kind', { timeout: 20_000 }, () => {
    expect(home.run(['patch', 'deploy', 'web', '-p', '{"spec":{"replicas":-1}}']))
      .toEqual(fail('The Deployment "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0\n'));
  });

  it('a decode error keeps its cause after the "cannot be handled" wrapper', { timeout: 20_000 }, () => {
    const vwc = home.file('vwc.yaml', [
      'apiVersion: admissionregistration.k8s.io/v1', 'kind: ValidatingWebhookConfiguration', 'metadata:', '  name: bad-ca',
      'webhooks:', '- name: v.example.com', '  admissionReviewVersions: ["v1"]', '  sideEffects: None',
      '  clientConfig:', '    url: https://example.com/', '    caBundle: "!notbase64"', '',
    ].join('\n'));
    const want = `Error from server (BadRequest): error when creating "${vwc}": ValidatingWebhookConfiguration in version "v1" cannot be handled as a ValidatingWebhookConfiguration: illegal base64 data at input byte 0\n`;
    expect(home.run(['apply', '-f', vwc])).toEqual(fail(want));
    expect(home.run(['create', '-f', vwc])).toEqual(fail(want));
  });
});
