/**
 * The checks kubectl 1.32 makes before it changes anything (its Complete and Validate), in its
 * words, and host paths that cannot be written: each expectation was compared with kubectl 1.32
 * through `kubemu serve`. Nothing may be changed when a check fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

describe('what kubectl refuses before it changes anything', () => {
  const home = manualCluster('twin', 11);
  beforeAll(() => {
    for (const c of ['run lone --image=nginx -l app=lone', 'tick 30s']) expect(home.run(c).code, c).toBe(0);
  });
  afterAll(() => home.cleanup());
  const err = (stderr: string) => ({ stdout: '', stderr, code: 1 });

  it('a manifest without apiVersion or kind: one error alone, both as Go\'s aggregate', () => {
    const tail = '; if you choose to ignore these errors, turn validation off with --validate=false\n';
    expect(home.run(['apply', '-f', '-'], { stdin: 'kind: ConfigMap\nmetadata:\n  name: x\n' })).toEqual(err(`error: error validating "STDIN": error validating data: apiVersion not set${tail}`));
    expect(home.run(['apply', '-f', '-'], { stdin: 'metadata:\n  name: x\n' })).toEqual(err(`error: error validating "STDIN": error validating data: [apiVersion not set, kind not set]${tail}`));
  });

  it('metadata that does not decode as ObjectMeta: refused by the builder, with or without validation, and nothing written', () => {
    const doc = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: numeric, labels: {app: web, version: 2}}\n';
    const refused = err('error: unable to decode "STDIN": json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string\n');
    expect(home.run(['apply', '-f', '-'], { stdin: doc })).toEqual(refused);
    expect(home.run(['create', '-f', '-', '--validate=false'], { stdin: doc })).toEqual(refused);
    expect(home.run(['apply', '-f', '-'], { stdin: 'apiVersion: v1\nkind: ConfigMap\nmetadata: [a]\n' }))
      .toEqual(err('error: unable to decode "STDIN": json: cannot unmarshal array into Go struct field metadataOnlyObject.metadata of type v1.ObjectMeta\n'));
    expect(home.run('get configmap numeric').code).toBe(1);
  });

  it('logs: kubectl\'s Validate, in its order', () => {
    expect(home.run('logs lone -c lone --all-containers')).toEqual(err('error: --all-containers=true should not be specified with container name lone\n'));
    expect(home.run('logs lone lone --all-containers')).toEqual(err('error: --all-containers=true should not be specified with container name lone\n'));
    expect(home.run('logs lone lone -c lone')).toEqual(err('error: only one of -c or an inline [CONTAINER] arg is allowed\n'));
    expect(home.run('logs lone --limit-bytes=-1')).toEqual(err('error: --limit-bytes must be greater than 0\n'));
    expect(home.run('logs lone --tail=-2')).toEqual(err('error: --tail must be greater than or equal to -1\n'));
  });

  it('apply and replace of an object with only a generateName', () => {
    const gen = home.file('gen.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  generateName: gen-\n');
    expect(home.run(['apply', '-f', gen])).toEqual(err('error: from gen-: cannot use generate name with apply\n'));
    expect(home.run(['replace', '-f', gen])).toEqual(err(`error: error when replacing "${gen}": resource name may not be empty\n`));
  });

  it('delete: --now beside --grace-period, --force beside a grace period above 0', () => {
    expect(home.run('delete pod lone --now --grace-period=3')).toEqual(err('error: --now and --grace-period cannot be specified together\n'));
    expect(home.run('delete pod lone --force --grace-period=5')).toEqual(err('error: --force and --grace-period greater than 0 cannot be specified together\n'));
    expect(home.run('delete pod lone --now --force')).toEqual(err('error: --force and --grace-period greater than 0 cannot be specified together\n'));
    expect(home.run('get pod lone -o name').stdout).toBe('pod/lone\n');
    expect(home.run('delete pod lone --now --grace-period=-1 --dry-run=server')).toEqual({ stdout: 'pod "lone" deleted (server dry run)\n', stderr: '', code: 0 });
  });

  it('delete --interactive lists what exists, asks, and deletes only on "y"', () => {
    for (const c of ['create configmap i1', 'create configmap i2']) expect(home.run(c).code).toBe(0);
    const question = 'You are about to delete the following 2 resource(s):\nconfigmap/i1\nconfigmap/i2\nDo you want to continue? (y/n): ';
    expect(home.run('delete cm i1 i2 -i')).toEqual({ stdout: `${question}deletion is cancelled\n`, stderr: '', code: 0 });
    expect(home.run('delete cm i1 i2 -i', { stdin: 'no\n' })).toEqual({ stdout: `${question}deletion is cancelled\n`, stderr: '', code: 0 });
    expect(home.run('get cm i1 i2 -o name').stdout).toBe('configmap/i1\nconfigmap/i2\n');
    // Named objects are listed as named; a missing one fails when its turn comes.
    expect(home.run('delete cm i1 i3 --interactive', { stdin: 'y\n' })).toEqual({
      stdout: 'You are about to delete the following 2 resource(s):\nconfigmap/i1\nconfigmap/i3\nDo you want to continue? (y/n): configmap "i1" deleted\n',
      stderr: 'Error from server (NotFound): configmaps "i3" not found\n', code: 1,
    });
    expect(home.run('delete cm i2 --interactive', { stdin: '  Y\n' })).toEqual({ stdout: 'You are about to delete the following 1 resource(s):\nconfigmap/i2\nDo you want to continue? (y/n): configmap "i2" deleted\n', stderr: '', code: 0 });
    expect(home.run('delete cm -l nothing=here -i')).toEqual({ stdout: 'No resources found\n', stderr: '', code: 0 });
  });

  it('taint: resources before changes, a node type, no taint both changed and removed, --all or names', () => {
    expect(home.run('taint nodes worker01 k=v:NoSchedule worker02')).toEqual(err('error: all resources must be specified before taint changes: worker02\n'));
    expect(home.run('taint k=v:NoSchedule')).toEqual(err('error: one or more resources must be specified as <resource> <name>\n'));
    expect(home.run('taint nodes worker01')).toEqual(err('error: at least one taint update is required\n'));
    // A TYPE/NAME word names no resource type for kubectl taint.
    expect(home.run('taint node/worker01 k=v:NoSchedule')).toEqual(err('the server doesn\'t have a resource type "node/worker01"\n'));
    expect(home.run('taint pods lone k=v:NoSchedule')).toEqual(err('error: invalid resource type pods, only node types are supported\n'));
    expect(home.run('taint nodes worker01 k=v:NoSchedule k-')).toEqual(err('error: can not both modify and remove the following taint(s) in the same command: k=\n'));
    expect(home.run('taint nodes --all -l a=b k=v:NoSchedule')).toEqual(err("error: setting 'all' parameter with a non empty selector is prohibited\n"));
    expect(home.run('taint nodes k=v:NoSchedule')).toEqual(err("error: at least one resource name must be specified since 'all' parameter is not set\n"));
    expect(home.run(['get', 'nodes', '-o', 'jsonpath={.items[*].spec.taints[*].key}']).stdout).toBe('node-role.kubernetes.io/control-plane');
    // kubectl taint sets its printer's operation after the dry-run mark: none is shown.
    expect(home.run('taint nodes worker01 k=v:NoSchedule --dry-run=server')).toEqual({ stdout: 'node/worker01 tainted\n', stderr: '', code: 0 });
  });

  it('create role: the mapper\'s standard message for an unknown resource, without "error: "', () => {
    expect(home.run('create role r --verb=get --resource=nope')).toEqual(err('the server doesn\'t have a resource type "nope"\n'));
    expect(home.run('create role r --verb=get --resource=deployments.extensions')).toEqual(err('the server doesn\'t have a resource type "deployments" in group "extensions"\n'));
  });

  it('positional words the command does not take, and -f beside TYPE NAME: refused before anything is written', () => {
    const f = home.file('two.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: m1}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: m2}\n');
    expect(home.run(['apply', '-f', f, 'foo'])).toEqual(err("error: Unexpected args: [foo]\nSee 'kubectl apply -h' for help and examples\n"));
    expect(home.run(['create', '-f', f, 'foo', 'bar'])).toEqual(err("error: Unexpected args: [foo bar]\nSee 'kubectl create -h' for help and examples\n"));
    expect(home.run('diff foo')).toEqual({ stdout: '', code: 2, stderr: "error: Unexpected args: [foo]\nSee 'kubectl diff -h' for help and examples\n" });
    expect(home.run('get pods --output-watch-events')).toEqual({ stdout: '', code: 1, stderr: 'error: --output-watch-events option can only be used with --watch or --watch-only\n' });
    // diff's flag errors are its usage errors too, with its failure status (1 means differences).
    expect(home.run('diff -f x.yaml -o yaml')).toEqual({ stdout: '', code: 2, stderr: "error: unknown shorthand flag: 'o' in -o\nSee 'kubectl diff -h' for help and examples\n" });
    const args = 'error: when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well\n';
    expect(home.run(['delete', '-f', f, 'foo'])).toEqual(err(args));
    expect(home.run(['label', '-f', f, 'foo', 'a=b'])).toEqual(err(args));
    expect(home.run('get configmaps m1 m2 --ignore-not-found -o name')).toEqual({ stdout: '', stderr: '', code: 0 });
    expect(home.run('replace')).toEqual(err('error: must specify one of -f and -k\n'));
  });

  it('a verb given nothing to work on says what kubectl says', () => {
    expect(home.run('get')).toEqual(err('You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.\n\nerror: Required resource not specified.\nUse "kubectl explain <resource>" for a detailed description of that resource (e.g. kubectl explain pods).\nSee \'kubectl get -h\' for help and examples\n'));
    for (const verb of ['label', 'annotate']) expect(home.run(verb)).toEqual(err('error: one or more resources must be specified as <resource> <name> or <resource>/<name>\n'));
    expect(home.run('label --local a=b')).toEqual(err('error: one or more files must be specified as -f pod.yaml or --filename=pod.json\n'));
    expect(home.run('annotate --local pod lone a=b')).toEqual(err('error: can only use local files by -f rsrc.yaml or --filename=rsrc.json when --local=true is set\n'));
    expect(home.run('autoscale')).toEqual(err('error: required flag(s) "max" not set\n'));
    for (const sub of ['status', 'history', 'undo', 'restart', 'pause', 'resume']) expect(home.run(`rollout ${sub}`), sub).toEqual(err('error: required resource not specified\n'));
    expect(home.run('logs')).toEqual(err("error: expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command\nSee 'kubectl logs -h' for help and examples\n"));
    expect(home.run('exec')).toEqual(err('error: pod, type/name or --filename must be specified\n'));
    expect(home.run('wait')).toEqual(err('error: unrecognized condition: ""\n'));
    expect(home.run('set env')).toEqual(err('error: one or more resources must be specified as <resource> <name> or <resource>/<name>\n'));
    expect(home.run('set image').stderr.split('\n')[0]).toBe('error: You must provide one or more resources by argument or filename.');
    expect(home.run('set resources').stderr.split('\n')[0]).toBe('error: You must provide one or more resources by argument or filename.');
    // Nothing to change is no error: kubectl skips an empty patch without a word.
    expect(home.run('set env pod/lone')).toEqual({ stdout: '', stderr: '', code: 0 });
    // describe names the namespace even for a cluster-scoped kind (get does not).
    expect(home.run('describe csr')).toEqual({ stdout: '', stderr: 'No resources found in default namespace.\n', code: 0 });
    expect(home.run('get csr')).toEqual({ stdout: '', stderr: 'No resources found\n', code: 0 });
  });

  it('expose and autoscale print the typed object kubectl decodes; -o json leaves managedFields out', () => {
    home.run('create deployment web --image=nginx');
    const svc = JSON.parse(home.run('expose deploy web --port=80 --dry-run=server -o json').stdout);
    expect(Object.keys(svc)).toEqual(['kind', 'apiVersion', 'metadata', 'spec', 'status']);
    expect(Object.keys(svc.metadata).slice(0, 3)).toEqual(['name', 'namespace', 'uid']);
    expect(svc.metadata.managedFields).toBeUndefined();
    expect(Object.keys(JSON.parse(home.run('autoscale deploy web --max=3 --dry-run=server -o json').stdout))).toEqual(['kind', 'apiVersion', 'metadata', 'spec', 'status']);
    const set = JSON.parse(home.run('set resources deploy/web --limits=cpu=200m --dry-run=server -o json').stdout);
    expect(set.metadata.managedFields).toBeUndefined();
    expect(JSON.parse(home.run('set resources deploy/web --limits=cpu=200m --dry-run=server -o json --show-managed-fields').stdout).metadata.managedFields.length).toBeGreaterThan(0);
  });

  it('host paths that cannot be made are Go\'s path errors, at once (Node\'s recursive mkdir would loop forever under /proc)', () => {
    // Copying out, GNU tar's notice (an nginx container) is on kubectl's stdout, as its TarPipe writes it.
    const notice = "tar: Removing leading `/' from member names\n";
    expect(home.run('cp lone:/etc/hostname /nonexistent/dir/x')).toEqual({ ...err('error: open /nonexistent/dir/x: no such file or directory\n'), stdout: notice });
    expect(home.run('cp lone:/etc /proc/kubemu-none')).toEqual({ ...err('error: mkdir /proc/kubemu-none: no such file or directory\n'), stdout: notice });
    expect(home.run('cluster-info dump --output-directory=/proc/kubemu-none')).toEqual(err('error: mkdir /proc/kubemu-none: no such file or directory\n'));
  });
});
