/**
 * object-index: every stored object, indexed once for the invariant checks (by kind, by
 * uid, namespaces and nodes by name, pods by controller), so each check is one linear pass.
 */
import type { KubeObject } from '../api/meta';

/** InvariantInput is what the checker is given: all stored objects and the store's revision. */
export interface InvariantInput {
  objects: readonly KubeObject[];
  /** revision is the store's current revision; resourceVersions must not exceed it. */
  revision?: number;
}

/** refOf names an object for a violation line: "Pod default/web-1" or "Node worker01". */
export function refOf(obj: KubeObject): string {
  const ns = obj.metadata?.namespace;
  return `${obj.kind} ${ns ? `${ns}/` : ''}${obj.metadata?.name ?? '<unnamed>'}`;
}

/** controllerUid is the uid of an object's controller ownerReference, if any. */
export function controllerUid(obj: KubeObject): string | undefined {
  return obj.metadata?.ownerReferences?.find((r) => r.controller)?.uid;
}

/** ObjectIndex holds the objects and the look-ups the checks share. */
export class ObjectIndex {
  readonly objects: readonly KubeObject[];
  readonly revision: number | undefined;
  private readonly byKindMap = new Map<string, KubeObject[]>();
  private readonly byUidMap = new Map<string, KubeObject>();
  private readonly byControllerMap = new Map<string, KubeObject[]>();
  private readonly namespaceNames = new Set<string>();
  private readonly nodeByName = new Map<string, KubeObject>();

  constructor(input: InvariantInput) {
    this.objects = input.objects;
    this.revision = input.revision;
    for (const o of input.objects) {
      let list = this.byKindMap.get(o.kind);
      if (!list) this.byKindMap.set(o.kind, (list = []));
      list.push(o);
      const uid = o.metadata?.uid;
      if (uid) this.byUidMap.set(uid, o);
      const owner = controllerUid(o);
      if (owner) {
        let kids = this.byControllerMap.get(owner);
        if (!kids) this.byControllerMap.set(owner, (kids = []));
        kids.push(o);
      }
      const name = o.metadata?.name;
      if (name && o.kind === 'Namespace') this.namespaceNames.add(name);
      if (name && o.kind === 'Node') this.nodeByName.set(name, o);
    }
  }

  /** ofKind lists the objects of one kind (empty if none). */
  ofKind(kind: string): readonly KubeObject[] {
    return this.byKindMap.get(kind) ?? [];
  }

  /** byUid finds an object by metadata.uid. */
  byUid(uid: string): KubeObject | undefined {
    return this.byUidMap.get(uid);
  }

  /** controlledBy lists objects of a kind whose controller ownerReference is uid. */
  controlledBy(uid: string, kind: string): KubeObject[] {
    return (this.byControllerMap.get(uid) ?? []).filter((o) => o.kind === kind);
  }

  /** hasNamespace reports whether a Namespace object of that name exists. */
  hasNamespace(name: string): boolean {
    return this.namespaceNames.has(name);
  }

  /** node finds a Node by name. */
  node(name: string): KubeObject | undefined {
    return this.nodeByName.get(name);
  }
}
