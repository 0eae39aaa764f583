/**
 * Package yaml owns manifest input and YAML/JSON output with kubectl's exact behaviour:
 * reading `-f` streams as kubectl v1.32 does (sigs.k8s.io/yaml + go-yaml v2 semantics,
 * its error texts, its alias budget and List expansion), and printing `-o yaml` /
 * `-o json` byte for byte. Everything here is pure and synchronous.
 */
export { readManifests, readManifestStream, ManifestParseError, MAX_DOCUMENT_BYTES, TOO_LARGE_MESSAGE } from './read-manifests';
export type { ManifestDoc, ManifestErrorKind, ReadManifestsOptions, ReadResult } from './read-manifests';
export type { DuplicateKey } from './construct';
export { EXCESSIVE_ALIASING } from './construct';
export { toYaml } from './write-yaml';
export { toJson, toCompactJson } from './write-json';
export type { JsonOptions } from './write-json';
