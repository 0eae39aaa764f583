/**
 * admission-config: kube-apiserver's --admission-control-config-file for an emulated cluster.
 * An AdmissionConfiguration (apiserver.config.k8s.io/v1) whose PodSecurity plugin entry holds a
 * PodSecurityConfiguration inline (`configuration`) or in a file (`path`, relative to the
 * configuration file). Its checked form is kept in the cluster's folder (admission.json,
 * owner-only); openCluster hands it to the API server — one stat for a cluster without one.
 */
import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { readManifests } from '../yaml';
import { parsePodSecurityConfiguration, type PodSecurityConfiguration } from '../apiserver/admission/pod-security/pod-security-configuration';
import { PRIVATE_FILE, admissionConfigPath } from './home';

/** AdmissionConfig is what admission.json holds. */
export interface AdmissionConfig { podSecurity?: PodSecurityConfiguration }

function firstDocument(text: string, file: string): Record<string, unknown> {
  const doc = readManifests(text, file)[0]?.object;
  if (!doc) throw new Error('the file is empty');
  return doc;
}

/** readAdmissionConfig checks an AdmissionConfiguration file's text; path entries are read relative to it. */
export function readAdmissionConfig(text: string, file: string): AdmissionConfig {
  try {
    const doc = firstDocument(text, file);
    if (doc.kind !== 'AdmissionConfiguration' || !/^apiserver\.(config\.)?k8s\.io\/v1(alpha1)?$/.test(String(doc.apiVersion))) {
      throw new Error(`no kind "${String(doc.kind)}" is registered for version "${String(doc.apiVersion)}": want apiserver.config.k8s.io/v1, Kind=AdmissionConfiguration`);
    }
    const plugins = (doc.plugins ?? []) as { name?: string; path?: string; configuration?: Record<string, unknown> }[];
    const entry = plugins.find((p) => p?.name === 'PodSecurity');
    if (!entry) return {};
    const configuration = entry.configuration
      ?? (entry.path ? firstDocument(fs.readFileSync(nodePath.resolve(nodePath.dirname(file), entry.path), 'utf8'), entry.path) : undefined);
    return configuration ? { podSecurity: parsePodSecurityConfiguration(configuration) } : {};
  } catch (e) {
    throw new Error(`invalid admission configuration "${file}": ${(e as Error).message}`);
  }
}

/** installAdmissionConfig keeps a checked configuration for the cluster at stateFile. */
export function installAdmissionConfig(stateFile: string, cfg: AdmissionConfig): void {
  const dest = admissionConfigPath(stateFile);
  const tmp = `${dest}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(cfg, null, 2)}\n`, { mode: PRIVATE_FILE });
  fs.renameSync(tmp, dest);
}

/** loadAdmissionConfig reads a cluster's admission.json, or undefined when it has none. */
export function loadAdmissionConfig(stateFile: string): AdmissionConfig | undefined {
  const file = admissionConfigPath(stateFile);
  if (!fs.existsSync(file)) return undefined;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as AdmissionConfig;
}
