/**
 * generator-fs: the only I/O a generator does — reading the files and directories named by
 * --from-file, --from-env-file, --cert and --key — behind an injected interface so tests stub it.
 */

/** FsEntry is one directory entry; only regular files are read from a --from-file directory. */
export interface FsEntry { name: string; isFile: boolean }

/**
 * GeneratorFs is the file access a generator needs. Each method throws a Node-style error
 * (with `code`, e.g. 'ENOENT') on failure, the way `fs` does; generators translate it to Go's text.
 */
export interface GeneratorFs {
  /** isDirectory stats `path` (following links); throws when it does not exist. */
  isDirectory(path: string): boolean;
  /** readFile returns the raw bytes (or text) of `path`. */
  readFile(path: string): Buffer | string;
  /** listDir lists `path`'s entries sorted by name, as Go's os.ReadDir does. */
  listDir(path: string): FsEntry[];
  /** getenv looks up an environment variable for env-file lines without `=`; absent means unset. */
  getenv?(name: string): string | undefined;
}

/** NodeFsLike is the subset of Node's `fs` module that nodeGeneratorFs uses. */
export interface NodeFsLike {
  statSync(path: string): { isDirectory(): boolean };
  readFileSync(path: string): Buffer;
  readdirSync(path: string, o: { withFileTypes: true }): { name: string; isFile(): boolean }[];
}

/** nodeGeneratorFs adapts Node's `fs` (passed in by the CLI's composition root) and an env map. */
export function nodeGeneratorFs(fs: NodeFsLike, env: Record<string, string | undefined> = {}): GeneratorFs {
  return {
    isDirectory: (p) => fs.statSync(p).isDirectory(),
    readFile: (p) => fs.readFileSync(p),
    listDir: (p) => fs.readdirSync(p, { withFileTypes: true })
      .map((d) => ({ name: d.name, isFile: d.isFile() }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    getenv: (n) => env[n],
  };
}

/** toBuffer normalises readFile's result to bytes. */
export function toBuffer(data: Buffer | string): Buffer {
  return typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
}
