/**
 * image-tags: which tags a repository publishes, as a scheme rather than a list. Registries
 * keep publishing new versions, so a scheme admits every version up to a horizon a little
 * past the newest release (so a current tag pulls), the repository's variant words
 * (`-alpine`, `-slim`, Debian and Ubuntu codenames …) and its aliases — and nothing else,
 * so a typo'd or absurd tag (`nginx:99.0`, `nginx:notatag`) is still not found.
 */

/** TagScheme describes the tags one repository publishes. */
export interface TagScheme {
  /** major: the lowest and highest major version (the highest is a release or so past today's). */
  major: readonly [number, number];
  /** minor, patch: the highest minor and patch numbers any version line reaches. */
  minor: number;
  patch: number;
  /** parts: the most numeric components a version has (default 3). */
  parts?: number;
  /** years: calendar versions (2023, 2025.10) are published too, up to this year. */
  years?: number;
  /** v: versions are written "v1.2.3" ('required') or either way ('optional'); absent: never with a v. */
  v?: 'required' | 'optional';
  /** words: what may follow a version after '-', and may also be a tag alone (regular expressions). */
  words: readonly string[];
  /** anySuffix: after a version, any words are published (images with many build flavours). */
  anySuffix?: boolean;
  /** aliases: tags that stand alone or take words after them ("latest", "stable", "lts" …). */
  aliases?: readonly string[];
}

/** Debian's codenames (a tag alone, or after a version: "1.27-bookworm"). */
export const DEBIAN = ['jessie', 'stretch', 'buster', 'bullseye', 'bookworm', 'trixie', 'forky', 'sid'];
/** Ubuntu's codenames. */
export const UBUNTU = ['xenial', 'bionic', 'focal', 'jammy', 'noble', 'oracular', 'plucky', 'questing', 'resolute'];
/** ALPINE: "alpine" alone or with its release ("alpine3.21"). */
export const ALPINE = ['alpine(?:\\d+\\.\\d+)?'];
/** WINDOWS: the Windows base-image words ("windowsservercore-ltsc2022", "nanoserver-1809"). */
export const WINDOWS = ['windowsservercore', 'nanoserver', 'ltsc20\\d\\d', '1809'];

const VERSION = /^(v?)(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.(\d+))?$/;
const compiled = new WeakMap<TagScheme, RegExp>();

function wordsOf(scheme: TagScheme): RegExp {
  let re = compiled.get(scheme);
  if (!re) {
    re = new RegExp(`^(?:${scheme.words.join('|')})$`);
    compiled.set(scheme, re);
  }
  return re;
}

/** isVersion says whether a tag's leading part is a version the scheme publishes. */
function isVersion(scheme: TagScheme, head: string): boolean {
  const m = VERSION.exec(head);
  if (!m) return false;
  if ((m[1] === 'v') !== (scheme.v === 'required') && scheme.v !== 'optional') return false;
  const nums = m.slice(2).filter((x) => x !== undefined).map(Number);
  const [major, minor = 0, patch = 0] = nums;
  if (scheme.years && major! >= 2000) return major! <= scheme.years && nums.length <= 3 && minor <= 99 && patch <= 99;
  if (nums.length > (scheme.parts ?? 3)) return false;
  return major! >= scheme.major[0] && major! <= scheme.major[1] && minor <= scheme.minor && patch <= scheme.patch;
}

/** tagPublished says whether the scheme publishes tag. */
export function tagPublished(scheme: TagScheme, tag: string): boolean {
  const alias = (w: string): boolean => w === 'latest' || !!scheme.aliases?.includes(w);
  if (alias(tag)) return true;
  const [head, ...rest] = tag.split('-');
  const words = wordsOf(scheme);
  const version = isVersion(scheme, head!);
  if (!version && !alias(head!) && !words.test(head!)) return false;
  if (version && scheme.anySuffix) return rest.every((w) => /^[a-z0-9][a-z0-9.]*$/.test(w));
  return rest.every((w) => words.test(w));
}
