/**
 * lazy-files: a container's files as a Map built on first use. A container whose command is a
 * program (nginx through its entrypoint) never reads its files in the shell model, and T7
 * starts 30 000 of them: building the kubelet's files for each (hosts, the service account's
 * volume, the cgroup's) only when a command reads them keeps that work off those starts.
 */
export class LazyFiles extends Map<string, string> {
  private fill: (() => Record<string, string>) | undefined;

  constructor(fill: () => Record<string, string>) {
    super();
    this.fill = fill;
  }

  /** ready builds the map once, before the first read or write. */
  private ready(): void {
    const fill = this.fill;
    if (!fill) return;
    this.fill = undefined;
    for (const [k, v] of Object.entries(fill())) super.set(k, v);
  }

  override get(key: string): string | undefined { this.ready(); return super.get(key); }
  override has(key: string): boolean { this.ready(); return super.has(key); }
  override set(key: string, value: string): this { this.ready(); return super.set(key, value); }
  override delete(key: string): boolean { this.ready(); return super.delete(key); }
  override clear(): void { this.fill = undefined; super.clear(); }
  override get size(): number { this.ready(); return super.size; }
  override keys(): MapIterator<string> { this.ready(); return super.keys(); }
  override values(): MapIterator<string> { this.ready(); return super.values(); }
  override entries(): MapIterator<[string, string]> { this.ready(); return super.entries(); }
  override forEach(cb: (value: string, key: string, map: Map<string, string>) => void, thisArg?: unknown): void { this.ready(); super.forEach(cb, thisArg); }
  override [Symbol.iterator](): MapIterator<[string, string]> { this.ready(); return super[Symbol.iterator](); }
}
