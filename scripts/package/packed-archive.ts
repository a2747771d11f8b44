import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { getRawHeader } from '@electron/asar';

export interface PackedEntry {
  /** Relative to the app's root, with forward slashes: `out/main/index.js`, `node_modules/zod/...`. */
  path: string;
  size: number;
  /** Stored in app.asar.unpacked on disk rather than inside the archive. */
  unpacked: boolean;
}

export interface PackedArchive {
  entries: PackedEntry[];
  /** Bytes of app.asar itself, and of app.asar.unpacked on disk. */
  asarBytes: number;
  unpackedBytes: number;
}

interface HeaderNode {
  files?: Record<string, HeaderNode>;
  size?: number;
  unpacked?: boolean;
  link?: string;
}

/** Every file of resources/app.asar (from its header: nothing is extracted) and the sizes on disk. */
export async function readPackedArchive(resourcesDir: string): Promise<PackedArchive> {
  const asarPath = join(resourcesDir, 'app.asar');
  const entries: PackedEntry[] = [];
  const walk = (node: HeaderNode, prefix: string, unpackedAbove: boolean) => {
    for (const [name, child] of Object.entries(node.files ?? {})) {
      const path = prefix ? `${prefix}/${name}` : name;
      const unpacked = unpackedAbove || child.unpacked === true;
      if (child.files) walk(child, path, unpacked);
      else if (child.link === undefined) entries.push({ path, size: child.size ?? 0, unpacked });
    }
  };
  walk(getRawHeader(asarPath).header as HeaderNode, '', false);
  return {
    entries,
    asarBytes: (await stat(asarPath)).size,
    unpackedBytes: await folderBytes(join(resourcesDir, 'app.asar.unpacked')),
  };
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

export const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
