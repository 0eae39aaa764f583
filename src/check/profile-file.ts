/**
 * profile-file: reading `--profile FILE` — a YAML description of the real cluster a bundle
 * will meet (docs/check.md "Profile files"). Validated strictly, as the API server validates
 * objects: an unknown field, a wrong type or a bad quantity is an error naming the file, the
 * line and the field, so a typo never silently checks against the wrong cluster.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { load, loadAll } from 'js-yaml';
import { tryParseQuantity } from '../api/quantity';
import { DEFAULT_SPEC } from '../cluster/bootstrap';
import type { ExistingData, ExistingKind, NodePool, ProfileContents, ProfileStorageClass, ProfileTaint } from './profile-model';
import type { Profile } from './profiles';
import { yamlLines } from './yaml-positions';
import { FieldReader } from '../yaml/field-reader';

/** PROFILE_KIND is the kind a profile file declares. */
export const PROFILE_API_VERSION = 'check.kubemu.dev/v1alpha1';
export const PROFILE_KIND = 'CheckProfile';

type Obj = Record<string, unknown>;

/** ProfileError is a profile that cannot be used; the message is the one line to print. */
export class ProfileError extends Error {}
const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

/** Reader checks values of one profile file, failing with `file:line: field: problem`. */
class Reader extends FieldReader {
  protected error(line: string): Error { return new ProfileError(line); }
  string(v: unknown, at: string, required = true): string | undefined {
    if (v === undefined && !required) return undefined;
    if (typeof v !== 'string' || !v) this.fail(at, required && v === undefined ? 'required' : 'must be a non-empty string');
    return v as string;
  }
  strings(v: unknown, at: string): string[] {
    return this.list(v, at).map((s, i) => this.string(s, `${at}[${i}]`)!);
  }
  stringMap(v: unknown, at: string): Record<string, string> {
    if (v === undefined || v === null) return {};
    if (typeof v !== 'object' || Array.isArray(v)) this.fail(at, 'must be a mapping of strings');
    for (const [k, x] of Object.entries(v as Obj)) if (typeof x !== 'string') this.fail(`${at}.${k}`, 'must be a string (quote numbers and booleans)');
    return v as Record<string, string>;
  }
  quantity(v: unknown, at: string, fallback: string): string {
    if (v === undefined) return fallback;
    const s = typeof v === 'number' ? String(v) : v;
    if (typeof s !== 'string' || !tryParseQuantity(s)) this.fail(at, `invalid quantity ${JSON.stringify(v)}`);
    return s as string;
  }
  count(v: unknown, at: string, fallback: number, min: number): number {
    if (v === undefined) return fallback;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min) this.fail(at, `must be a whole number ≥ ${min}`);
    return v as number;
  }
}

const NODE_FIELDS = ['namePrefix', 'count', 'controlPlane', 'cpu', 'memory', 'pods', 'labels', 'taints', 'zones'];

function readPool(r: Reader, v: unknown, at: string): NodePool {
  const o = r.object(v, at, NODE_FIELDS);
  const controlPlane = o.controlPlane ?? false;
  if (typeof controlPlane !== 'boolean') r.fail(`${at}.controlPlane`, 'must be true or false');
  const taints = o.taints === undefined ? undefined : r.list(o.taints, `${at}.taints`).map((t, i): ProfileTaint => {
    const ta = r.object(t, `${at}.taints[${i}]`, ['key', 'value', 'effect']);
    const effect = r.string(ta.effect, `${at}.taints[${i}].effect`)!;
    if (!TAINT_EFFECTS.includes(effect)) r.fail(`${at}.taints[${i}].effect`, `must be one of ${TAINT_EFFECTS.join(', ')}`);
    const value = r.string(ta.value, `${at}.taints[${i}].value`, false);
    return { key: r.string(ta.key, `${at}.taints[${i}].key`)!, ...(value ? { value } : {}), effect };
  });
  const namePrefix = r.string(o.namePrefix, `${at}.namePrefix`)!;
  if (!/^[a-z0-9][-a-z0-9.]*$/.test(namePrefix)) r.fail(`${at}.namePrefix`, 'must be lowercase letters, digits, "-" or "." (node names are DNS subdomains)');
  return {
    namePrefix,
    count: r.count(o.count, `${at}.count`, 1, 1),
    controlPlane: controlPlane as boolean,
    cpu: r.quantity(o.cpu, `${at}.cpu`, DEFAULT_SPEC.nodeCpu),
    memory: r.quantity(o.memory, `${at}.memory`, DEFAULT_SPEC.nodeMemory),
    maxPods: r.count(o.pods, `${at}.pods`, DEFAULT_SPEC.maxPods, 1),
    labels: r.stringMap(o.labels, `${at}.labels`),
    ...(taints ? { taints } : {}),
    ...(o.zones !== undefined ? { zones: r.strings(o.zones, `${at}.zones`) } : {}),
  };
}

