import { describe, expect, it } from 'vitest';
import { containerNameForImage, createDeployment, type CreateDeploymentOptions } from './deployment';
import { GeneratorError, REQUIRED_FLAG_NOT_SET } from './generator-error';
import { expectSameAsKubectl } from './oracle.test-helper';

const fixed = (): string => 'abcde';

const cases: { name: string; args: string[]; name_: string; o: CreateDeploymentOptions }[] = [
  { name: 'one image', args: ['web', '--image=nginx'], name_: 'web', o: { image: ['nginx'] } },
  { name: 'replicas and port', args: ['web', '--image=nginx:1.27', '--replicas=3', '--port=80'], name_: 'web', o: { image: ['nginx:1.27'], replicas: 3, port: 80 } },
  { name: 'two images, port on the first only', args: ['multi', '--image=nginx', '--image=redis', '--port=8080'], name_: 'multi', o: { image: ['nginx', 'redis'], port: 8080 } },
  { name: 'port zero is kept', args: ['z', '--image=nginx', '--port=0'], name_: 'z', o: { image: ['nginx'], port: 0 } },
  { name: 'command after dash', args: ['cmd', '--image=busybox', '--', 'sleep', '3600'], name_: 'cmd', o: { image: ['busybox'], command: ['sleep', '3600'] } },
  { name: 'registry path, tag and digest', args: ['api', '--image=registry.example.com:5000/team/api@sha256:0123456789012345678901234567890123456789012345678901234567890123'], name_: 'api', o: { image: ['registry.example.com:5000/team/api@sha256:0123456789012345678901234567890123456789012345678901234567890123'] } },
  { name: 'zero replicas', args: ['r0', '--image=nginx', '--replicas=0'], name_: 'r0', o: { image: ['nginx'], replicas: 0 } },
  { name: 'image given empty: no containers', args: ['e', '--image='], name_: 'e', o: { image: [] } },
  { name: 'multiple images with a command is refused', args: ['bad', '--image=a', '--image=b', '--', 'x'], name_: 'bad', o: { image: ['a', 'b'], command: ['x'] } },
];

describe('createDeployment matches kubectl create deployment', () => {
  for (const tc of cases) {
    it(tc.name, () => {
      expectSameAsKubectl(`deployment-${tc.name}`, ['create', 'deployment', ...tc.args], () => createDeployment(tc.name_, tc.o));
    });
  }
});

describe('createDeployment', () => {
  it('requires --image', () => {
    expect(() => createDeployment('x', {})).toThrow(new GeneratorError(REQUIRED_FLAG_NOT_SET('image')));
  });
  it('sets the namespace when one is enforced', () => {
    expect(createDeployment('x', { image: ['nginx'], namespace: 'dev' }).metadata.namespace).toBe('dev');
  });
});

describe('containerNameForImage', () => {
  const table: [string, string][] = [
    ['nginx', 'nginx'],
    ['nginx:1.27', 'nginx'],
    ['registry.example.com/team/api:2.1', 'api'],
    ['repo/img@sha256:abc', 'img'],
    ['my_app', 'my-app-abcde'],
    ['org/my.app:1', 'my-app-abcde'],
  ];
  it.each(table)('%s → %s', (image, want) => {
    expect(containerNameForImage(image, fixed)).toBe(want);
  });
});
