/**
 * root-ca: a certificate-shaped placeholder for where a cluster's CA is not at hand: the
 * kubeconfig entry of a cluster made before its CA was kept beside the state, and a pod's
 * ca.crt in a namespace without its kube-root-ca.crt. Everywhere else the cluster's real CA
 * (apiserver/authentication/cluster-pki) is published.
 */

/** ROOT_CA_PEM is the emulated cluster CA: a certificate-shaped placeholder, not a usable key. */
export const ROOT_CA_PEM = `-----BEGIN CERTIFICATE-----
MIIDBTCCAe2gAwIBAgIIKUBFMU1EMUwwDQYJKoZIhvcNAQELBQAwFTETMBEGA1UE
AxMKa3ViZXJuZXRlczAeFw0yNjAxMDEwMDAwMDBaFw0zNjAxMDEwMDAwMDBaMBUx
EzARBgNVBAMTCmt1YmVybmV0ZXMwggEiMA0GCSqGSIb3DQEBAQUAA4IBDwAwggEK
a3ViZW11IGVtdWxhdGVkIGNsdXN0ZXIgQ0EgLSBub3QgYSByZWFsIGtleQ==
-----END CERTIFICATE-----
`;
