/** last-applied: the annotation kubectl's client-side apply (and create --save-config) keeps the applied manifest in. */
export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
