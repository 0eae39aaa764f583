/**
 * A patch cannot rename an object or move it to another namespace: the API server's patch
 * handler refuses it (checkName) before anything is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

describe('patch that changes the object\'s identity', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('patch-identity', 1);
    expect(home.run('create configmap a --from-literal=x=1').code).toBe(0);
    expect(home.run('create namespace other').code).toBe(0);
  });
  afterAll(() => home.cleanup());

  it('refuses a new name, a new namespace or no name, and writes nothing', () => {
    expect(home.run(['patch', 'cm', 'a', '-p', '{"metadata":{"name":"b"}}'])).toEqual({ code: 1, stdout: '', stderr: 'Error from server (BadRequest): the name of the object (b) does not match the name on the URL (a)\n' });
    expect(home.run(['patch', 'cm', 'a', '--type=merge', '-p', '{"metadata":{"namespace":"other"}}'])).toEqual({ code: 1, stdout: '', stderr: 'Error from server (BadRequest): the namespace of the object (other) does not match the namespace on the request (default)\n' });
    expect(home.run(['patch', 'cm', 'a', '--type=json', '-p', '[{"op":"remove","path":"/metadata/name"}]']).stderr).toBe('Error from server (BadRequest): the name of the object (a based on URL) was undeterminable: name must be provided\n');
    expect(home.run('get configmaps -n default -o name').stdout).toBe('configmap/a\nconfigmap/kube-root-ca.crt\n');
    expect(home.run('get configmaps -n other -o name').stdout).toBe('configmap/kube-root-ca.crt\n');
  });

  it('still patches other fields', () => {
    expect(home.run(['patch', 'cm', 'a', '-p', '{"metadata":{"labels":{"k":"v"}}}'])).toEqual({ code: 0, stdout: 'configmap/a patched\n', stderr: '' });
  });
});
