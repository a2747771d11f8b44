import type { PackedEntry } from './packed-archive';

/**
 * What must never be in the packed app, as rules on the archive's paths.
 * Each returns the offending paths with the reason, so the check's output
 * says exactly what to exclude in electron-builder.yml.
 */
export interface Problem {
  path: string;
  reason: string;
}

/** The project's own folders that are sources, tests or tooling: only out/ (the build) ships. */
const PROJECT_FOLDERS = ['src/', 'test/', 'scripts/', 'docs/', 'build/', 'spec/', '.github/', '.ci/'];

export function forbiddenContent(entries: readonly PackedEntry[]): Problem[] {
  const problems: Problem[] = [];
  for (const { path } of entries) {
    const folder = PROJECT_FOLDERS.find((prefix) => path.startsWith(prefix));
    if (folder) problems.push({ path, reason: `the project's ${folder} (only out/ is the app)` });
    else if (/\.(map)$/.test(path)) problems.push({ path, reason: 'a source map' });
    else if (/(^|\/)(fixtures?|__fixtures__)\//.test(path)) problems.push({ path, reason: 'a test fixture' });
    else if (/(^|\/)(test|tests|__tests__)\//.test(path) && !path.startsWith('node_modules/'))
      problems.push({ path, reason: 'a test' });
  }
  return problems;
}

/** `node_modules/a/node_modules/@s/b/lib/x.js` -> `node_modules/a/node_modules/@s/b` (package-lock's key). */
export function packageKey(path: string): string | null {
  const match = /^((?:node_modules\/(?:@[^/]+\/)?[^/]+\/)*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(path);
  return match ? match[1]! : null;
}

interface LockPackage {
  name?: string;
  version?: string;
  dev?: boolean;
}

export interface PackedPackage {
  /** Where it sits in the pack: `node_modules/got/node_modules/lowercase-keys`. */
  key: string;
  name: string;
  version: string;
}

/** Every package folder of the pack (by its package.json's place), shallowest first. */
export function packedPackageKeys(entries: readonly PackedEntry[]): string[] {
  const keys = new Set<string>();
  for (const { path } of entries) {
    const key = packageKey(path);
    if (key && path === `${key}/package.json`) keys.add(key);
  }
  return [...keys].sort();
}

/**
 * Packages that only development needs, by package-lock.json's own marks
 * (`dev: true`: no production dependency reaches it), and packages the lock
 * does not know at all. Matched by name and version, not by folder:
 * electron-builder lays node_modules out again, so a package may sit
 * elsewhere in the pack than in the project.
 */
export function devPackages(
  packages: readonly PackedPackage[],
  lock: { packages: Record<string, LockPackage> },
): Problem[] {
  const known = new Map<string, boolean>();
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (!key) continue;
    const id = `${entry.name ?? key.slice(key.lastIndexOf('node_modules/') + 13)}@${entry.version}`;
    // Production wins: a name@version reached by any production dependency ships.
    known.set(id, (known.get(id) ?? true) && entry.dev === true);
  }
  const problems: Problem[] = [];
  for (const { key, name, version } of packages) {
    const dev = known.get(`${name}@${version}`);
    if (dev === undefined)
      problems.push({ path: key, reason: `${name}@${version} is not in package-lock.json` });
    else if (dev) problems.push({ path: key, reason: `${name}@${version} is a development-only dependency` });
  }
  return problems;
}

export interface BinaryTarget {
  platform: 'linux' | 'win32' | 'darwin';
  arch: string;
}

const ELF_MACHINES: Record<number, string> = { 0x03: 'ia32', 0x28: 'arm', 0x3e: 'x64', 0xb7: 'arm64' };
const PE_MACHINES: Record<number, string> = { 0x014c: 'ia32', 0x8664: 'x64', 0xaa64: 'arm64' };
const MACHO_CPUS: Record<number, string> = { 0x01000007: 'x64', 0x0100000c: 'arm64' };

/** The platform and arch a native binary was built for, from its header (ELF, PE or Mach-O). */
export function binaryTarget(bytes: Buffer): BinaryTarget | null {
  if (bytes.length >= 20 && bytes.readUInt32BE(0) === 0x7f454c46) {
    return { platform: 'linux', arch: ELF_MACHINES[bytes.readUInt16LE(18)] ?? 'unknown' };
  }
  if (bytes.length >= 64 && bytes.toString('latin1', 0, 2) === 'MZ') {
    const pe = bytes.readUInt32LE(60);
    if (bytes.length >= pe + 6 && bytes.toString('latin1', pe, pe + 4) === 'PE\0\0') {
      return { platform: 'win32', arch: PE_MACHINES[bytes.readUInt16LE(pe + 4)] ?? 'unknown' };
    }
  }
  if (bytes.length >= 8 && bytes.readUInt32LE(0) === 0xfeedfacf) {
    return { platform: 'darwin', arch: MACHO_CPUS[bytes.readUInt32LE(4)] ?? 'unknown' };
  }
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0xcafebabe)
    return { platform: 'darwin', arch: 'universal' };
  return null;
}

/**
 * Native modules: each `.node` file is unpacked (a native library cannot be
 * loaded from inside an archive) and built for the platform and arch being
 * packed, and a prebuilds/ folder holds only that one.
 */
export function nativeProblems(
  entries: readonly PackedEntry[],
  readHeader: (path: string) => Buffer,
  target: BinaryTarget,
): Problem[] {
  const problems: Problem[] = [];
  for (const { path, unpacked } of entries) {
    if (!path.endsWith('.node')) continue;
    if (!unpacked) {
      problems.push({ path, reason: 'a native module inside the archive (it must be unpacked)' });
      continue;
    }
    const built = binaryTarget(readHeader(path));
    if (!built) problems.push({ path, reason: 'a .node file that is no native library' });
    else if (built.platform !== target.platform || built.arch !== target.arch)
      problems.push({
        path,
        reason: `built for ${built.platform}-${built.arch}, not ${target.platform}-${target.arch}`,
      });
    else if (/\/prebuilds\//.test(path) && !path.endsWith(`/${target.platform}-${target.arch}.node`))
      problems.push({
        path,
        reason: `another libc's prebuild (only ${target.platform}-${target.arch}.node is loaded)`,
      });
  }
  return problems;
}
