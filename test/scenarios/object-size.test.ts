/**
 * etcd's 1.5 MiB limit counts an object's encoded UTF-8 bytes: text outside ASCII takes up to
 * three bytes a character, so 1 million CJK characters (3 MB, a request under the server's
 * 3 MiB) is refused by etcd, as kube-apiserver passes its error through, and never stored.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';
import { ETCD_REQUEST_TOO_LARGE as TOO_LARGE } from '../../src/apiserver/errors';

/** podTemplate is a PodTemplate manifest carrying value in an env var (no field limit below etcd's). */
const podTemplate = (name: string, value: string): string =>
  `apiVersion: v1\nkind: PodTemplate\nmetadata: {name: ${name}}\ntemplate:\n  spec:\n    containers: [{name: c, image: nginx, env: [{name: BLOB, value: "${value}"}]}]\n`;

describe('object size in UTF-8 bytes', { timeout: 30_000 }, () => {
  let home: TempHome;
  beforeEach(() => { home = manualCluster('size', 7); });
  afterEach(() => home.cleanup());

  it('refuses 3 MB of CJK text in one object on create, and stores nothing', () => {
    const r = home.run(['create', '-f', '-'], { stdin: podTemplate('cjk', '漢'.repeat(1_000_000)) });
    expect(r).toEqual({ stdout: '', stderr: `Error from server: error when creating "STDIN": ${TOO_LARGE}\n`, code: 1 });
    expect(home.run('get podtemplate cjk --ignore-not-found -o name').stdout).toBe('');
    expect(home.run('doctor')).toMatchObject({ code: 0 });
  });

  it('refuses an update that grows an object past the limit in CJK text', () => {
    expect(home.run(['create', '-f', '-'], { stdin: podTemplate('grow', 'small') }).code).toBe(0);
    const r = home.run(['replace', '-f', '-'], { stdin: podTemplate('grow', '漢'.repeat(600_000)) });
    expect(r).toEqual({ stdout: '', stderr: `Error from server: error when replacing "STDIN": ${TOO_LARGE}\n`, code: 1 });
    expect(home.run(['get', 'podtemplate', 'grow', '-o', 'jsonpath={.template.spec.containers[0].env[0].value}']).stdout).toBe('small');
    expect(home.run('doctor')).toMatchObject({ code: 0 });
  });

  it('stores CJK text up to the limit', () => {
    expect(home.run(['create', '-f', '-'], { stdin: podTemplate('fits', '漢'.repeat(500_000)) })).toMatchObject({ stdout: 'podtemplate/fits created\n', code: 0 });
    expect(home.run('doctor')).toMatchObject({ code: 0 });
  });
});
