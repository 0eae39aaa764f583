/**
 * root-ca: the emulated cluster CA certificate. The root-CA publisher puts it in every
 * namespace's kube-root-ca.crt, the kubelet mounts it as a service account's ca.crt and
 * `config view --raw` embeds it, so it lives below all three.
 */

/** ROOT_CA_PEM is the emulated cluster CA: a certificate-shaped placeholder, not a usable key. */
export const ROOT_CA_PEM = `-----BEGIN CERTIFICATE-----
MIIDBTCCAe2gAwIBAgIIKUBFMU1EMUwwDQYJKoZIhvcNAQELBQAwFTETMBEGA1UE
AxMKa3ViZXJuZXRlczAeFw0yNjAxMDEwMDAwMDBaFw0zNjAxMDEwMDAwMDBaMBUx
EzARBgNVBAMTCmt1YmVybmV0ZXMwggEiMA0GCSqGSIb3DQEBAQUAA4IBDwAwggEK
a3ViZW11IGVtdWxhdGVkIGNsdXN0ZXIgQ0EgLSBub3QgYSByZWFsIGtleQ==
-----END CERTIFICATE-----
`;
