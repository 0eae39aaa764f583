import { describe, expect, it } from 'vitest';
import { imageInfo, normalizeImage, parseImage, pullFailure } from './images';

describe('image catalogue', () => {
  it.each([
    ['nginx', undefined],
    ['nginx:1.27', undefined],
    ['nginx:1.27.3-alpine', undefined],
    ['busybox:1.36', undefined],
    ['registry.k8s.io/pause:3.10', undefined],
    ['myorg/app:v1', undefined],
    ['nginx:1.999', 'NotFound'],
    ['ngnix', 'Unknown'],
  ])('%s pulls or fails (%s)', (image, code) => {
    expect(pullFailure(image)?.code).toBe(code);
  });

  it('reports containerd errors for a missing tag', () => {
    expect(pullFailure('nginx:1.999')?.message).toBe('failed to pull and unpack image "docker.io/library/nginx:1.999": failed to resolve reference "docker.io/library/nginx:1.999": docker.io/library/nginx:1.999: not found');
  });

  it('rejects invalid references', () => {
    expect(parseImage('Nginx')).toBeUndefined();
    expect(parseImage('nginx:')).toBeUndefined();
    expect(parseImage('nginx:1.27')).toEqual({ registry: 'docker.io', repository: 'library/nginx', tag: '1.27', digest: undefined });
  });

  it('normalizes references as the runtime reports them', () => {
    expect(normalizeImage('nginx')).toBe('docker.io/library/nginx:latest');
    expect(normalizeImage('registry.k8s.io/coredns/coredns:v1.11.3')).toBe('registry.k8s.io/coredns/coredns:v1.11.3');
  });

  it('knows servers, shells and ports', () => {
    expect(imageInfo('nginx:1.27')).toMatchObject({ server: true, ports: [80], known: true });
    expect(imageInfo('busybox')).toMatchObject({ server: false, shell: 'sh', cmd: ['sh'] });
    expect(imageInfo('example.com/x/y:1')).toMatchObject({ server: true, known: false });
  });
});
