import { describe, it } from 'vitest';
import { createIngress, type CreateIngressOptions } from './ingress';
import { createPodDisruptionBudget, type CreatePdbOptions } from './pdb';
import { createQuota, type CreateQuotaOptions } from './quota';
import { expectSameAsKubectl } from './oracle.test-helper';

const quota: { name: string; args: string[]; o: CreateQuotaOptions }[] = [
  { name: 'hard, canonical quantities, scopes', args: ['--hard=pods=10,requests.cpu=0.5,memory=1024Mi,cpu=1', '--scopes=BestEffort,NotTerminating'], o: { hard: 'pods=10,requests.cpu=0.5,memory=1024Mi,cpu=1', scopes: 'BestEffort,NotTerminating' } },
  { name: 'empty', args: [], o: {} },
  { name: 'last duplicate wins', args: ['--hard=cpu=1,cpu=2'], o: { hard: 'cpu=1,cpu=2' } },
  { name: 'bad syntax', args: ['--hard=cpu'], o: { hard: 'cpu' } },
  { name: 'empty item', args: ['--hard=cpu=1,,pods=2'], o: { hard: 'cpu=1,,pods=2' } },
  { name: 'bad quantity', args: ['--hard=cpu=abc'], o: { hard: 'cpu=abc' } },
  { name: 'empty scope', args: ['--scopes=,BestEffort'], o: { scopes: ',BestEffort' } },
  { name: 'unknown scope passes', args: ['--hard=pods=1', '--scopes=Foo'], o: { hard: 'pods=1', scopes: 'Foo' } },
  { name: 'namespace', args: ['--hard=pods=1', '-n', 'dev'], o: { hard: 'pods=1', namespace: 'dev' } },
];

describe('createQuota matches kubectl', () => {
  for (const tc of quota) it(tc.name, () => expectSameAsKubectl(`quota-${tc.name}`, ['create', 'quota', 'q', ...tc.args], () => createQuota('q', tc.o)));
});

const ing: { name: string; args: string[]; o: CreateIngressOptions }[] = [
  { name: 'prefix rule', args: ['--rule=example.com/*=web:80'], o: { rule: ['example.com/*=web:80'] } },
  { name: 'class and tls secret', args: ['--class=nginx', '--rule=example.com/api*=api:8080,tls=my-cert'], o: { class: 'nginx', rule: ['example.com/api*=api:8080,tls=my-cert'] } },
  {
    name: 'everything',
    args: ['--rule=foo.com/bar=svc1:8080,tls=my-cert', '--rule=foo.com/admin/=svcadmin:portadmin', '--rule=bar.com/x*=s:http,tls', '--rule=/path=svc:port', '--default-backend=defaultsvc:http', '--class=c', '--annotation=z=b', '--annotation=c=d=e'],
    o: { rule: ['foo.com/bar=svc1:8080,tls=my-cert', 'foo.com/admin/=svcadmin:portadmin', 'bar.com/x*=s:http,tls', '/path=svc:port'], defaultBackend: 'defaultsvc:http', class: 'c', annotation: ['z=b', 'c=d=e'] },
  },
  { name: 'shared default tls', args: ['--rule=a/=b:1,tls', '--rule=c/=d:1,tls'], o: { rule: ['a/=b:1,tls', 'c/=d:1,tls'] } },
  { name: 'same host, two paths', args: ['--rule=a/=b:1', '--rule=a/y=c:2'], o: { rule: ['a/=b:1', 'a/y=c:2'] } },
  { name: 'default backend only', args: ['--default-backend=a.b:1'], o: { defaultBackend: 'a.b:1' } },
  { name: 'port zero and empty', args: ['--rule=a/=b:0', '--default-backend=s:'], o: { rule: ['a/=b:0'], defaultBackend: 's:' } },
  { name: 'nothing', args: [], o: {} },
  { name: 'bad rule', args: ['--rule=foo.com/=svc'], o: { rule: ['foo.com/=svc'] } },
  { name: 'no slash', args: ['--rule=a=b:1'], o: { rule: ['a=b:1'] } },
  { name: 'bad annotation', args: ['--annotation=x', '--rule=a/=b:1'], o: { annotation: ['x'], rule: ['a/=b:1'] } },
  { name: 'bad default backend', args: ['--default-backend=svc'], o: { defaultBackend: 'svc' } },
];

describe('createIngress matches kubectl', () => {
  for (const tc of ing) it(tc.name, () => expectSameAsKubectl(`ingress-${tc.name}`, ['create', 'ingress', 'web', ...tc.args], () => createIngress('web', tc.o)));
});

const pdb: { name: string; args: string[]; o: CreatePdbOptions }[] = [
  { name: 'min available', args: ['--selector=app=web', '--min-available=1'], o: { selector: 'app=web', minAvailable: '1' } },
  { name: 'max unavailable percent', args: ['--selector=app=web', '--max-unavailable=50%'], o: { selector: 'app=web', maxUnavailable: '50%' } },
  { name: 'set-based selector', args: ['--selector=a==b,!c,d notin (y,x),e', '--min-available=0'], o: { selector: 'a==b,!c,d notin (y,x),e', minAvailable: '0' } },
  { name: 'no selector', args: [], o: {} },
  { name: 'neither', args: ['--selector=a=b'], o: { selector: 'a=b' } },
  { name: 'both', args: ['--selector=a=b', '--min-available=1', '--max-unavailable=1'], o: { selector: 'a=b', minAvailable: '1', maxUnavailable: '1' } },
  { name: 'bad min', args: ['--selector=a=b', '--min-available=1Gb'], o: { selector: 'a=b', minAvailable: '1Gb' } },
  { name: 'bad max', args: ['--selector=a=b', '--max-unavailable=x'], o: { selector: 'a=b', maxUnavailable: 'x' } },
  { name: 'not-equals selector', args: ['--selector=a!=b', '--min-available=1'], o: { selector: 'a!=b', minAvailable: '1' } },
  { name: 'unparsable selector', args: ['--selector=a=b=c', '--min-available=1'], o: { selector: 'a=b=c', minAvailable: '1' } },
];

describe('createPodDisruptionBudget matches kubectl', () => {
  for (const tc of pdb) it(tc.name, () => expectSameAsKubectl(`pdb-${tc.name}`, ['create', 'pdb', 'web-pdb', ...tc.args], () => createPodDisruptionBudget('web-pdb', tc.o)));
});
