/**
 * render: the build as `kubectl kustomize` prints it — each object as kubectl's YAML
 * printer writes it (sorted keys, go-yaml's quoting), separated by `---` lines.
 */
import { toYaml } from '../yaml/write-yaml';
import type { Obj } from './resource';

export function renderBuild(objects: Obj[]): string {
  return objects.map((o) => toYaml(o)).join('---\n');
}
