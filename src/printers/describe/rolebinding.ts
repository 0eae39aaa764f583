/**
 * rolebinding: `kubectl describe rolebinding` and `kubectl describe clusterrolebinding`
 * (kubectl RoleBindingDescriber, ClusterRoleBindingDescriber): the role reference and the
 * subjects table, with no Namespace line and no Events section.
 */
import type { ClusterRoleBinding, RoleBinding } from '../../api/types/kinds';
import type { DescribeContext } from './context';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefix-writer';

/** describeRoleBinding renders a RoleBinding or a ClusterRoleBinding (upstream prints both alike). */
export function describeRoleBinding(binding: RoleBinding | ClusterRoleBinding, _ctx: DescribeContext): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${binding.metadata.name ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', binding.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', binding.metadata.annotations);
  w.write(LEVEL_0, 'Role:\n');
  w.write(LEVEL_1, `Kind:\t${binding.roleRef?.kind ?? ''}\n`);
  w.write(LEVEL_1, `Name:\t${binding.roleRef?.name ?? ''}\n`);
  w.write(LEVEL_0, 'Subjects:\n');
  w.write(LEVEL_1, 'Kind\tName\tNamespace\n');
  w.write(LEVEL_1, '----\t----\t---------\n');
  for (const s of binding.subjects ?? []) w.write(LEVEL_1, `${s.kind ?? ''}\t${s.name ?? ''}\t${s.namespace ?? ''}\n`);
  return w.toString();
}
