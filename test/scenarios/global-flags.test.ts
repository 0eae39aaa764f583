/**
 * kubectl 1.32's global flags, every one accepted (`kubectl options` lists the same ones), and
 * what each does to a command, as kubectl 1.32 prints it (compared through `kubemu serve`, with
 * its kubeconfig user's name in place of the CLI's): impersonating a UID, a server warning
 * failing the command under --warnings-as-errors, and the connection's overrides checked as
 * client-go checks them.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const home = manualCluster('globalflags', 7);
afterAll(() => home.cleanup());
const fail = (stderr: string) => ({ stdout: '', stderr, code: 1 });

describe('global flags', () => {
  it('lists kubectl 1.32\'s global flags with their defaults', () => {
    const flags = home.run('options').stdout.split('\n').filter((l) => /^ {4}-/.test(l)).map((l) => l.trim().replace(/^--cache-dir='[^']*'/, "--cache-dir='HOME/.kube/cache'"));
    expect(flags).toEqual([
      "--as='':", '--as-group=[]:', "--as-uid='':", "--cache-dir='HOME/.kube/cache':", "--certificate-authority='':", "--client-certificate='':",
      "--client-key='':", "--cluster='':", "--context='':", '--disable-compression=false:', '--insecure-skip-tls-verify=false:', "--kubeconfig='':",
      '--log-flush-frequency=5s:', '--match-server-version=false:', "-n, --namespace='':", "--password='':", "--profile='none':",
      "--profile-output='profile.pprof':", "--request-timeout='0':", "-s, --server='':", "--tls-server-name='':", "--token='':", "--user='':",
      "--username='':", '-v, --v=0:', '--vmodule=:', '--warnings-as-errors=false:',
    ]);
    // Accepted by every command, changing nothing kubemu prints.
    // A value may follow a global flag as the next word, before the command.
    expect(home.run('--cache-dir /tmp/c --profile none -s https://172.18.0.2:6443 --as-uid 7 --as u get ns default -o name --as=system:admin --as-group=system:masters').stdout).toBe('namespace/default\n');
    expect(home.run('get ns default -o name --cache-dir=/tmp/c --disable-compression --match-server-version --vmodule=a=2 --profile=cpu --username=u --password=p --insecure-skip-tls-verify'))
      .toEqual({ stdout: 'namespace/default\n', stderr: '', code: 0 });
  });

  it('checks flags kubectl parses or starts with before anything else', () => {
    expect(home.run('get ns --log-flush-frequency=bad')).toEqual(fail('error: invalid argument "bad" for "--log-flush-frequency" flag: parse error\nSee \'kubectl get --help\' for usage.\n'));
    expect(home.run('delete pod x --timeout=bad')).toEqual(fail('error: invalid argument "bad" for "--timeout" flag: time: invalid duration "bad"\nSee \'kubectl delete --help\' for usage.\n'));
    // pflag names a flag that has a shorthand by both, whichever form was given.
    expect(home.run('get ns --v=x').stderr).toBe('error: invalid argument "x" for "-v, --v" flag: strconv.ParseInt: parsing "x": invalid syntax\nSee \'kubectl get --help\' for usage.\n');
    expect(home.run('get ns -A=maybe').stderr).toBe('error: invalid argument "maybe" for "-A, --all-namespaces" flag: strconv.ParseBool: parsing "maybe": invalid syntax\nSee \'kubectl get --help\' for usage.\n');
    expect(home.run('proxy --port=bogus').stderr).toBe('error: invalid argument "bogus" for "-p, --port" flag: strconv.ParseInt: parsing "bogus": invalid syntax\nSee \'kubectl proxy --help\' for usage.\n');
    expect(home.run('version --client --profile=bad')).toEqual(fail("error: unknown profile 'bad'\n"));
    expect(home.run('get ns --request-timeout=bad')).toEqual(fail('error: Invalid timeout value. Timeout must be a single integer in seconds, or an integer followed by a corresponding time unit (e.g. 1s | 2m | 3h)\n'));
    expect(home.run('get ns default -o name --request-timeout=5').code).toBe(0);
    expect(home.run('get ns default -o name --request-timeout=1m30s').code).toBe(0);
  });

  it('impersonates a UID with --as-uid, and refuses it, as --as-group, without --as', () => {
    expect(home.run('auth whoami --as=jane --as-uid=123').stdout).toBe('ATTRIBUTE   VALUE\nUsername    jane\nUID         123\nGroups      [system:authenticated]\n');
    expect(JSON.parse(home.run('auth whoami --as=jane --as-uid=123 -o json').stdout).status.userInfo).toEqual({ username: 'jane', uid: '123', groups: ['system:authenticated'] });
    expect(home.run('get ns --as-uid=1')).toEqual(fail('error: requesting uid, groups or user-extra for globalflags-admin without impersonating a user\n'));
    expect(home.run('get ns --as-group=devs')).toEqual(fail('error: requesting uid, groups or user-extra for globalflags-admin without impersonating a user\n'));
  });

  it('fails a command the server warned about under --warnings-as-errors, counting each warning once', () => {
    const warning = 'Warning: v1 ComponentStatus is deprecated in v1.19+\n';
    expect(home.run('get cs scheduler controller-manager -o name')).toEqual({ stdout: 'componentstatus/scheduler\ncomponentstatus/controller-manager\n', stderr: warning, code: 0 });
    expect(home.run('get cs scheduler controller-manager -o name --warnings-as-errors'))
      .toEqual({ stdout: 'componentstatus/scheduler\ncomponentstatus/controller-manager\n', stderr: `${warning}error: 1 warning received\n`, code: 1 });
    expect(home.run('get ns default -o name --warnings-as-errors').code).toBe(0);
  });

  it('checks the connection\'s overrides as client-go does', () => {
    const other = home.file('other-ca.crt', '-----BEGIN CERTIFICATE-----\nMIIBozCCAUmgAwIBAgIUXr3e\n-----END CERTIFICATE-----\n');
    expect(home.run('get ns --certificate-authority=/nope')).toEqual(fail('error: unable to read certificate-authority /nope for globalflags due to open /nope: no such file or directory\n'));
    expect(home.run(['get', 'ns', '--insecure-skip-tls-verify', `--certificate-authority=${other}`])).toEqual(fail('error: specifying a root certificates file with the insecure flag is not allowed\n'));
    expect(home.run(['get', 'ns', `--certificate-authority=${other}`])).toEqual(fail('Unable to connect to the server: tls: failed to verify certificate: x509: certificate signed by unknown authority\n'));
    const caData = home.run('config view --raw -o jsonpath={.clusters[0].cluster.certificate-authority-data}').stdout;
    expect(caData).not.toBe('');
    const ca = home.file('ca.crt', Buffer.from(caData, 'base64').toString());
    expect(home.run(['get', 'ns', 'default', '-o', 'name', `--certificate-authority=${ca}`]).code).toBe(0);
    expect(home.run('get ns --tls-server-name=foo')).toEqual(fail('Unable to connect to the server: tls: failed to verify certificate: x509: certificate is valid for control01, kubernetes, kubernetes.default, kubernetes.default.svc, kubernetes.default.svc.cluster.local, not foo\n'));
    expect(home.run('get ns --tls-server-name=1.2.3.4')).toEqual(fail('Unable to connect to the server: tls: failed to verify certificate: x509: certificate is valid for 10.96.0.1, 172.18.0.2, not 1.2.3.4\n'));
    expect(home.run('get ns default -o name --tls-server-name=kubernetes.default').code).toBe(0);
    expect(home.run('get ns -s https://127.0.0.1:1')).toEqual(fail('The connection to the server 127.0.0.1:1 was refused - did you specify the right host or port?\n'));
    expect(home.run('get ns default -o name --server=https://172.18.0.2:6443').code).toBe(0);
  });

  it('refuses client certificate files beside the kubeconfig user\'s own data, as clientcmd validates them', () => {
    expect(home.run('get ns --client-certificate=/nope --client-key=/nope2')).toEqual(fail([
      'Error in configuration: ',
      '* client-cert-data and client-cert are both specified for globalflags-admin. client-cert-data will override.',
      '* client-key-data and client-key are both specified for globalflags-admin; client-key-data will override',
      '* unable to read client-cert /nope for globalflags-admin due to open /nope: no such file or directory',
      '* unable to read client-key /nope2 for globalflags-admin due to open /nope2: no such file or directory', '',
    ].join('\n')));
    const key = home.file('k.pem', 'x');
    expect(home.run(['get', 'ns', `--client-key=${key}`])).toEqual(fail('error: client-key-data and client-key are both specified for globalflags-admin; client-key-data will override\n'));
  });
});
