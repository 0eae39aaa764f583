/**
 * authorization: who may do what. The API server's RBAC authorizer (roles, bindings,
 * aggregated ClusterRoles), the 403 texts it produces, the identities requests carry
 * (kubernetes-admin by default, `--as` / `--as-group` impersonation), and the wrapper that
 * authorizes every CLI call. Components bypass it (see authorizing-api.ts).
 */
export * from './user-info';
export * from './attributes';
export * from './policy-rule';
export * from './rbac-authorizer';
export * from './authorizing-api';
export * from './impersonation';
export * from './rule-compaction';
export * from './escalation';
