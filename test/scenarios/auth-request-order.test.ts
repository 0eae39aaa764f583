import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const forbidden = (verb: string, name: string): string =>
  `Error from server (Forbidden): pods "${name}" is forbidden: User "nobody" cannot ${verb} resource "pods" in API group "" in the namespace "default"\n`;

describe('authorization comes before the object lookup', () => {
  const home = manualCluster('authorder', 7);
  afterAll(() => home.cleanup());

  it('delete of a missing object by an unauthorised user is Forbidden for delete, not NotFound or get', () => {
    expect(home.run('delete pod nosuch --as=nobody')).toEqual({ stdout: '', stderr: forbidden('delete', 'nosuch'), code: 1 });
    expect(home.run('delete pod nosuch --as=nobody --ignore-not-found')).toEqual({ stdout: '', stderr: forbidden('delete', 'nosuch'), code: 1 });
    expect(home.run('delete pod nosuch')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): pods "nosuch" not found\n', code: 1 });
  });

  it('commands that read the object first (get, describe, patch, label, annotate) are Forbidden for get', () => {
    for (const cmd of ['get pod nosuch', 'describe pod nosuch', 'patch pod nosuch -p {}', 'label pod nosuch a=b', 'annotate pod nosuch a=b']) {
      expect(home.run(`${cmd} --as=nobody`)).toEqual({ stdout: '', stderr: forbidden('get', 'nosuch'), code: 1 });
    }
  });

  it('a user who may delete but not get pods can delete one, as kubectl sends no GET (without --wait, which reads)', () => {
    expect(home.run('run web --image=nginx').code).toBe(0);
    expect(home.run('create role deleter --verb=delete --resource=pods').code).toBe(0);
    expect(home.run('create rolebinding deleter --role=deleter --user=dee').code).toBe(0);
    expect(home.run('get pod web --as=dee').stderr).toContain('cannot get resource "pods"');
    expect(home.run('delete pod web --as=dee --wait=false')).toEqual({ stdout: 'pod "web" deleted\n', stderr: '', code: 0 });
  });
});
