import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageInfo, normalizeImage, parseImage, pullFailure } from './images';

/** CORPUS_IMAGES are the image references of real manifests (testdata/corpus-images.txt). */
const CORPUS_IMAGES = readFileSync(path.join(__dirname, 'testdata', 'corpus-images.txt'), 'utf8')
  .split('\n').filter((line) => line && !line.startsWith('#'));

/** CURRENT_TAGS are tags real registries publish today, which practice tasks name. */
const CURRENT_TAGS = [
  'mysql:9.5.0', 'mysql:8.4', 'mysql:8', 'mysql:lts', 'mysql:8.0-debian', 'mysql:5.6', 'redis:8.0.2', 'redis:8.2-alpine', 'redis:7.4-bookworm',
  'mariadb:10.6', 'mariadb:11.8', 'mariadb:lts', 'mariadb:12.0-noble', 'fluentd', 'fluentd:v1.16-1', 'fluentd:v1.18.0-debian-1.0',
  'httpd:trixie', 'httpd:2.4', 'httpd:2.4.65-alpine', 'nginx:1.28', 'nginx:1.29.0', 'nginx:1.29.1-alpine-slim', 'nginx:stable-alpine',
  'nginx:mainline-trixie', 'nginx:1.27-perl', 'nginx:alpine3.22', 'nginx:1.7.9', 'postgres:18', 'postgres:17.6-alpine3.22', 'postgres:16-bookworm',
  'postgres:9.6.24', 'mongo:8.2', 'mongo:7.0-jammy', 'mongo:8.0.13-noble', 'memcached:1.6-alpine', 'busybox:1.37', 'busybox:1.36.1-musl',
  'busybox:stable-glibc', 'alpine:3.22', 'alpine:3.23.0', 'alpine:edge', 'ubuntu:24.04', 'ubuntu:26.04', 'ubuntu:noble', 'ubuntu:resolute',
  'ubuntu:noble-20250805', 'debian:13', 'debian:trixie-slim', 'debian:bookworm-20250811', 'debian:stable-slim', 'debian:forky',
  'python:3.14', 'python:3.13-slim', 'python:3.12-slim-bookworm', 'python:3.11-alpine3.21', 'python:slim', 'python:2.7.18',
  'node:24', 'node:22-alpine', 'node:lts-alpine', 'node:20.19.4-bookworm-slim', 'node:jod', 'node:current-slim', 'golang:1.25',
  'golang:1.24-alpine', 'golang:1.25.0-trixie', 'perl:5.42', 'rabbitmq:4.1-management', 'rabbitmq:3-management-alpine',
  'rabbitmq:management', 'traefik:v3.5', 'traefik:3.5.0', 'traefik:v2.11', 'wordpress:6.8-apache', 'wordpress:php8.3-fpm',
  'tomcat:10-jdk17', 'haproxy:3.2', 'caddy:2.10-alpine', 'amazonlinux:2023', 'eclipse-temurin:21-jre', 'php:8.4-fpm-alpine',
  'elasticsearch:8.19.2', 'neo4j:2025.08', 'nginx@sha256:' + 'a'.repeat(64), 'nginx:99.0@sha256:' + 'b'.repeat(64),
  'registry.k8s.io/pause:3.10', 'registry.k8s.io/etcd:3.6.4-0', 'registry.k8s.io/kube-apiserver:v1.34.1',
  'registry.k8s.io/kube-proxy:v1.35.0-rc.1', 'registry.k8s.io/coredns/coredns:v1.12.1', 'k8s.gcr.io/pause:3.1',
  'quay.io/prometheus/prometheus:v3.5.0', 'quay.io/prometheus/node-exporter:v1.9.1', 'quay.io/coreos/etcd:v3.5.21',
  'myregistry.example.com/team/app:1.2.3', 'ghcr.io/org/app:v1', '123456789012.dkr.ecr.us-east-1.amazonaws.com/app:build-42',
  'localhost:5000/app', 'registry.local:5000/anything:whatever', 'bitnami/redis:7.4', 'prom/prometheus:v3.5.0',
];

