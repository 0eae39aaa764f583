import { describe, expect, it } from 'vitest';
import { customResourceTable } from './custom-resource-columns';

describe('customResourceTable', () => {
  const table = customResourceTable([
    { name: 'Class', type: 'string', jsonPath: '.spec.gatewayClassName' },
    { name: 'Address', type: 'string', jsonPath: '.status.addresses[*].value' },
    { name: 'Hostnames', type: 'string', jsonPath: '.spec.hostnames' },
    { name: 'Replicas', type: 'integer', jsonPath: '.spec.replicas' },
    { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
    { name: 'Description', type: 'string', jsonPath: '.spec.description', priority: 1 },
  ]);
  const now = new Date('2026-01-01T01:00:00Z');
  it('has NAME then the columns, with priority > 0 as wide', () => {
    expect(table.columns.map((c) => `${c.name}:${c.priority}`)).toEqual(['Name:0', 'Class:0', 'Address:0', 'Hostnames:0', 'Replicas:0', 'Age:0', 'Description:1']);
  });
  it('prints the first result, lists as JSON, dates as ages, missing values empty', () => {
    const obj = {
      apiVersion: 'x/v1', kind: 'X', metadata: { name: 'a', creationTimestamp: '2026-01-01T00:00:00Z' },
      spec: { gatewayClassName: 'nginx', hostnames: ['a.example.com', 'b.example.com'], replicas: 3 },
      status: { addresses: [{ value: '10.0.0.1' }, { value: '10.0.0.2' }] },
    };
    expect(table.cells(obj, { now })).toEqual(['a', 'nginx', '10.0.0.1', '["a.example.com","b.example.com"]', '3', '60m', '']);
  });
});
