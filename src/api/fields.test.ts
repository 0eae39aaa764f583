import { describe, expect, it } from 'vitest';
import { convertFieldLabels, parseFieldSelector, selectableFields, supportedFields, validateFieldSelector } from './fields';
import type { KubeObject } from './meta';

const pod = (name: string, phase: string, nodeName?: string): KubeObject => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' },
  spec: { nodeName, restartPolicy: 'Always', containers: [] }, status: { phase, podIP: '10.0.0.1' },
});

describe('parseFieldSelector matching', () => {
  const cases: { sel: string; obj: KubeObject; want: boolean }[] = [
    { sel: '', obj: pod('a', 'Running'), want: true },
    { sel: 'metadata.name=a', obj: pod('a', 'Running'), want: true },
    { sel: 'metadata.name==a', obj: pod('b', 'Running'), want: false },
    { sel: 'status.phase!=Running', obj: pod('a', 'Running'), want: false },
    { sel: 'status.phase!=Running', obj: pod('a', 'Pending'), want: true },
    { sel: 'spec.nodeName=', obj: pod('a', 'Pending'), want: true },
    { sel: 'spec.nodeName=', obj: pod('a', 'Running', 'kind-worker'), want: false },
    { sel: 'spec.nodeName=kind-worker,status.phase=Running', obj: pod('a', 'Running', 'kind-worker'), want: true },
    { sel: 'metadata.namespace=default,metadata.name=a', obj: pod('a', 'Running'), want: true },
    { sel: 'status.podIP=10.0.0.1', obj: pod('a', 'Running'), want: true },
    { sel: 'spec.hostNetwork=false', obj: pod('a', 'Running'), want: true },
    { sel: 'metadata.name=a\\,b', obj: pod('a,b', 'Running'), want: true },
  ];
  for (const tc of cases) it(`${tc.sel || '(empty)'} on ${tc.obj.metadata.name}`, () => expect(parseFieldSelector(tc.sel).matches(tc.obj)).toBe(tc.want));
});

describe('parseFieldSelector errors', () => {
  const cases: [string, string][] = [
    ['foo', "invalid selector: 'foo'; can't understand 'foo'"],
    ['b=1,a', "invalid selector: 'b=1,a'; can't understand 'a'"],
    ['a=b=c', 'invalid field selector: unescaped character in value: 61'],
    ['a=b\\x', 'invalid field selector: invalid escape sequence: \\x'],
    ['a=b\\', 'invalid field selector: invalid escape sequence: \\'],
  ];
  for (const [sel, msg] of cases) it(sel, () => expect(() => parseFieldSelector(sel)).toThrow(new Error(msg)));
});

describe('validateFieldSelector', () => {
  const cases: [string, string, string, string | undefined][] = [
    ['', 'Pod', 'status.phase=Running', undefined],
    ['', 'Pod', 'foo=bar', 'field label not supported: foo'],
    ['', 'Node', 'metadata.namespace=x', 'field label not supported: metadata.namespace'],
    ['', 'Node', 'spec.unschedulable=true', undefined],
    ['apps', 'Deployment', 'status.replicas=1', '"status.replicas" is not a known field selector: only "metadata.name", "metadata.namespace"'],
    ['apps', 'ReplicaSet', 'status.replicas=1', undefined],
    ['', 'Event', 'involvedObject.name=web,reason=Scheduled', undefined],
  ];
  for (const [group, kind, sel, want] of cases) {
    it(`${kind} ${sel}`, () => expect(validateFieldSelector(parseFieldSelector(sel), group, kind)).toBe(want));
  }
  it('lists default fields for other kinds', () => expect(supportedFields('apps', 'Deployment')).toEqual(['metadata.name', 'metadata.namespace']));
});

describe('selectableFields', () => {
  it('builds the event field set', () => {
    const ev = { apiVersion: 'v1', kind: 'Event', metadata: { name: 'e', namespace: 'default' }, involvedObject: { kind: 'Pod', name: 'web' }, reason: 'Pulled', type: 'Normal', source: { component: 'kubelet' } } as KubeObject;
    expect(selectableFields(ev)).toMatchObject({ 'involvedObject.kind': 'Pod', 'involvedObject.name': 'web', reason: 'Pulled', source: 'kubelet', type: 'Normal' });
  });
  it('omits metadata.namespace for cluster-scoped objects', () => {
    expect(selectableFields({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, spec: { unschedulable: true } }))
      .toEqual({ 'metadata.name': 'n', 'spec.unschedulable': 'true' });
  });
});

describe('field selectors with many terms', () => {
  it('fold repeated terms on a field: all = must agree, no != may match', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `metadata.name!=n${i}`).join(',');
    const sel = parseFieldSelector(`${many},status.phase=Running,status.phase==Running`);
    expect(sel.matches(pod('web', 'Running'))).toBe(true);
    expect(sel.matches(pod('n42', 'Running'))).toBe(false);
    expect(sel.matches(pod('web', 'Pending'))).toBe(false);
    expect(parseFieldSelector('status.phase=Running,status.phase=Pending').matches(pod('a', 'Running'))).toBe(false);
  });
});

describe('convertFieldLabels', () => {
  it("maps events.k8s.io's labels to the stored Event's, refusing the core spellings", () => {
    const converted = convertFieldLabels(parseFieldSelector('regarding.kind=Pod,reportingController=kubelet'), 'events.k8s.io', 'Event');
    expect(typeof converted === 'object' && converted.requirements.map((r) => r.field)).toEqual(['involvedObject.kind', 'reportingComponent']);
    expect(convertFieldLabels(parseFieldSelector('involvedObject.kind=Pod'), 'events.k8s.io', 'Event')).toBe('field label not supported: involvedObject.kind');
    expect(convertFieldLabels(parseFieldSelector('involvedObject.kind=Pod'), '', 'Event')).toBeUndefined();
  });
});
