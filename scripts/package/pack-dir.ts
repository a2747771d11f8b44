import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, Platform, type Configuration } from 'electron-builder';
import { makeStubElectron } from './stub-electron';

export interface PackedDir {
  /** The unpacked app folder (what an installer would install). */
  appDir: string;
  /** Its resources folder: app.asar, app.asar.unpacked. */
  resourcesDir: string;
  /** The packed executable, carrying the flipped fuses. */
  executable: string;
  /** Every temp folder made, for the caller to remove. */
  tempDirs: string[];
}

/**
 * `electron-builder --dir` for this machine's platform and arch, with the
 * project's electron-builder.yml, against a stub Electron (see
 * stub-electron.ts). Native modules are not rebuilt: keytar and
 * better-sqlite3 are Node-API addons, so the ones built for Node load in
 * Electron as they are. `replaceConfig`, when given, is used instead of the
 * yml (electron-builder merges options into the yml's `files` rather than
 * replacing them): the benchmark packs once without pruning to measure it.
 */
export async function packDir(projectDir: string, replaceConfig?: Configuration): Promise<PackedDir> {
  const electronDist = await makeStubElectron();
  const output = await mkdtemp(join(tmpdir(), 'torpedo-pack-'));
  const stub: Configuration = { electronDist, npmRebuild: false, directories: { output } };
  let config: Configuration | string = stub;
  if (replaceConfig) {
    config = join(output, 'electron-builder.json');
    await writeFile(config, JSON.stringify({ ...replaceConfig, ...stub }));
  }
  const platform = Platform.current();
  const [appDir] = await build({
    projectDir,
    targets: platform.createTarget('dir'),
    publish: 'never',
    config,
  }).then(() => [join(output, appFolderName(platform))]);
  const resourcesDir = join(appDir!, 'resources');
  const executable = join(appDir!, platform === Platform.WINDOWS ? 'Torpedo.exe' : 'torpedo');
  return { appDir: appDir!, resourcesDir, executable, tempDirs: [electronDist, output] };
}

/** electron-builder's name for the --dir output: linux-unpacked, win-unpacked (arm64 adds its arch). */
function appFolderName(platform: Platform): string {
  const arch = process.arch === 'x64' ? '' : `-${process.arch}`;
  return `${platform === Platform.WINDOWS ? 'win' : 'linux'}${arch}-unpacked`;
}
