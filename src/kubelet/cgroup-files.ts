/**
 * cgroup-files: what a container reads of its own cgroup (v2, mounted at /sys/fs/cgroup in its
 * cgroup namespace) — the limits the kubelet and runc set from its resources:
 *  - cpu.max: the CPU limit as a CFS quota per 100 ms period (500m: "50000 100000"), else "max";
 *  - cpu.weight: the CPU request as shares (milliCPU × 1024 / 1000, at least 2) in runc's
 *    conversion to a weight, 1 + (shares − 2) × 9999 / 262142 (1 CPU: 39);
 *  - memory.max: the memory limit in bytes, else "max"; memory.swap.max 0 beside a limit (the
 *    runtime sets swap equal to the limit), memory.min and memory.low 0, memory.high max;
 *  - pids.max: max (the kubelet's podPidsLimit is unset by default).
 * memory.current is the container's use when read (exec's view; see cli/commands/exec.ts).
 */
import type { KubeObject } from '../api/meta';
import { milliValue, tryParseQuantity, value } from '../api/quantity';

export const CGROUP_ROOT = '/sys/fs/cgroup';
/** CFS_PERIOD_US is the kubelet's CPU CFS quota period. */
const CFS_PERIOD_US = 100_000;
/** MIN_QUOTA_US is the kubelet's smallest quota (1 ms a period). */
const MIN_QUOTA_US = 1000;
const MIN_SHARES = 2;
const MAX_SHARES = 262_144;

/** cgroupFiles are a container's cgroup interface files, from its resources. */
export function cgroupFiles(c: KubeObject['spec']): Record<string, string> {
  const limits = c?.resources?.limits ?? {};
  const requests = c?.resources?.requests ?? {};
  const cpuLimit = tryParseQuantity(limits.cpu);
  const cpuRequest = tryParseQuantity(requests.cpu ?? limits.cpu);
  const memoryLimit = tryParseQuantity(limits.memory);
  const quota = cpuLimit ? Math.max(MIN_QUOTA_US, Math.floor(Number(milliValue(cpuLimit)) * CFS_PERIOD_US / 1000)) : undefined;
  const shares = cpuRequest ? Math.min(MAX_SHARES, Math.max(MIN_SHARES, Math.floor(Number(milliValue(cpuRequest)) * 1024 / 1000))) : MIN_SHARES;
  const weight = 1 + Math.floor(((shares - MIN_SHARES) * 9999) / 262142);
  const memory = memoryLimit ? value(memoryLimit).toString() : undefined;
  return {
    [`${CGROUP_ROOT}/cpu.max`]: `${quota ?? 'max'} ${CFS_PERIOD_US}\n`,
    [`${CGROUP_ROOT}/cpu.weight`]: `${weight}\n`,
    [`${CGROUP_ROOT}/memory.max`]: `${memory ?? 'max'}\n`,
    [`${CGROUP_ROOT}/memory.high`]: 'max\n',
    [`${CGROUP_ROOT}/memory.low`]: '0\n',
    [`${CGROUP_ROOT}/memory.min`]: '0\n',
    [`${CGROUP_ROOT}/memory.swap.max`]: memory ? '0\n' : 'max\n',
    [`${CGROUP_ROOT}/pids.max`]: 'max\n',
  };
}
