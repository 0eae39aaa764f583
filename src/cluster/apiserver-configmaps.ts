/**
 * apiserver-configmaps: the ConfigMaps kube-apiserver writes in kube-system when it starts —
 * extension-apiserver-authentication (the CAs and request headers it trusts) and
 * kube-apiserver-legacy-service-account-token-tracking (since when it tracks legacy tokens) —
 * as their controllers would write them; the controllers keep them afterwards.
 */
import type { ManifestObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { authenticationData } from '../controllers/clusterauthenticationtrust';
import { CONFIGMAP_NAME as LEGACY_TOKEN_TRACKING } from '../controllers/legacytokentracking';

export function apiServerConfigMaps(api: Pick<ApiClient, 'certificateAuthority' | 'requestHeaderCA'>, nowISO: string): ManifestObject[] {
  return [
    {
      apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'extension-apiserver-authentication', namespace: 'kube-system' },
      data: authenticationData(undefined, api.certificateAuthority().certPem, api.requestHeaderCA().certPem),
    },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: LEGACY_TOKEN_TRACKING, namespace: 'kube-system' }, data: { since: nowISO.slice(0, 10) } },
  ];
}
