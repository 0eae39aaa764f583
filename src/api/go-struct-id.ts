/**
 * go-struct-id: the id kubemu's generated schemas give the Go struct of a kind
 * ("apps", "v1", "Deployment" → "apps/v1.Deployment"). The package directory in k8s.io/api
 * is the group's first DNS label ("rbac.authorization.k8s.io" → "rbac"), "core" for the core group.
 */

/** goStructId returns the schema id of group/version/kind's Go struct. */
export function goStructId(group: string, version: string, kind: string): string {
  return `${group ? group.split('.')[0] : 'core'}/${version}.${kind}`;
}
