/**
 * R9 generators vs kubectl: every `kubemu create <sub> … --dry-run=client -o yaml` in a table
 * of flag sets is compared byte for byte with `kubectl create <sub> … --dry-run=client -o
 * yaml` (and the first error line when kubectl refuses). Prints identical/different counts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempHome } from '../helpers/run-cli';
import { describeWithKubectl, kubectl, Tally } from './kubectl-oracle';

/** FLAG_SETS are create invocations (after `create`), each run with --dry-run=client -o yaml. */
const FLAG_SETS: string[][] = [
  ['namespace', 'ns1'],
  ['configmap', 'cm1', '--from-literal=a=1', '--from-literal=b=on'],
  ['configmap', 'cm2', '--from-file=data/app.properties'],
  ['configmap', 'cm3', '--from-file=key1=data/app.properties', '--from-env-file=data/env.txt'],
  ['configmap', 'cm4', '--from-file=data'],
  ['configmap', 'cm5', '--from-literal=a=1', '--append-hash'],
  ['configmap', 'bad', '--from-literal=nokey'],
  ['deployment', 'd1', '--image=nginx'],
  ['deployment', 'd2', '--image=nginx', '--image=busybox', '--replicas=3'],
  ['deployment', 'd3', '--image=nginx', '--port=8080', '--replicas=0'],
  ['deployment', 'd4', '--image=registry.k8s.io/pause:3.9', '--', 'sleep', '3600'],
  ['deployment', 'd5'],
  ['serviceaccount', 'sa1'],
  ['job', 'j1', '--image=busybox'],
  ['job', 'j2', '--image=busybox', '--', 'echo', 'hi'],
  ['cronjob', 'c1', '--image=busybox', '--schedule=*/5 * * * *'],
  ['cronjob', 'c2', '--image=busybox', '--schedule=@hourly', '--restart=Never', '--', 'date'],
  ['cronjob', 'c3', '--image=busybox'],
  ['rolebinding', 'rb1', '--clusterrole=view', '--user=alice', '--group=devs', '--serviceaccount=default:sa1'],
  ['rolebinding', 'rb2', '--role=r1', '--user=bob'],
  ['clusterrolebinding', 'crb1', '--clusterrole=edit', '--user=carol'],
  ['priorityclass', 'pc1', '--value=1000', '--description=high'],
  ['priorityclass', 'pc2', '--value=5', '--global-default=true', '--preemption-policy=Never'],
  ['secret', 'generic', 's1', '--from-literal=user=admin', '--from-literal=pw=s3cr3t'],
  ['secret', 'generic', 's2', '--from-file=data/app.properties', '--type=Opaque'],
  ['secret', 'generic', 's3', '--from-env-file=data/env.txt', '--append-hash'],
  ['secret', 'docker-registry', 'dr1', '--docker-server=r.example.com', '--docker-username=u', '--docker-password=p', '--docker-email=e@x.io'],
  ['secret', 'tls', 't1', '--cert=data/missing.crt', '--key=data/missing.key'],
  ['service', 'clusterip', 'svc1', '--tcp=80:8080'],
  ['service', 'clusterip', 'svc2', '--clusterip=None'],
  ['service', 'nodeport', 'svc3', '--tcp=80:8080', '--node-port=30080'],
  ['service', 'loadbalancer', 'svc4', '--tcp=443:8443', '--tcp=80'],
  ['service', 'externalname', 'svc5', '--external-name=example.com'],
  ['service', 'clusterip', 'svc6', '--tcp=x:y'],
];

describeWithKubectl('R9 create generators vs kubectl', () => {
  const home = tempHome();
  afterAll(() => home.cleanup());
  home.file('data/app.properties', 'color=blue\nsize=10\n');
  home.file('data/env.txt', '# comment\nA=1\nB=two words\n');
  fs.mkdirSync(path.join(home.dir, 'data', 'sub'), { recursive: true });

  it(`${FLAG_SETS.length} flag sets print what kubectl prints`, () => {
    const tally = new Tally();
    for (const outFmt of ['yaml', 'json']) {
      for (const args of FLAG_SETS) {
        const dash = args.indexOf('--');
        const full = dash < 0 ? ['create', ...args, '--dry-run=client', '-o', outFmt] : ['create', ...args.slice(0, dash), '--dry-run=client', '-o', outFmt, ...args.slice(dash)];
        const ours = home.run(full);
        const theirs = kubectl(full, home.dir);
        const errLine = (s: string) => {
          // This kubectl build prints cobra's errors as klog lines: `E… "command failed" err="…"`.
          const klog = /"command failed" err="(.*)"$/m.exec(s);
          if (klog) return `error: ${JSON.parse(`"${klog[1]}"`)}`;
          return s.split('\n').find((l) => l.startsWith('error: ')) ?? s.split('\n')[0] ?? '';
        };
        let diff: string | undefined;
        if ((ours.code === 0) !== (theirs.code === 0)) diff = `exit ${ours.code} vs kubectl ${theirs.code}: ${errLine(ours.stderr || theirs.stderr)}`;
        else if (theirs.code !== 0) diff = errLine(ours.stderr) === errLine(theirs.stderr) ? undefined : `error ${JSON.stringify(errLine(ours.stderr))} vs ${JSON.stringify(errLine(theirs.stderr))}`;
        else if (ours.stdout !== theirs.stdout) {
          const a = ours.stdout.split('\n'), b = theirs.stdout.split('\n');
          const i = a.findIndex((l, j) => l !== b[j]);
          diff = `line ${i + 1}: ${JSON.stringify(a[i])} vs ${JSON.stringify(b[i])}`;
        }
        tally.add(`${outFmt} create ${args.join(' ')}`, diff);
      }
    }
    console.log(tally.summary('R9 generators'));
    expect(tally.diffs).toEqual([]);
  });
});
