/**
 * endpoint-slice-labels: the well-known labels that tie a discovery.k8s.io/v1 EndpointSlice to
 * its Service and to the controller that manages it — shared by the controllers that write
 * slices and the proxy that reads them.
 */

/** SERVICE_NAME_LABEL links a slice to its Service (discovery.LabelServiceName). */
export const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';
/** MANAGED_BY_LABEL names the controller that manages a slice (discovery.LabelManagedBy). */
export const MANAGED_BY_LABEL = 'endpointslice.kubernetes.io/managed-by';
