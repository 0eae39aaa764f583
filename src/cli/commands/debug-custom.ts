/**
 * debug-custom: `kubectl debug --custom FILE` — a partial container spec (JSON or YAML) merged
 * over the debug container after the profile, as a strategic merge patch (env by name,
 * volumeMounts by mountPath …). Its name, command, image, lifecycle and volumeDevices are
 * kubectl's to set, not the file's.
 * Mirrors kubernetes/kubectl pkg/cmd/debug/debug.go (Complete, Validate, applyCustomProfile).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { KubeObject } from '../../api/meta';
import { CliError } from '../errors';
import { applyStrategicMergePatch } from '../patch';

/** NOT_MODIFIABLE is Validate's refusal of a custom profile that sets what kubectl owns. */
export const NOT_MODIFIABLE = 'name, command, image, lifecycle and volume devices are not modifiable via custom profile';

/** readCustomProfile reads --custom: JSON first, then YAML (one document), as kubectl tries both. */
export function readCustomProfile(file: string, cwd: string): Record<string, unknown> {
  let text: string;
  try {
    text = fs.readFileSync(path.resolve(cwd, file), 'utf8');
  } catch {
    throw new CliError(`must pass a container spec json file for custom profile: open ${file}: no such file or directory`);
  }
  let spec: unknown;
  try {
    spec = JSON.parse(text);
  } catch {
    try {
      const { readManifests } = require('../../yaml') as typeof import('../../yaml');
      spec = readManifests(text, file, { checkKind: false })[0]?.object ?? {};
    } catch (e) {
      throw new CliError(`${file} does not contain a valid container spec: ${(e as Error).message}`);
    }
  }
  if (!spec || typeof spec !== 'object' || Array.isArray(spec)) throw new CliError(`${file} does not contain a valid container spec: not an object`);
  return spec as Record<string, unknown>;
}

/** checkCustomProfile is Validate's check of --custom: it may not set what kubectl sets itself. */
export function checkCustomProfile(spec: Record<string, any>): void {
  if (spec.name || spec.command?.length || spec.image || spec.lifecycle || spec.volumeDevices?.length) throw new CliError(NOT_MODIFIABLE);
}

/** applyCustomProfile merges the custom spec over the container named in the pod's list (containers or ephemeralContainers). */
export function applyCustomProfile(pod: KubeObject, list: 'containers' | 'ephemeralContainers', name: string, custom: Record<string, unknown>): void {
  const containers: Record<string, unknown>[] = pod.spec?.[list] ?? [];
  const i = containers.findIndex((c) => c.name === name);
  if (i < 0) {
    throw new CliError(list === 'containers' ? `unable to find the ${name} container in the pod ${pod.metadata.name}` : `unable to find the ${name} ephemeral container in the pod ${pod.metadata.name}`);
  }
  // Patched as part of the Pod, so the container's lists merge by their keys (env by name …).
  const patched = applyStrategicMergePatch({ apiVersion: 'v1', kind: 'Pod', spec: { [list]: [containers[i]] } }, { spec: { [list]: [{ ...custom, name }] } }) as KubeObject;
  containers[i] = patched.spec[list][0];
}
