/**
 * resource-info-text: how kubectl names the object of a failed step in apply's errors
 * (resource.Info's String): the mapping's resource and kind as Go prints a GroupVersionResource
 * and a GroupVersionKind (the core group empty before its slash: "/v1"), then the name and namespace.
 */
import type { KubeObject } from '../api/meta';
import type { ResourceInfo } from '../api/registry';

export function resourceInfoText(info: ResourceInfo, object: KubeObject): string {
  const gv = object.apiVersion.includes('/') ? object.apiVersion : `/${object.apiVersion}`;
  return `Resource: "${gv}, Resource=${info.resource}", GroupVersionKind: "${gv}, Kind=${object.kind}"\nName: ${JSON.stringify(object.metadata.name ?? '')}, Namespace: ${JSON.stringify(object.metadata.namespace ?? '')}`;
}