function readStorageClass(r: Reader, v: unknown, at: string): ProfileStorageClass {
  const o = r.object(v, at, ['name', 'provisioner', 'default', 'volumeBindingMode', 'parameters']);
  const mode = r.string(o.volumeBindingMode, `${at}.volumeBindingMode`, false) ?? 'WaitForFirstConsumer';
  if (mode !== 'Immediate' && mode !== 'WaitForFirstConsumer') r.fail(`${at}.volumeBindingMode`, 'must be Immediate or WaitForFirstConsumer');
  if (o.default !== undefined && typeof o.default !== 'boolean') r.fail(`${at}.default`, 'must be true or false');
  return { name: r.string(o.name, `${at}.name`)!, provisioner: r.string(o.provisioner, `${at}.provisioner`, false) ?? 'kubernetes.io/no-provisioner', default: o.default === true, volumeBindingMode: mode, parameters: r.stringMap(o.parameters, `${at}.parameters`) };
}

function readData(r: Reader, v: unknown, at: string, withType: boolean): ExistingData {
  const o = r.object(v, at, withType ? ['namespace', 'name', 'keys', 'type'] : ['namespace', 'name', 'keys']);
  const type = withType ? r.string(o.type, `${at}.type`, false) : undefined;
  return { namespace: r.string(o.namespace, `${at}.namespace`, false) ?? 'default', name: r.string(o.name, `${at}.name`)!, keys: r.strings(o.keys, `${at}.keys`), ...(type ? { type } : {}) };
}

function readCrds(r: Reader, v: unknown, at: string, dir: string): { crds: ExistingKind[]; manifests: Obj[] } {
  const crds: ExistingKind[] = [];
  const manifests: Obj[] = [];
  r.list(v, at).forEach((c, i) => {
    const here = `${at}[${i}]`;
    const o = r.object(c, here, ['apiVersion', 'kind', 'plural', 'scope', 'file']);
    if (o.file !== undefined) {
      if (o.apiVersion !== undefined || o.kind !== undefined) r.fail(here, 'give either file or apiVersion and kind');
      const file = path.resolve(dir, r.string(o.file, `${here}.file`)!);
      let text: string;
      try { text = fs.readFileSync(file, 'utf8'); } catch { r.fail(`${here}.file`, `cannot read "${o.file as string}"`); }
      let docs: unknown[];
      try { docs = loadAll(text); } catch (e) { r.fail(`${here}.file`, `not YAML: ${(e as Error).message.split('\n')[0]}`); }
      for (const doc of docs) {
        if (!doc) continue;
        const d = doc as Obj;
        if (d.kind !== 'CustomResourceDefinition') r.fail(`${here}.file`, `"${o.file as string}" holds a ${String(d.kind)}, not a CustomResourceDefinition`);
        manifests.push(d);
      }
      return;
    }
    const apiVersion = r.string(o.apiVersion, `${here}.apiVersion`)!;
    if (!/^[a-z0-9.-]+\.[a-z0-9.-]+\/[a-z0-9]+$/.test(apiVersion)) r.fail(`${here}.apiVersion`, `"${apiVersion}" is not GROUP/VERSION of a custom resource (the group has a dot)`);
    const scope = r.string(o.scope, `${here}.scope`, false) ?? 'Namespaced';
    if (scope !== 'Namespaced' && scope !== 'Cluster') r.fail(`${here}.scope`, 'must be Namespaced or Cluster');
    const plural = r.string(o.plural, `${here}.plural`, false);
    crds.push({ apiVersion, kind: r.string(o.kind, `${here}.kind`)!, scope: scope as ExistingKind['scope'], ...(plural ? { plural } : {}) });
  });
  return { crds, manifests };
}

