/**
 * known-repositories: the public repositories the emulated registry knows, each with its
 * tag scheme (which tags exist) and, for those the runtime catalogue has no facts about,
 * the size of its images. Horizons are set a release or so past what was current in late
 * 2026, so a tag a practice task names today pulls, and an absurd one does not.
 */
import { ALPINE, DEBIAN, UBUNTU, WINDOWS, type TagScheme } from './image-tags';

/** KnownRepository is one public repository: its tag scheme and, optionally, its images' size. */
export interface KnownRepository { tags: TagScheme; sizeBytes?: number }

const MB = 1_000_000;
const DISTROS = [...ALPINE, 'slim', ...DEBIAN];

/** GENERIC_TAGS is the scheme of an official image kubemu has no scheme of its own for. */
const GENERIC_TAGS: TagScheme = {
  major: [0, 50], minor: 99, patch: 99, parts: 4, years: 2027, v: 'optional', anySuffix: true,
  words: [...DISTROS, ...UBUNTU, ...WINDOWS, 'apache', 'fpm', 'cli', 'zts', 'php\\d+(?:\\.\\d+)?', 'jdk\\d*', 'jre\\d*', 'management', 'temurin', 'corretto', 'community', 'enterprise', 'ubi\\d+'],
  aliases: ['stable', 'lts', 'edge', 'mainline', 'current', 'rc', 'beta'],
};

/** OFFICIAL_IMAGES are Docker Hub library repositories known by name only (generic tags). */
const OFFICIAL_IMAGES = [
  'adminer', 'aerospike', 'almalinux', 'amazoncorretto', 'amazonlinux', 'arangodb', 'archlinux', 'bash', 'bonita',
  'buildpack-deps', 'caddy', 'cassandra', 'centos', 'chronograf', 'clickhouse', 'clojure', 'composer', 'consul',
  'couchbase', 'couchdb', 'crate', 'dart', 'docker', 'drupal', 'eclipse-mosquitto', 'eclipse-temurin', 'elasticsearch',
  'elixir', 'emqx', 'erlang', 'fedora', 'flink', 'gcc', 'ghost', 'gradle', 'groovy', 'haproxy', 'haskell',
  'ibm-semeru-runtimes', 'ibmjava', 'influxdb', 'jetty', 'joomla', 'jruby', 'julia', 'kapacitor', 'kibana', 'kong',
  'liquibase', 'logstash', 'mageia', 'matomo', 'maven', 'mediawiki', 'mongo-express', 'mono', 'nats', 'neo4j',
  'nextcloud', 'odoo', 'open-liberty', 'openjdk', 'oraclelinux', 'percona', 'photon', 'php', 'phpmyadmin',
  'postfixadmin', 'pypy', 'r-base', 'redmine', 'registry', 'rethinkdb', 'rockylinux', 'ruby', 'rust', 'sapmachine',
  'solr', 'sonarqube', 'spark', 'storm', 'swift', 'telegraf', 'tomcat', 'tomee', 'varnish', 'vault', 'websphere-liberty',
  'wordpress', 'xwiki', 'zookeeper',
];

/** scheme builds a tag scheme: majors lo..hi, caps for minor and patch, words and aliases. */
function scheme(lo: number, hi: number, minor: number, patch: number, words: readonly string[] = [], more: Partial<TagScheme> = {}): TagScheme {
  return { major: [lo, hi], minor, patch, words, ...more };
}

const KUBERNETES = scheme(1, 1, 38, 20, ['rc\\.\\d+', 'alpha\\.\\d+', 'beta\\.\\d+'], { v: 'required' });

/** REGISTRY_K8S_IO are registry.k8s.io's (and the frozen k8s.gcr.io's) control-plane repositories. */
const REGISTRY_K8S_IO: Record<string, KnownRepository> = {
  pause: { tags: scheme(0, 3, 11, 1) },
  etcd: { tags: scheme(2, 3, 7, 30, ['\\d+']) },
  'kube-apiserver': { tags: KUBERNETES },
  'kube-controller-manager': { tags: KUBERNETES },
  'kube-scheduler': { tags: KUBERNETES },
  'kube-proxy': { tags: KUBERNETES },
  'coredns/coredns': { tags: scheme(1, 1, 14, 10, [], { v: 'required' }) },
  coredns: { tags: scheme(1, 1, 14, 10) },
};

/**
 * KNOWN_REPOSITORIES maps a repository (a Docker Hub library name, or host/path) to what the
 * registry publishes. Majors run to the current one plus one; minor and patch caps to a
 * little past the highest published.
 */
