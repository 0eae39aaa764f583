import { describe, expect, it } from 'vitest';
import {
  customColumnCells, parseCustomColumnsFile, parseCustomColumnsSpec, relaxedJsonPathExpression, renderCustomColumns,
} from './custom-columns';

const pods = [
  { metadata: { name: 'sidecar-app' }, spec: { nodeName: 'kind-worker', containers: [{ image: 'nginx' }, { image: 'fluent/fluent-bit:3.0' }] }, status: { phase: 'Running', containerStatuses: [{ restartCount: 0 }] } },
  { metadata: { name: 'pending-pod', labels: { run: 'x', a: 'b' } }, spec: { containers: [{ image: 'nginx' }] }, status: { phase: 'Pending' } },
];

describe('relaxedJsonPathExpression', () => {
  const cases: [string, string][] = [['a.b', '{.a.b}'], ['.a.b', '{.a.b}'], ['{a.b}', '{.a.b}'], ['{.a.b}', '{.a.b}'], ['', ''], ['.items[*].x', '{.items[*].x}']];
  for (const [input, want] of cases) it(input || '(empty)', () => expect(relaxedJsonPathExpression(input)).toBe(want));
  it('rejects inner braces', () => expect(() => relaxedJsonPathExpression('{a}{b}')).toThrow(new Error("unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'")));
});

describe('parseCustomColumnsSpec', () => {
  it('splits header and path at the first colon', () => {
    expect(parseCustomColumnsSpec('NAME:.metadata.name,Ports:spec.ports[*].port')).toEqual([
      { header: 'NAME', fieldSpec: '{.metadata.name}' }, { header: 'Ports', fieldSpec: '{.spec.ports[*].port}' },
    ]);
  });
  it('rejects a column without a colon', () => expect(() => parseCustomColumnsSpec('NAME:.metadata.name,STATUS')).toThrow(new Error('unexpected custom-columns spec: STATUS, expected <header>:<json-path-expr>')));
  it('rejects an empty spec', () => expect(() => parseCustomColumnsSpec('')).toThrow(new Error('custom-columns format specified but no custom columns given')));
});

describe('parseCustomColumnsFile', () => {
  it('reads headers and specs by whitespace', () => {
    expect(parseCustomColumnsFile('NAME   PHASE\n.metadata.name  {.status.phase}\n')).toEqual([
      { header: 'NAME', fieldSpec: '{.metadata.name}' }, { header: 'PHASE', fieldSpec: '{.status.phase}' },
    ]);
  });
  it('reports mismatched counts', () => expect(() => parseCustomColumnsFile('A B\n.x\n')).toThrow(new Error("number of headers (2) and field specifications (1) don't match")));
  it('reports a missing spec line', () => expect(() => parseCustomColumnsFile('A B\n')).toThrow(new Error('invalid template, missing spec line. Expected format is one line of space separated headers, one line of space separated column specs.')));
});

describe('renderCustomColumns', () => {
  it('matches kubectl layout, <none> and comma-joined cells', () => {
    const cols = parseCustomColumnsSpec('NAME:.metadata.name,STATUS:.status.phase,NODE:.spec.nodeName,IMAGES:.spec.containers[*].image');
    expect(renderCustomColumns(cols, pods)).toBe(
      'NAME          STATUS    NODE          IMAGES\n' +
      'sidecar-app   Running   kind-worker   nginx,fluent/fluent-bit:3.0\n' +
      'pending-pod   Pending   <none>        nginx\n');
  });
  it('drops the header with noHeaders (which changes widths)', () => {
    const cols = parseCustomColumnsSpec('NAME:.metadata.name,RESTARTS:.status.containerStatuses[0].restartCount,MISSING:.spec.nothing');
    expect(renderCustomColumns(cols, pods.slice(0, 1), { noHeaders: true })).toBe('sidecar-app   0     <none>\n');
  });
  it('prints maps and lists with Go %v', () => {
    const cols = parseCustomColumnsSpec('L:.metadata.labels,C:.spec.containers');
    expect(customColumnCells(cols, pods[1])).toEqual(['map[a:b run:x]', '[map[image:nginx]]']);
  });
  it('surfaces engine errors with their bare text', () => {
    const cols = parseCustomColumnsSpec('X:.spec.containers[3].image');
    expect(() => customColumnCells(cols, pods[1])).toThrow(new Error('array index out of bounds: index 3, length 1'));
  });
});
