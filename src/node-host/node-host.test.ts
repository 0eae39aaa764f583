import { describe, expect, it } from 'vitest';
import { relativeTime, systemdTime } from './services';
import { goUnitsAgo } from './host-commands';
import { manifestProblem } from './control-plane-health';
import { controlPlaneManifests } from '../kubelet/static-pods';
import { DEFAULT_POD_NETWORK } from '../network/ipam';
import { toYaml } from '../yaml/write-yaml';

describe('systemd times', () => {
  it.each([[0, 'now'], [3_000, '3s ago'], [90_000, '1min 30s ago'], [10 * 60_000, '10min ago'], [65 * 60_000, '1h 5min ago'], [7 * 3_600_000, '7h ago'], [26 * 3_600_000, '1 day 2h ago'], [3 * 86_400_000, '3 days ago']])(
    '%i ms is "%s"', (ms, want) => expect(relativeTime(ms)).toBe(want));
  it('prints the absolute time with the weekday', () => expect(systemdTime(Date.parse('2026-12-02T02:30:05Z'))).toBe('Wed 2026-12-02 02:30:05 UTC'));
});

describe("crictl's CREATED", () => {
  it.each([[500, 'Less than a second ago'], [1_000, '1 second ago'], [40_000, '40 seconds ago'], [60_000, 'About a minute ago'], [5 * 60_000, '5 minutes ago'], [3_600_000, 'About an hour ago'], [5 * 3_600_000, '5 hours ago'], [3 * 86_400_000, '3 days ago']])(
    '%i ms is "%s"', (ms, want) => expect(goUnitsAgo(ms)).toBe(want));
});

describe('manifestProblem', () => {
  const apiserver = () => structuredClone(controlPlaneManifests(DEFAULT_POD_NETWORK).find((m) => m.metadata.name === 'kube-apiserver')!);
  const file = '/etc/kubernetes/manifests/kube-apiserver.yaml';
  it("kubeadm's own manifest runs", () => expect(manifestProblem('kube-apiserver', toYaml(apiserver()), file)).toBeUndefined());
  it('an unknown flag, an unpullable image, an undecodable file or a missing one take the component down', () => {
    const typo = apiserver();
    typo.spec.containers[0].command.push('--etcd-server=https://127.0.0.1:2379');
    expect(manifestProblem('kube-apiserver', toYaml(typo), file)).toBe('Error: unknown flag: --etcd-server');
    const image = apiserver();
    image.spec.containers[0].image = 'registry.k8s.io/kube-apiserver:v1.32.99';
    expect(manifestProblem('kube-apiserver', toYaml(image), file)).toContain('not found');
    expect(manifestProblem('kube-apiserver', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: [', file)).toMatch(/^the kubelet cannot decode/);
    expect(manifestProblem('kube-apiserver', undefined, file)).toBe(`no manifest ${file}`);
  });
  it('accepts a whole family of flags by prefix', () => {
    const audit = apiserver();
    audit.spec.containers[0].command.push('--audit-log-path=/var/log/audit.log', '--audit-policy-file=/etc/kubernetes/audit.yaml');
    expect(manifestProblem('kube-apiserver', toYaml(audit), file)).toBeUndefined();
  });
});