/** REFUSED are typo'd repositories and tags no registry publishes, with the failure's code. */
const REFUSED: [string, 'NotFound' | 'Unknown'][] = [
  ['ngnix', 'Unknown'], ['library/ngnix', 'Unknown'], ['docker.io/library/ngnix:1.27', 'Unknown'], ['nignx:latest', 'Unknown'],
  ['busybx', 'Unknown'], ['mysq:8.0', 'Unknown'], ['reddis', 'Unknown'],
  ['nginx:99.0', 'NotFound'], ['nginx:notatag', 'NotFound'], ['nginx:1.999', 'NotFound'], ['nginx:2.0', 'NotFound'],
  ['nginx:no-such-tag', 'NotFound'], ['nginx:1.27-alpin', 'NotFound'], ['nginx:lastest', 'NotFound'], ['nginx:1.27.4.1.2', 'NotFound'],
  ['mysql:99', 'NotFound'], ['mysql:5.999', 'NotFound'], ['redis:42.0', 'NotFound'], ['busybox:2.0', 'NotFound'],
  ['busybox:1.36-alpine', 'NotFound'], ['alpine:4.99', 'NotFound'], ['ubuntu:99.04', 'NotFound'], ['debian:99', 'NotFound'],
  ['python:9.0', 'NotFound'], ['python:4.0', 'NotFound'], ['alpine:4.0', 'NotFound'], ['redis:10.0', 'NotFound'], ['node:99', 'NotFound'], ['golang:2.0', 'NotFound'], ['postgres:99', 'NotFound'],
  ['wordpress:notatag', 'NotFound'], ['wordpress:999.0', 'NotFound'], ['amazonlinux:2099', 'NotFound'],
  ['registry.k8s.io/pause:9.9', 'NotFound'], ['registry.k8s.io/kube-apiserver:1.32.2', 'NotFound'],
  ['registry.k8s.io/kube-apiserver:v1.99.0', 'NotFound'], ['k8s.gcr.io/etcd:9.0.0-0', 'NotFound'],
];

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

  it('pulls every image reference of the real-manifest corpus', () => {
    expect(CORPUS_IMAGES.length).toBeGreaterThan(80);
    expect(CORPUS_IMAGES.filter((image) => pullFailure(image))).toEqual([]);
  });

  it('pulls the tags registries publish today', () => {
    expect(CURRENT_TAGS.filter((image) => pullFailure(image))).toEqual([]);
  });

  it.each(REFUSED)('refuses %s (%s)', (image, code) => {
    expect(pullFailure(image)?.code).toBe(code);
  });

  it('pulls the control plane and add-ons a cluster is created with', () => {
    for (const image of ['registry.k8s.io/etcd:3.5.16-0', 'registry.k8s.io/kube-apiserver:v1.32.2', 'registry.k8s.io/kube-controller-manager:v1.32.2',
      'registry.k8s.io/kube-scheduler:v1.32.2', 'registry.k8s.io/kube-proxy:v1.32.2', 'registry.k8s.io/coredns/coredns:v1.11.3']) {
      expect(pullFailure(image), image).toBeUndefined();
    }
  });

  it('reports containerd errors for a missing tag', () => {
    expect(pullFailure('nginx:1.999')?.message).toBe('failed to pull and unpack image "docker.io/library/nginx:1.999": failed to resolve reference "docker.io/library/nginx:1.999": docker.io/library/nginx:1.999: not found');
  });

  it('reports pull access denied for a Docker Hub repository that does not exist', () => {
    expect(pullFailure('ngnix')?.message).toBe('failed to pull and unpack image "docker.io/library/ngnix:latest": failed to resolve reference "docker.io/library/ngnix:latest": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed');
  });

  it('follows the overrides before the registry', () => {
    const overrides = { missing: new Set(['docker.io/library/nginx:1.28']), present: new Set(['docker.io/library/ngnix:latest']) };
    expect(pullFailure('nginx:1.28', overrides)?.code).toBe('NotFound');
    expect(pullFailure('ngnix', overrides)).toBeUndefined();
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

  it('gives new tags the size of the repository\'s known ones', () => {
    expect(imageInfo('mysql:9.5.0').sizeBytes).toBe(imageInfo('mysql:8.0').sizeBytes);
    expect(imageInfo('mariadb:10.6').sizeBytes).toBe(118_000_000);
    expect(imageInfo('example.com/x/y:1').sizeBytes).toBe(60_000_000);
  });
});
