import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FuseV1Options } from '@electron/fuses';

/** The marker @electron/fuses looks for in Electron's binary; the fuse wire follows it. */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

/** A fuse's byte in the wire (@electron/fuses' FuseState, which it does not export). */
export const FUSE_ON = 0x31;
export const FUSE_OFF = 0x30;
type FuseState = typeof FUSE_ON | typeof FUSE_OFF;

/**
 * Each fuse as a real Electron binary ships it (Electron's defaults), so the
 * packed stub shows exactly what electron-builder's `electronFuses` flipped.
 */
const SHIPPED_FUSES: Record<FuseV1Options, FuseState> = {
  [FuseV1Options.RunAsNode]: FUSE_ON,
  [FuseV1Options.EnableCookieEncryption]: FUSE_OFF,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: FUSE_ON,
  [FuseV1Options.EnableNodeCliInspectArguments]: FUSE_ON,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: FUSE_OFF,
  [FuseV1Options.OnlyLoadAppFromAsar]: FUSE_OFF,
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: FUSE_OFF,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: FUSE_ON,
};

/** The executable's name inside Electron's distribution folder, per platform. */
export function electronExecutable(platform: NodeJS.Platform): string {
  if (platform === 'linux') return 'electron';
  if (platform === 'win32') return 'electron.exe';
  // macOS wants a whole Electron.app bundle (Info.plist, frameworks) that a stub cannot fake
  // usefully; the release workflow packs macOS with the real Electron.
  throw new Error(`check:package packs for Linux and Windows only, not ${platform}`);
}

/** A fuse wire as @electron/fuses reads it: version 1, its length, then one byte per fuse. */
export function fuseWire(fuses: Record<FuseV1Options, FuseState> = SHIPPED_FUSES): Buffer {
  const states = Object.keys(fuses)
    .map(Number)
    .sort((a, b) => a - b)
    .map((index) => fuses[index as FuseV1Options]);
  return Buffer.concat([Buffer.from(FUSE_SENTINEL, 'latin1'), Buffer.from([1, states.length, ...states])]);
}

/**
 * A stand-in for Electron's unpacked distribution (electron-builder's
 * `electronDist`), made in a temp folder: one placeholder executable that
 * carries the fuse sentinel and a wire, so electron-builder's packing and its
 * `electronFuses` step both run offline. It is not a program: running it
 * prints a line and exits 1.
 */
export async function makeStubElectron(platform: NodeJS.Platform = process.platform): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'torpedo-stub-electron-'));
  const executable = join(dir, electronExecutable(platform));
  const script = '#!/bin/sh\necho "stub Electron made by check:package: not a program" >&2\nexit 1\n# ';
  await writeFile(executable, Buffer.concat([Buffer.from(script), fuseWire(), Buffer.from('\n')]));
  await chmod(executable, 0o755);
  // electron-builder reads the version from node_modules/electron; nothing else of the folder is needed.
  return dir;
}
