/**
 * declared-defaults: the fields kube-apiserver v1.32 fills in for kinds kubemu otherwise treats
 * generically, through the strategy registry the API server consults on every write.
 */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { strategyFor } from './index';

const defaulted = (kind: string, rest: Record<string, unknown>): Record<string, unknown> => {
  const obj = { apiVersion: 'v1', kind, metadata: { name: 'x' }, ...rest } as unknown as KubeObject;
  strategyFor(kind).defaults(obj);
  const { apiVersion: _a, kind: _k, metadata: _m, ...fields } = obj as unknown as Record<string, unknown>;
  return fields;
};

describe('declared defaults', () => {
  it('StorageClass: reclaimPolicy Delete and volumeBindingMode Immediate, a given one kept', () => {
    expect(defaulted('StorageClass', { provisioner: 'p' })).toEqual({ provisioner: 'p', reclaimPolicy: 'Delete', volumeBindingMode: 'Immediate' });
    expect(defaulted('StorageClass', { provisioner: 'p', reclaimPolicy: 'Retain', volumeBindingMode: 'WaitForFirstConsumer' }))
      .toEqual({ provisioner: 'p', reclaimPolicy: 'Retain', volumeBindingMode: 'WaitForFirstConsumer' });
  });

  it('CSIDriver: its spec is filled in even when absent', () => {
    expect(defaulted('CSIDriver', {})).toEqual({ spec: {
      attachRequired: true, podInfoOnMount: false, storageCapacity: false, fsGroupPolicy: 'ReadWriteOnceWithFSType',
      volumeLifecycleModes: ['Persistent'], requiresRepublish: false,
    } });
  });

  it('NetworkPolicy: ports are TCP; policyTypes Ingress, and Egress with egress rules; given ones kept', () => {
    expect(defaulted('NetworkPolicy', { spec: { podSelector: {}, ingress: [{ ports: [{ port: 80 }, { port: 53, protocol: 'UDP' }] }] } }))
      .toEqual({ spec: { podSelector: {}, ingress: [{ ports: [{ port: 80, protocol: 'TCP' }, { port: 53, protocol: 'UDP' }] }], policyTypes: ['Ingress'] } });
    expect(defaulted('NetworkPolicy', { spec: { podSelector: {}, egress: [{}] } })).toEqual({ spec: { podSelector: {}, egress: [{}], policyTypes: ['Ingress', 'Egress'] } });
    expect(defaulted('NetworkPolicy', { spec: { podSelector: {}, egress: [{}], policyTypes: ['Egress'] } }))
      .toEqual({ spec: { podSelector: {}, egress: [{}], policyTypes: ['Egress'] } });
  });

  it('Endpoints and EndpointSlice ports: TCP, and a slice port\'s empty name', () => {
    expect(defaulted('Endpoints', { subsets: [{ ports: [{ port: 80 }] }] })).toEqual({ subsets: [{ ports: [{ port: 80, protocol: 'TCP' }] }] });
    expect(defaulted('EndpointSlice', { addressType: 'IPv4', ports: [{ port: 80 }, { name: 'dns', port: 53, protocol: 'UDP' }] }))
      .toEqual({ addressType: 'IPv4', ports: [{ port: 80, name: '', protocol: 'TCP' }, { name: 'dns', port: 53, protocol: 'UDP' }] });
  });

  it('PriorityClass and IngressClass', () => {
    expect(defaulted('PriorityClass', { value: 5 })).toEqual({ value: 5, preemptionPolicy: 'PreemptLowerPriority' });
    expect(defaulted('IngressClass', { spec: { controller: 'c', parameters: { kind: 'K', name: 'n' } } }))
      .toEqual({ spec: { controller: 'c', parameters: { kind: 'K', name: 'n', scope: 'Cluster' } } });
    expect(defaulted('IngressClass', { spec: { controller: 'c' } })).toEqual({ spec: { controller: 'c' } });
  });

  it('webhook configurations: each webhook, its rules and its service', () => {
    const webhook = { name: 'a.example.com', clientConfig: { service: { name: 's', namespace: 'd' } }, rules: [{ operations: ['CREATE'] }], sideEffects: 'None', admissionReviewVersions: ['v1'] };
    const common = {
      name: 'a.example.com', clientConfig: { service: { name: 's', namespace: 'd', port: 443 } }, rules: [{ operations: ['CREATE'], scope: '*' }],
      sideEffects: 'None', admissionReviewVersions: ['v1'], failurePolicy: 'Fail', matchPolicy: 'Equivalent', namespaceSelector: {}, objectSelector: {}, timeoutSeconds: 10,
    };
    expect(defaulted('ValidatingWebhookConfiguration', { webhooks: [structuredClone(webhook)] })).toEqual({ webhooks: [common] });
    expect(defaulted('MutatingWebhookConfiguration', { webhooks: [structuredClone(webhook)] })).toEqual({ webhooks: [{ ...common, reinvocationPolicy: 'Never' }] });
  });

  it('FlowSchema and PriorityLevelConfiguration: a zero counts as unset, as Go sees it', () => {
    expect(defaulted('FlowSchema', { spec: { matchingPrecedence: 0 } })).toEqual({ spec: { matchingPrecedence: 1000 } });
    expect(defaulted('PriorityLevelConfiguration', { spec: { type: 'Limited', limited: { limitResponse: { type: 'Queue', queuing: { queues: 0 } } } } }))
      .toEqual({ spec: { type: 'Limited', limited: { nominalConcurrencyShares: 30, lendablePercent: 0, limitResponse: { type: 'Queue', queuing: { handSize: 8, queues: 64, queueLengthLimit: 50 } } } } });
    expect(defaulted('PriorityLevelConfiguration', { spec: { type: 'Exempt', exempt: {} } }))
      .toEqual({ spec: { type: 'Exempt', exempt: { nominalConcurrencyShares: 0, lendablePercent: 0 } } });
  });
});
