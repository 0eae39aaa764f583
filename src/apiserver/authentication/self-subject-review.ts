/**
 * self-subject-review: the SelfSubjectReview kube-apiserver answers `kubectl auth whoami`
 * with — the requesting user's name, uid, groups and extra, in UserInfo's field order.
 */
import type { UserInfo } from '../authorization/user-info';

/** selfSubjectReview is the review of user, in authentication.k8s.io/<version>. */
export function selfSubjectReview(user: UserInfo, version = 'v1'): Record<string, unknown> {
  return {
    kind: 'SelfSubjectReview', apiVersion: `authentication.k8s.io/${version}`, metadata: { creationTimestamp: null },
    status: { userInfo: { username: user.name, ...(user.uid ? { uid: user.uid } : {}), groups: [...user.groups], ...(user.extra ? { extra: user.extra } : {}) } },
  };
}
