/**
 * kubectl patch's body: read with apimachinery's yaml.ToJSON (text starting with "{" passes as
 * it is, anything else is YAML), then applied in the client (--local, --dry-run=client: the
 * patch libraries' errors, captured from kubectl 1.32 --local) or by the server (its handler's
 * 400s: kube-apiserver 1.32's patch.go with strict validation; kubectl 1.32 through `kubemu
 * serve` prints the same for 48 bodies).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

describe('patch bodies', () => {
  const home = manualCluster('patches', 7);
  afterAll(() => home.cleanup());
  const file = home.file('cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: pb\ndata:\n  a: "1"\n');
  home.run(['apply', '-f', file]);
  const local = (type: string, patch: string) => home.run(['patch', '--local', '-f', file, `--type=${type}`, '-p', patch, '-o', 'name']);
  const server = (type: string, patch: string) => home.run(['patch', 'cm', 'pb', `--type=${type}`, '-p', patch]);
  const error = (stderr: string) => ({ code: 1, stdout: '', stderr });

  it('refuses YAML it cannot read before anything else, naming the text', () => {
    expect(local('strategic', '[a')).toEqual(error(`error: unable to parse "[a": yaml: line 1: did not find expected ',' or ']'\n`));
    expect(server('merge', 'a: "b')).toEqual(error('error: unable to parse "a: \\"b": yaml: found unexpected end of stream\n'));
  });

  it('in the client, says what each patch library says of a body of the wrong kind', () => {
    expect(local('strategic', 'not json')).toEqual(error('error: invalid JSON document\n'));
    expect(local('strategic', '{"data":{"x":"1"}} trailing')).toEqual(error('error: invalid JSON document\n'));
    expect(local('merge', '42')).toEqual(error('error: Invalid JSON Patch\n'));
    expect(local('merge', '- a')).toEqual(error('error: json: cannot unmarshal array into Go value of type unstructured.detector\n'));
    expect(local('json', '{a:')).toEqual(error("error: invalid character 'a' looking for beginning of object key string\n"));
    expect(local('json', '"s"')).toEqual(error('error: json: cannot unmarshal string into Go value of type jsonpatch.Patch\n'));
    expect(local('json', '[1]')).toEqual(error('error: json: cannot unmarshal number into Go value of type jsonpatch.Operation\n'));
    expect(local('json', '[null]')).toEqual(error('error: Unexpected kind: unknown\n'));
    expect(local('strategic', 'null')).toEqual({ code: 0, stdout: 'configmap/pb\n', stderr: '' });
    expect(local('json', ' ')).toEqual({ code: 0, stdout: 'configmap/pb\n', stderr: '' });
  });

  it("on the server, is its handler's 400 when the body is no JSON or not of the kind the type reads", () => {
    expect(server('strategic', 'not json')).toEqual(error('Error from server (BadRequest): json: cannot unmarshal string into Go value of type map[string]interface {}\n'));
    expect(server('strategic', '{"data":')).toEqual(error('Error from server (BadRequest): unexpected end of JSON input\n'));
    expect(server('merge', '[1]')).toEqual(error('Error from server (BadRequest): error decoding patch: json: cannot unmarshal array into Go value of type map[string]interface {}\n'));
    expect(server('merge', 'null')).toEqual(error('Error from server (BadRequest): Invalid JSON Patch\n'));
    expect(server('json', '{a:')).toEqual(error("Error from server (BadRequest): error decoding patch: invalid character 'a' looking for beginning of object key string\n"));
    expect(server('strategic', 'null')).toEqual({ code: 0, stdout: 'configmap/pb patched (no change)\n', stderr: '' });
    expect(server('strategic', 'data: {b: "2"}').stdout).toBe('configmap/pb patched\n');
  });
});
