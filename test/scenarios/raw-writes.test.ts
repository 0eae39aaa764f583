/**
 * create --raw, replace --raw and delete --raw: a file's bytes POSTed, PUT or DELETEd to an API
 * path, the server's answer printed as it comes (the handlers `kubemu serve` answers HTTP
 * with), and kubectl's checks of the flags. Compared with kubectl 1.32 through `kubemu serve`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

describe('raw writes', () => {
  const home = manualCluster('twin', 11);
  afterAll(() => home.cleanup());
  const err = (stderr: string) => ({ stdout: '', stderr, code: 1 });
  const path = '/api/v1/namespaces/default/configmaps';

  it('POSTs, PUTs and DELETEs the file, printing the object the server answers with', () => {
    const one = home.file('one.json', '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"rw1"},"data":{"a":"1"}}');
    const two = home.file('two.json', '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"rw1"},"data":{"a":"2"}}');
    const created = home.run(['create', '--raw', path, '-f', one]);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^\{"kind":"ConfigMap","apiVersion":"v1","metadata":\{"name":"rw1","namespace":"default","uid":"[-0-9a-f]+","creationTimestamp":"[^"]+","managedFields":\[\{"apiVersion":"v1","fieldsType":"FieldsV1","fieldsV1":\{"f:data":\{".":\{\},"f:a":\{\}\}\},"manager":"kubectl","operation":"Update","time":"[^"]+"\}\],"resourceVersion":"\d+"\},"data":\{"a":"1"\}\}\n$/);
    expect(home.run(['create', '--raw', path, '-f', one])).toEqual(err('Error from server (AlreadyExists): configmaps "rw1" already exists\n'));
    expect(home.run(['replace', '--raw', `${path}/rw1`, '-f', two]).stdout).toMatch(/"data":\{"a":"2"\}\}\n$/);
    expect(home.run('get cm rw1 -o jsonpath={.data.a}').stdout).toBe('2');
    expect(home.run(['delete', '--raw', `${path}/rw1`]).stdout).toMatch(/^\{"kind":"ConfigMap",.*"data":\{"a":"2"\}\}\n$/);
    expect(home.run(['delete', '--raw', `${path}/rw1`])).toEqual(err('Error from server (NotFound): configmaps "rw1" not found\n'));
    // A collection's DELETE answers with the list of what it deleted.
    expect(home.run('create configmap l1 --from-literal=a=1').code).toBe(0);
    expect(home.run('label cm l1 app=x').code).toBe(0);
    expect(home.run(['delete', '--raw', `${path}?labelSelector=app%3Dx`]).stdout).toMatch(/^\{"kind":"ConfigMapList","apiVersion":"v1","metadata":\{"resourceVersion":"\d+"\},"items":\[\{"metadata":\{"name":"l1",/);
    // The admin endpoint moves the clock as tick does.
    expect(home.run(['create', '--raw', '/kubemu/v1/tick?duration=5s', '-f', '/dev/null']).code).toBe(0);
  });

  it("checks its flags as kubectl does, before anything is sent", () => {
    expect(home.run('create --raw /x')).toEqual(err('error: must specify one of -f and -k\n'));
    expect(home.run('create --raw /x -f a -f b')).toEqual(err('error: --raw can only use a single local file or stdin\n'));
    expect(home.run('create --raw x -f a')).toEqual(err('error: --raw must be a valid URL path: parse "x": invalid URI for request\n'));
    expect(home.run('create --raw /x -f /dev/null -o yaml')).toEqual(err('error: --raw and --output are mutually exclusive\n'));
    expect(home.run('create --raw /x -f /dev/null --edit')).toEqual(err('error: --raw and --edit are mutually exclusive\n'));
    expect(home.run('replace --raw /x')).toEqual(err('error: must specify one of -f and -k\n'));
    expect(home.run('delete --raw /x -f a -f b')).toEqual(err('error: --raw can only use a single local file or stdin\n'));
    expect(home.run(['create', '--raw', path, '-f', 'nofile'])).toEqual(err('error: open nofile: no such file or directory\n'));
    expect(home.run(['create', '--raw', '/nothere', '-f', '/dev/null'])).toEqual(err('Error from server (NotFound): the server could not find the requested resource\n'));
  });
});
