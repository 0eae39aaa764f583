/**
 * schema: a CustomResourceDefinition version's openAPIV3Schema (apiextensions.k8s.io/v1
 * JSONSchemaProps) as the custom-resource handler reads it, and the lookup of the schema
 * for the version an object is written in.
 */
import type { ResourceInfo } from '../../api/registry';

/** JSONSchemaProps is the part of a CRD's structural schema the handler acts on. */
export interface JSONSchemaProps {
  type?: string;
  format?: string;
  nullable?: boolean;
  default?: unknown;
  enum?: unknown[];
  properties?: Record<string, JSONSchemaProps>;
  additionalProperties?: boolean | JSONSchemaProps;
  items?: JSONSchemaProps;
  required?: string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  maxProperties?: number;
  allOf?: JSONSchemaProps[];
  anyOf?: JSONSchemaProps[];
  oneOf?: JSONSchemaProps[];
  not?: JSONSchemaProps;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
  'x-kubernetes-list-type'?: 'atomic' | 'set' | 'map';
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-validations'?: ValidationRule[];
}

/** ValidationRule is one x-kubernetes-validations entry. */
export interface ValidationRule {
  rule: string;
  message?: string;
  messageExpression?: string;
  reason?: 'FieldValueInvalid' | 'FieldValueForbidden' | 'FieldValueRequired' | 'FieldValueDuplicate';
  fieldPath?: string;
  optionalOldSelf?: boolean;
}

/** schemaOf is the schema for the version in apiVersion (or the resource's storage version), if the CRD declares one. */
export function schemaOf(info: ResourceInfo, apiVersion: unknown): JSONSchemaProps | undefined {
  const schemas = info.schemas;
  if (!schemas) return undefined;
  const version = typeof apiVersion === 'string' && apiVersion.includes('/') ? apiVersion.slice(apiVersion.indexOf('/') + 1) : info.version;
  return (schemas[version] ?? schemas[info.version]) as JSONSchemaProps | undefined;
}

/** isMap is a JSON object (not null, not a list). */
export function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** childPath joins a field path the way apimachinery's field.Path prints it. */
export const childPath = (path: string, key: string): string => (path ? `${path}.${key}` : key);

/** indexPath is path[i]. */
export const indexPath = (path: string, i: number): string => `${path}[${i}]`;