export const KNOWN_REPOSITORIES: Record<string, KnownRepository> = {
  nginx: { tags: scheme(1, 1, 32, 20, [...DISTROS, 'perl', 'otel'], { aliases: ['stable', 'mainline'] }) },
  httpd: { tags: scheme(2, 2, 4, 70, DISTROS) },
  redis: { tags: scheme(2, 9, 9, 25, DISTROS) },
  postgres: { tags: scheme(7, 19, 30, 30, DISTROS) },
  mysql: { tags: scheme(5, 10, 9, 60, ['oracle', 'oraclelinux\\d+', 'debian'], { aliases: ['lts', 'innovation'] }) },
  mariadb: { tags: scheme(5, 13, 11, 40, [...UBUNTU, 'ubi\\d*'], { aliases: ['lts'] }), sizeBytes: 118 * MB },
  mongo: { tags: scheme(3, 9, 9, 40, [...UBUNTU, ...WINDOWS]) },
  memcached: { tags: scheme(1, 1, 6, 50, DISTROS) },
  busybox: { tags: scheme(1, 1, 38, 9, ['musl', 'glibc', 'uclibc'], { aliases: ['stable'] }) },
  alpine: { tags: scheme(2, 3, 25, 20, ['\\d{8}'], { aliases: ['edge'] }) },
  ubuntu: { tags: scheme(10, 27, 10, 9, ['\\d{8}'], { aliases: [...UBUNTU, 'rolling', 'devel'] }) },
  debian: { tags: scheme(6, 14, 13, 0, ['slim', 'backports', '\\d{8}', ...DEBIAN], { parts: 2, aliases: ['stable', 'testing', 'unstable', 'oldstable', 'experimental', 'rc-buggy'] }) },
  python: { tags: scheme(2, 3, 16, 25, [...DISTROS, ...WINDOWS]) },
  node: { tags: scheme(0, 28, 25, 25, [...DISTROS, ...WINDOWS, 'argon', 'boron', 'carbon', 'dubnium', 'erbium', 'fermium', 'gallium', 'hydrogen', 'iron', 'jod', 'krypton'], { aliases: ['lts', 'current'] }) },
  golang: { tags: scheme(1, 1, 28, 20, [...DISTROS, ...WINDOWS]) },
  perl: { tags: scheme(5, 5, 44, 5, ['slim', 'threaded', ...DEBIAN]) },
  'hello-world': { tags: scheme(0, 0, 0, 0, ['linux', ...WINDOWS]) },
  fluentd: { tags: scheme(0, 2, 20, 15, ['debian', 'armhf', 'arm64', 'amd64', '\\d+(?:\\.\\d+)?'], { v: 'optional', aliases: ['edge'] }), sizeBytes: 44 * MB },
  rabbitmq: { tags: scheme(3, 5, 13, 30, ['management', ...ALPINE]), sizeBytes: 95 * MB },
  traefik: { tags: scheme(1, 4, 11, 30, [...WINDOWS], { v: 'optional' }), sizeBytes: 52 * MB },
  amazonlinux: { tags: { ...GENERIC_TAGS, major: [1, 2] } },
  ...Object.fromEntries(OFFICIAL_IMAGES.filter((n) => n !== 'amazonlinux').map((n) => [n, { tags: GENERIC_TAGS }])),
  ...Object.fromEntries(Object.entries(REGISTRY_K8S_IO).map(([n, r]) => [`registry.k8s.io/${n}`, r])),
  'quay.io/prometheus/prometheus': { tags: scheme(1, 4, 60, 10, [], { v: 'required' }), sizeBytes: 120 * MB },
  'quay.io/prometheus/alertmanager': { tags: scheme(0, 1, 30, 10, [], { v: 'required' }), sizeBytes: 30 * MB },
  'quay.io/prometheus/node-exporter': { tags: scheme(0, 2, 18, 10, [], { v: 'required' }), sizeBytes: 12 * MB },
  'quay.io/coreos/etcd': { tags: scheme(2, 3, 7, 30, ['\\d+', 'arm64', 'amd64'], { v: 'required' }), sizeBytes: 22 * MB },
  'quay.io/jetstack/cert-manager-controller': { tags: scheme(0, 1, 20, 10, [], { v: 'required' }), sizeBytes: 20 * MB },
};

/** canonicalRepository is the key a repository is known by: the frozen k8s.gcr.io serves registry.k8s.io. */
export function canonicalRepository(repository: string): string {
  return repository.startsWith('k8s.gcr.io/') ? `registry.k8s.io/${repository.slice('k8s.gcr.io/'.length)}` : repository;
}

/** knownRepository is what the registry publishes for a repository key, if it is a known public one. */
export function knownRepository(repository: string): KnownRepository | undefined {
  return Object.hasOwn(KNOWN_REPOSITORIES, repository) ? KNOWN_REPOSITORIES[repository] : undefined;
}