const TOP_FIELDS = ['apiVersion', 'kind', 'name', 'nodeReservations', 'nodes', 'storageClasses', 'namespaces', 'secrets', 'configMaps', 'crds', 'images'];

/** parseProfile validates a profile file's text; errors are CliErrors `file:line: field: problem`. */
export function parseProfile(text: string, file: string, dir: string): Profile {
  let value: unknown;
  try { value = load(text); } catch (e) { throw new ProfileError(`${file}: not a YAML profile: ${(e as Error).message.split('\n')[0]}`); }
  const r = new Reader(file, yamlLines(text));
  const o = r.object(value, '', TOP_FIELDS);
  if (o.apiVersion !== PROFILE_API_VERSION) r.fail('apiVersion', `must be ${PROFILE_API_VERSION}`);
  if (o.kind !== PROFILE_KIND) r.fail('kind', `must be ${PROFILE_KIND}`);
  const reservations = r.string(o.nodeReservations, 'nodeReservations', false) ?? 'kubeadm';
  if (reservations !== 'kubeadm' && reservations !== 'aks') r.fail('nodeReservations', 'must be kubeadm or aks');
  const contents: ProfileContents = {};
  if (o.nodes !== undefined) {
    const pools = r.list(o.nodes, 'nodes').map((p, i) => readPool(r, p, `nodes[${i}]`));
    if (!pools.length) r.fail('nodes', 'must name at least one node pool');
    const names = new Set<string>();
    pools.forEach((p, i) => { if (names.has(p.namePrefix)) r.fail(`nodes[${i}].namePrefix`, `"${p.namePrefix}" is used by another pool`); names.add(p.namePrefix); });
    contents.pools = pools;
  }
  if (o.storageClasses !== undefined) {
    contents.storageClasses = r.list(o.storageClasses, 'storageClasses').map((s, i) => readStorageClass(r, s, `storageClasses[${i}]`));
    if (contents.storageClasses.filter((s) => s.default).length > 1) r.fail('storageClasses', 'more than one class is marked default');
  }
  if (o.namespaces !== undefined) contents.namespaces = r.strings(o.namespaces, 'namespaces');
  if (o.secrets !== undefined) contents.secrets = r.list(o.secrets, 'secrets').map((s, i) => readData(r, s, `secrets[${i}]`, true));
  if (o.configMaps !== undefined) contents.configMaps = r.list(o.configMaps, 'configMaps').map((s, i) => readData(r, s, `configMaps[${i}]`, false));
  if (o.crds !== undefined) {
    const { crds, manifests } = readCrds(r, o.crds, 'crds', dir);
    contents.crds = crds;
    contents.crdManifests = manifests;
  }
  if (o.images !== undefined) contents.images = r.strings(o.images, 'images');
  const name = r.string(o.name, 'name', false) ?? path.basename(file).replace(/\.ya?ml$/, '');
  return { name, spec: { ...DEFAULT_SPEC, nodeProfile: reservations as 'kubeadm' | 'aks' }, contents };
}

/** readProfileFile reads and validates a profile file (the path as typed, for messages). */
export function readProfileFile(typed: string, cwd: string): Profile {
  const full = path.resolve(cwd, typed);
  let text: string;
  try { text = fs.readFileSync(full, 'utf8'); } catch { throw new ProfileError(`the profile "${typed}" is neither a built-in profile nor a readable file`); }
  return parseProfile(text, typed, path.dirname(full));
}
