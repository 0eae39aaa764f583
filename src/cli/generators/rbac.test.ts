import { describe, it } from 'vitest';
import { createPriorityClass, type CreatePriorityClassOptions } from './priorityclass';
import { createClusterRoleBinding, createRoleBinding, type CreateClusterRoleBindingOptions, type CreateRoleBindingOptions } from './rolebinding';
import { expectSameAsKubectl } from './oracle.test-helper';

const rb: { name: string; args: string[]; o: CreateRoleBindingOptions }[] = [
  { name: 'role and service account', args: ['--role=pod-reader', '--serviceaccount=default:builder'], o: { role: 'pod-reader', serviceaccount: ['default:builder'] } },
  { name: 'clusterrole, subjects in kubectl order', args: ['--clusterrole=view', '--serviceaccount=a:b', '--group=g', '--user=u1', '--user=u2'], o: { clusterrole: 'view', serviceaccount: ['a:b'], group: ['g'], user: ['u1', 'u2'] } },
  { name: 'no subjects', args: ['--role=r'], o: { role: 'r' } },
  { name: 'both roles', args: ['--role=r', '--clusterrole=c'], o: { role: 'r', clusterrole: 'c' } },
  { name: 'no role', args: ['--user=u'], o: { user: ['u'] } },
  { name: 'bad service account', args: ['--role=r', '--serviceaccount=builder'], o: { role: 'r', serviceaccount: ['builder'] } },
  { name: 'with namespace', args: ['--role=r', '-n', 'dev'], o: { role: 'r', namespace: 'dev' } },
];

describe('createRoleBinding matches kubectl', () => {
  for (const tc of rb) it(tc.name, () => expectSameAsKubectl(`rolebinding-${tc.name}`, ['create', 'rolebinding', 'rb', ...tc.args], () => createRoleBinding('rb', tc.o)));
});

const crb: { name: string; args: string[]; o: CreateClusterRoleBindingOptions }[] = [
  { name: 'user', args: ['--clusterrole=node-reader', '--user=jane'], o: { clusterrole: 'node-reader', user: ['jane'] } },
  { name: 'no clusterrole', args: ['--user=jane'], o: { user: ['jane'] } },
  { name: 'clusterrole given empty', args: ['--clusterrole=', '--user=jane'], o: { clusterrole: '', user: ['jane'] } },
];

describe('createClusterRoleBinding matches kubectl', () => {
  for (const tc of crb) it(tc.name, () => expectSameAsKubectl(`clusterrolebinding-${tc.name}`, ['create', 'clusterrolebinding', 'crb', ...tc.args], () => createClusterRoleBinding('crb', tc.o)));
});

const pc: { name: string; args: string[]; o: CreatePriorityClassOptions }[] = [
  { name: 'value and description', args: ['--value=1000', '--description=high priority'], o: { value: 1000, description: 'high priority' } },
  { name: 'defaults', args: [], o: {} },
  { name: 'global default, never preempt', args: ['--value=-5', '--global-default', '--preemption-policy=Never'], o: { value: -5, globalDefault: true, preemptionPolicy: 'Never' } },
];

describe('createPriorityClass matches kubectl', () => {
  for (const tc of pc) it(tc.name, () => expectSameAsKubectl(`priorityclass-${tc.name}`, ['create', 'priorityclass', 'high', ...tc.args], () => createPriorityClass('high', tc.o)));
});
