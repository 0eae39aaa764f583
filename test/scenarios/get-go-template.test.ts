/**
 * get -o go-template / go-template-file / template, and --template, on a cluster; execution
 * errors print kubectl's debugging dump on stdout and the error on stderr (exit 1).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const home = manualCluster('gt', 7);
afterAll(() => home.cleanup());

describe('get -o go-template', () => {
  it('ranges over a list and reads one object', () => {
    expect(home.run(['get', 'nodes', '-o', 'go-template={{range .items}}{{.metadata.name}}{{"\\n"}}{{end}}'])).toEqual({ stdout: 'control01\nworker01\nworker02\n', stderr: '', code: 0 });
    expect(home.run(['get', 'ns', 'default', '-o', 'template', '--template={{.metadata.name}}/{{.status.phase}}'])).toEqual({ stdout: 'default/Active', stderr: '', code: 0 });
    const file = home.file('t.tmpl', '{{len .items}} nodes\n');
    expect(home.run(['get', 'nodes', '-o', `go-template-file=${file}`])).toEqual({ stdout: '3 nodes\n', stderr: '', code: 0 });
  });

  it('fails as kubectl does', () => {
    expect(home.run(['get', 'nodes', '-o', 'go-template'])).toEqual({ stdout: '', stderr: 'error: template format specified but no template given\n', code: 1 });
    expect(home.run(['get', 'nodes', '-o', 'go-template={{.items'])).toEqual({ stdout: '', stderr: 'error: error parsing template {{.items, template: output:1: unclosed action\n', code: 1 });
    const r = home.run(['get', 'ns', 'default', '-o', 'go-template={{len 3}}']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: error executing template "{{len 3}}": template: output:1:2: executing "output" at <len 3>: error calling len: len of type int\n');
    expect(r.stdout.split('\n').slice(0, 3)).toEqual([
      'Error executing template: template: output:1:2: executing "output" at <len 3>: error calling len: len of type int. Printing more information for debugging the template:',
      '\ttemplate was:', '\t\t{{len 3}}',
    ]);
  });
});
