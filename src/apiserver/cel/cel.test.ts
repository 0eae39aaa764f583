import { describe, expect, it } from 'vitest';
import { CelEvalError, CelSyntaxError, compileCel } from './cel';

const run = (src: string, vars: Record<string, unknown> = {}) => compileCel(src).evaluate(vars);
const deploy = { metadata: { name: 'web', labels: { env: 'prod' } }, spec: { replicas: 3, template: { spec: { containers: [
  { name: 'a', image: 'registry.example.com/a:1' }, { name: 'b', image: 'nginx:1.27' },
] } } } };

describe('CEL (the subset admission policies use)', () => {
  it.each<[string, unknown]>([
    ['object.spec.replicas <= 5', true],
    ['object.spec.replicas > params.maxReplicas', false],
    ["object.spec.template.spec.containers.all(c, c.image.startsWith('registry.example.com/'))", false],
    ["object.spec.template.spec.containers.exists(c, c.image.endsWith(':1.27'))", true],
    ["object.spec.template.spec.containers.exists_one(c, c.name == 'a')", true],
    ['object.spec.template.spec.containers.map(c, c.name)', ['a', 'b']],
    ["object.spec.template.spec.containers.filter(c, c.image.contains('nginx')).size()", 1],
    ["has(object.metadata.labels) && 'env' in object.metadata.labels && object.metadata.labels['env'] == 'prod'", true],
    ['has(object.spec.paused)', false],
    ["object.metadata.name.matches('^[a-z]+$') ? 'ok' : 'bad'", 'ok'],
    ["'replicas: ' + string(object.spec.replicas)", 'replicas: 3'],
    ['size(object.spec.template.spec.containers) * 2 + 1 - 7 / 2 % 2', 4],
    ["!(object.spec.replicas in [1, 2]) && [1,2,3].isSorted() && {'a': 1}.a == 1", true],
    ["variables.images.all(i, i in params.allowed)", false],
    ["object.metadata.name.split('e') == ['w', 'b'] && ['x','y'].join('-') == 'x-y'", true],
  ])('%s', (src, want) => {
    expect(run(src, { object: deploy, params: { maxReplicas: 5, allowed: ['nginx:1.27'] }, variables: { images: ['nginx:1.27', 'x'] } })).toEqual(want);
  });

  it('fails on a missing key unless has() guards it; && and || absorb an error the other side decides', () => {
    expect(() => run('object.spec.paused', { object: deploy })).toThrow(new CelEvalError('no such key: paused'));
    expect(run('false && object.spec.paused', { object: deploy })).toBe(false);
    expect(run('object.spec.paused || true', { object: deploy })).toBe(true);
    expect(() => run("1 + 'a'")).toThrow(new CelEvalError('no such overload: _+_(int, string)'));
    expect(() => run('nope')).toThrow(CelEvalError);
  });

  it('reports syntax errors at compile time', () => {
    expect(() => compileCel('object.spec.replicas <=')).toThrow(CelSyntaxError);
    expect(() => compileCel('a b')).toThrow(CelSyntaxError);
  });
});
