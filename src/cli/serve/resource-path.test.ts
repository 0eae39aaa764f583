import { describe, expect, it } from 'vitest';
import { parseResourcePath } from './resource-path';

describe('parseResourcePath', () => {
  it('reads core and group paths, namespaced or not, with names and subresources', () => {
    expect(parseResourcePath('/api/v1/pods')).toEqual({ group: '', version: 'v1', namespace: undefined, resource: 'pods', name: undefined, subresource: undefined });
    expect(parseResourcePath('/api/v1/namespaces/default/pods/web/status')).toEqual({ group: '', version: 'v1', namespace: 'default', resource: 'pods', name: 'web', subresource: 'status' });
    expect(parseResourcePath('/apis/apps/v1/namespaces/shop/deployments/web/scale')).toEqual({ group: 'apps', version: 'v1', namespace: 'shop', resource: 'deployments', name: 'web', subresource: 'scale' });
    expect(parseResourcePath('/apis/rbac.authorization.k8s.io/v1/clusterroles/admin')).toMatchObject({ group: 'rbac.authorization.k8s.io', resource: 'clusterroles', name: 'admin' });
  });

  it('reads the Namespace resource itself, its status and finalize', () => {
    expect(parseResourcePath('/api/v1/namespaces')).toMatchObject({ namespace: undefined, resource: 'namespaces', name: undefined });
    expect(parseResourcePath('/api/v1/namespaces/shop')).toMatchObject({ namespace: undefined, resource: 'namespaces', name: 'shop' });
    expect(parseResourcePath('/api/v1/namespaces/shop/finalize')).toMatchObject({ namespace: undefined, resource: 'namespaces', name: 'shop', subresource: 'finalize' });
    expect(parseResourcePath('/api/v1/namespaces/shop/configmaps')).toMatchObject({ namespace: 'shop', resource: 'configmaps' });
  });

  it('is not a resource request for discovery paths or too many segments', () => {
    expect(parseResourcePath('/api/v1')).toBeUndefined();
    expect(parseResourcePath('/apis/apps/v1')).toBeUndefined();
    expect(parseResourcePath('/version')).toBeUndefined();
    expect(parseResourcePath('/api/v1/namespaces/a/pods/b/log/extra')).toBeUndefined();
  });
});
