import { afterAll, describe, expect, it } from 'vitest';
import { newTestCluster } from '../../test/helpers/test-cluster';
import { ApiError } from './errors';
import type { KubeObject } from '../api/meta';

/** A CSR's approval subresource and its status subresource, through the API server itself. */
describe('certificatesigningrequests/approval', () => {
  const cluster = newTestCluster();
  afterAll(() => cluster.close());
  const api = cluster.api;
  const ref = { kind: 'CertificateSigningRequest', name: 'req' };
  // The request is never parsed by the approval path: any bytes do.
  api.create({
    apiVersion: 'certificates.k8s.io/v1', kind: 'CertificateSigningRequest', metadata: { name: 'req' },
    spec: { request: Buffer.from('-----BEGIN CERTIFICATE REQUEST-----\n').toString('base64'), signerName: 'example.com/none', usages: ['client auth'] },
  }, { fieldManager: 'test' });
  const withConditions = (conditions: object[]): KubeObject => ({ ...structuredClone(api.get(ref)), status: { conditions } });
  const refused = (write: () => unknown): string[] => {
    try { write(); } catch (e) { if (e instanceof ApiError) return (e.details?.causes ?? []).map((c) => `${c.field}: ${c.message}`); throw e; }
    return [];
  };

  it('refuses an Approved condition sent to the status subresource', () => {
    expect(refused(() => api.updateStatus(withConditions([{ type: 'Approved', status: 'True' }]), { fieldManager: 'test' })))
      .toEqual(['status.conditions: Forbidden: updates may not add a condition of type "Approved"']);
  });

  it('validates the conditions it is sent: status True only, one of a type', () => {
    expect(refused(() => api.updateApproval(withConditions([{ type: 'Approved', status: 'False' }]), { fieldManager: 'test' })))
      .toEqual(['status.conditions[0].status: Unsupported value: "False": supported values: "True"']);
    expect(refused(() => api.updateApproval(withConditions([{ type: 'Approved', status: 'True' }, { type: 'Approved', status: 'True' }]), { fieldManager: 'test' })))
      .toEqual(['status.conditions[1].type: Duplicate value: "Approved"']);
    expect(refused(() => api.updateApproval(withConditions([{ type: 'Approved', status: 'True' }, { type: 'Denied', status: 'True' }]), { fieldManager: 'test' })))
      .toEqual(['status.conditions[1].type: Invalid value: "Denied": Approved and Denied conditions are mutually exclusive']);
  });

  it('keeps the spec, fills the condition times and records the manager under the approval subresource', () => {
    const sent = withConditions([{ type: 'Approved', status: 'True', reason: 'R' }]);
    sent.spec.signerName = 'example.com/other';
    const out = api.updateApproval(sent, { fieldManager: 'approver' });
    const now = cluster.clock.nowISO();
    expect(out.spec.signerName).toBe('example.com/none');
    expect(out.status.conditions).toEqual([{ type: 'Approved', status: 'True', reason: 'R', lastUpdateTime: now, lastTransitionTime: now }]);
    expect(out.metadata.managedFields?.find((m) => m.manager === 'approver')).toMatchObject({ operation: 'Update', subresource: 'approval' });
    expect(refused(() => api.updateApproval(withConditions([]), { fieldManager: 'test' })))
      .toEqual(['status.conditions: Forbidden: updates may not remove a condition of type "Approved"']);
  });
});
