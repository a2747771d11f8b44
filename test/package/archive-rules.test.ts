import { describe, expect, it } from 'vitest';
import {
  binaryTarget,
  devPackages,
  forbiddenContent,
  nativeProblems,
  packageKey,
  packedPackageKeys,
} from '../../scripts/package/archive-rules';

const entry = (path: string, unpacked = false) => ({ path, size: 1, unpacked });

/** The first bytes of an ELF shared object for x86-64 or arm64, as the header check reads them. */
function elf(machine: number): Buffer {
  const bytes = Buffer.alloc(64);
  bytes.writeUInt32BE(0x7f454c46, 0);
  bytes.writeUInt16LE(machine, 18);
  return bytes;
}

function pe(machine: number): Buffer {
  const bytes = Buffer.alloc(256);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(128, 60);
  bytes.write('PE\0\0', 128, 'latin1');
  bytes.writeUInt16LE(machine, 132);
  return bytes;
}

describe('the packed archive rules (scripts/package/archive-rules.ts)', () => {
  it('refuses sources, tests, fixtures and source maps, and lets the build and dependencies through', () => {
    const problems = forbiddenContent([
      entry('out/main/index.js'),
      entry('out/renderer/index.html'),
      entry('node_modules/zod/index.js'),
      entry('package.json'),
      entry('src/main/index.ts'),
      entry('test/core/x.test.ts'),
      entry('out/main/index.js.map'),
      entry('node_modules/foo/test/fixtures/a.csv'),
      entry('scripts/package/check-package.ts'),
    ]);
    expect(problems.map((p) => p.path)).toEqual([
      'src/main/index.ts',
      'test/core/x.test.ts',
      'out/main/index.js.map',
      'node_modules/foo/test/fixtures/a.csv',
      'scripts/package/check-package.ts',
    ]);
  });

  it('names the package a file belongs to, nested and scoped ones included', () => {
    expect(packageKey('node_modules/zod/v4/index.js')).toBe('node_modules/zod');
    expect(packageKey('node_modules/@e965/xlsx/xlsx.mjs')).toBe('node_modules/@e965/xlsx');
    expect(packageKey('node_modules/got/node_modules/@sindresorhus/is/dist/x.js')).toBe(
      'node_modules/got/node_modules/@sindresorhus/is',
    );
    expect(packageKey('out/main/index.js')).toBeNull();
    expect(
      packedPackageKeys([entry('node_modules/a/package.json'), entry('node_modules/a/lib/package.json')]),
    ).toEqual(['node_modules/a']);
  });

  it('finds development-only packages by name and version, wherever electron-builder put them', () => {
    const lock = {
      packages: {
        '': {},
        'node_modules/chownr': { version: '2.0.0', dev: true },
        'node_modules/tar-fs/node_modules/chownr': { version: '1.1.4' },
        'node_modules/vitest': { version: '5.1.1', dev: true },
        'node_modules/semver': { version: '7.8.6', dev: true },
        'node_modules/x/node_modules/semver': { version: '7.8.6' },
      },
    };
    const problems = devPackages(
      [
        { key: 'node_modules/chownr', name: 'chownr', version: '1.1.4' },
        { key: 'node_modules/vitest', name: 'vitest', version: '5.1.1' },
        { key: 'node_modules/semver', name: 'semver', version: '7.8.6' },
        { key: 'node_modules/left-pad', name: 'left-pad', version: '1.0.0' },
      ],
      lock,
    );
    expect(problems).toEqual([
      { path: 'node_modules/vitest', reason: 'vitest@5.1.1 is a development-only dependency' },
      { path: 'node_modules/left-pad', reason: 'left-pad@1.0.0 is not in package-lock.json' },
    ]);
  });

  it("reads a native binary's platform and arch from its header", () => {
    expect(binaryTarget(elf(0x3e))).toEqual({ platform: 'linux', arch: 'x64' });
    expect(binaryTarget(elf(0xb7))).toEqual({ platform: 'linux', arch: 'arm64' });
    expect(binaryTarget(pe(0x8664))).toEqual({ platform: 'win32', arch: 'x64' });
    const macho = Buffer.alloc(16);
    macho.writeUInt32LE(0xfeedfacf, 0);
    macho.writeUInt32LE(0x0100000c, 4);
    expect(binaryTarget(macho)).toEqual({ platform: 'darwin', arch: 'arm64' });
    expect(binaryTarget(Buffer.from('not a binary at all, just text'))).toBeNull();
  });

  it("wants native modules unpacked, for the target only, and no other platform's prebuild", () => {
    const headers: Record<string, Buffer> = {
      'node_modules/better-sqlite3/prebuilds/linux-x64.node': elf(0x3e),
      'node_modules/better-sqlite3/prebuilds/linuxmusl-x64.node': elf(0x3e),
      'node_modules/better-sqlite3/prebuilds/linux-arm64.node': elf(0xb7),
      'node_modules/better-sqlite3/prebuilds/win32-x64.node': pe(0x8664),
      'node_modules/keytar/build/Release/keytar.node': elf(0x3e),
    };
    const problems = nativeProblems(
      [
        ...Object.keys(headers).map((path) => entry(path, true)),
        entry('node_modules/packed/inside.node', false),
      ],
      (path) => headers[path]!,
      { platform: 'linux', arch: 'x64' },
    );
    expect(problems.map((p) => [p.path.split('/').pop(), p.reason])).toEqual([
      ['linuxmusl-x64.node', "another libc's prebuild (only linux-x64.node is loaded)"],
      ['linux-arm64.node', 'built for linux-arm64, not linux-x64'],
      ['win32-x64.node', 'built for win32-x64, not linux-x64'],
      ['inside.node', 'a native module inside the archive (it must be unpacked)'],
    ]);
  });
});
