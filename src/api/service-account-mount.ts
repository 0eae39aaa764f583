/**
 * service-account-mount: where the ServiceAccount admission plugin mounts the API access volume
 * in every container — shared by the API server (which adds the mount) and the kubelet (which
 * serves the token, ca.crt and namespace files there).
 */
export const SERVICE_ACCOUNT_MOUNT_PATH = '/var/run/secrets/kubernetes.io/serviceaccount';
