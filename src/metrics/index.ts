/**
 * metrics: the resource metrics pipeline — the metrics-server add-on (its objects and the
 * metrics.k8s.io API it registers) and the usage figures it serves, derived from the
 * emulated processes, for `kubectl top`.
 */
export * from './metrics-server';
export * from './usage';
