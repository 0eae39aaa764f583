/**
 * admin-credentials: the client certificate and key of each kubemu cluster's admin user
 * (kubeadm's admin.conf: CN=kubernetes-admin, O=kubeadm:cluster-admins). They are
 * PEM-shaped placeholders, not usable keys: the API server knows the admin by them without
 * verifying a signature, which keeps every command's start-up free of public-key work.
 */
export const ADMIN_CLIENT_CERT_PEM = `-----BEGIN CERTIFICATE-----
a3ViZW11IGVtdWxhdGVkIGt1YmVybmV0ZXMtYWRtaW4gY2xpZW50IGNlcnRpZmljYXRlIC0gbm90IHJlYWw=
-----END CERTIFICATE-----
`;
export const ADMIN_CLIENT_KEY_PEM = `-----BEGIN RSA PRIVATE KEY-----
a3ViZW11IGVtdWxhdGVkIGt1YmVybmV0ZXMtYWRtaW4gY2xpZW50IGtleSAtIG5vdCBhIHJlYWwga2V5
-----END RSA PRIVATE KEY-----
`;
