/**
 * role: `kubectl describe role` and `kubectl describe clusterrole` (kubectl RoleDescriber,
 * ClusterRoleDescriber): the header and the PolicyRule table, with no Namespace line and
 * no Events section.
 */
import type { ClusterRole, Role } from '../../api/types/kinds';
import type { DescribeContext } from './context';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline';
import { describePolicyRules } from './policy-rules';
import { LEVEL_0, PrefixWriter } from './prefix-writer';

/** describeRole renders a Role or a ClusterRole (upstream prints both alike). */
export function describeRole(role: Role | ClusterRole, _ctx: DescribeContext): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${role.metadata.name ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', role.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', role.metadata.annotations);
  describePolicyRules(role.rules, w);
  return w.toString();
}
