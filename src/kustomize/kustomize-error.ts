/** KustomizeError is a build failure; its message is kustomize's text (kubectl prefixes "error: "). */
export class KustomizeError extends Error {}
