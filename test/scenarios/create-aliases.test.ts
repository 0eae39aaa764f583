/**
 * create-aliases: `create deploy|cm|svc|cj|pc|ing|pdb|resourcequota|sa|ns …` with flags, as
 * kubectl accepts them. The built binary's front end parses flags from the command table it
 * reads as JSON, so the aliases must resolve there too (they once did only in-process).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce, cleanupBuild, kubemu, newHome, removeHome } from '../reliability/spawn-cli';

let home: string;
beforeAll(() => {
  buildOnce();
  home = newHome('aliases');
  expect(kubemu(home, ['cluster', 'create', 'al', '--clock', 'manual', '--seed', '3']).code).toBe(0);
});
afterAll(() => { removeHome(home); cleanupBuild(); });

const CASES: [string[], string][] = [
  [['create', 'deploy', 'web', '--image=nginx'], 'deployment.apps/web created\n'],
  [['create', 'cm', 'c1', '--from-literal=a=b'], 'configmap/c1 created\n'],
  [['create', 'svc', 'clusterip', 's1', '--tcp=80:80'], 'service/s1 created\n'],
  [['create', 'cj', 'cj1', '--image=busybox', '--schedule=*/1 * * * *'], 'cronjob.batch/cj1 created\n'],
  [['create', 'pc', 'pc1', '--value=10'], 'priorityclass.scheduling.k8s.io/pc1 created\n'],
  [['create', 'ing', 'i1', '--rule=foo.com/bar=svc1:8080'], 'ingress.networking.k8s.io/i1 created\n'],
  [['create', 'pdb', 'p1', '--selector=app=web', '--min-available=1'], 'poddisruptionbudget.policy/p1 created\n'],
  [['create', 'resourcequota', 'q1', '--hard=pods=10'], 'resourcequota/q1 created\n'],
  [['create', 'sa', 'sa1', '--dry-run=client', '-o', 'name'], 'serviceaccount/sa1\n'],
  [['create', 'ns', 'ns1', '--dry-run=client', '-o', 'name'], 'namespace/ns1\n'],
];

describe('create aliases with flags (built binary)', () => {
  for (const [args, out] of CASES) {
    it(args.slice(0, 3).join(' '), () => {
      expect(kubemu(home, args)).toMatchObject({ stdout: out, stderr: '', code: 0 });
    });
  }

  it('answers an alias\'s --help as its command\'s', () => {
    const r = kubemu(home, ['create', 'deploy', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('Create a deployment with the specified name.');
    expect(r.stdout).toContain('    --image=[]:\n\tImage names to run.');
  });
});
