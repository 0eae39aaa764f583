/**
 * authentication: the identities requests carry before authorization — the cluster's CA and
 * service-account key, the x509 and token authenticators, and TokenRequest.
 */
export * from './cluster-pki';
export * from './authenticate';
export * from './token-request';
