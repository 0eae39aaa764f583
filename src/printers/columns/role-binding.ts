/**
 * role-binding: the RoleBinding and ClusterRoleBinding printers (printers.go printRoleBinding,
 * printClusterRoleBinding; subjects split by rbac SubjectsStrings).
 */
import type { ClusterRoleBinding, RoleBinding } from '../../api/types/kinds';
import { ageCell, nameCell } from './cells';
import { col, wide, type PrintContext, type TableDef } from './table-def';

interface Subject { kind?: string; name?: string; namespace?: string }

/**
 * subjectsStrings splits subjects into users, groups and service accounts ("<ns>/<name>", as
 * rbac SubjectsStrings formats them).
 */
export function subjectsStrings(subjects: Subject[] | undefined): { users: string[]; groups: string[]; serviceAccounts: string[] } {
  const users: string[] = [];
  const groups: string[] = [];
  const serviceAccounts: string[] = [];
  for (const s of subjects ?? []) {
    if (s.kind === 'ServiceAccount') serviceAccounts.push(`${s.namespace ?? ''}/${s.name ?? ''}`);
    else if (s.kind === 'User') users.push(s.name ?? '');
    else if (s.kind === 'Group') groups.push(s.name ?? '');
  }
  return { users, groups, serviceAccounts };
}

function bindingCells(rb: RoleBinding | ClusterRoleBinding, ctx: PrintContext): string[] {
  const { users, groups, serviceAccounts } = subjectsStrings(rb.subjects);
  return [nameCell(rb), `${rb.roleRef?.kind ?? ''}/${rb.roleRef?.name ?? ''}`, ageCell(rb, ctx),
    users.join(', '), groups.join(', '), serviceAccounts.join(', ')];
}

const COLUMNS = [col('Name'), col('Role'), col('Age'), wide('Users'), wide('Groups'), wide('ServiceAccounts')];

/** roleBindingTable is the RoleBinding printer; ROLE is "<roleRef.kind>/<roleRef.name>". */
export const roleBindingTable: TableDef = { columns: COLUMNS, cells: bindingCells };

/** clusterRoleBindingTable is the ClusterRoleBinding printer (same columns as RoleBinding). */
export const clusterRoleBindingTable: TableDef = { columns: COLUMNS, cells: bindingCells };
