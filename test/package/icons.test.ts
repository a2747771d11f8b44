import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICNS_SIZES, ICO_SIZES, LINUX_SIZES, WINDOW_ICON_SIZE } from '../../scripts/make-icons';

/**
 * The committed icons (npm run icons) are what electron-builder.yml and the
 * window point at, have the sizes each platform wants, and were made from
 * the current build/icon.svg.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path));

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('app icons (build/, resources/icon.png)', () => {
  it('were made from the current build/icon.svg (run `npm run icons` after changing it)', () => {
    const hash = createHash('sha256').update(read('build/icon.svg')).digest('hex');
    expect(read('build/icon.svg.sha256').toString().trim()).toBe(hash);
  });

  it('has the Linux PNG set, named by size, and a 1024 px build/icon.png', () => {
    const files = readdirSync(join(ROOT, 'build/icons')).sort();
    expect(files).toEqual(LINUX_SIZES.map((s) => `${s}x${s}.png`).sort());
    for (const size of LINUX_SIZES)
      expect(pngSize(read(`build/icons/${size}x${size}.png`))).toEqual([size, size]);
    expect(pngSize(read('build/icon.png'))).toEqual([1024, 1024]);
    expect(pngSize(read('resources/icon.png'))).toEqual([WINDOW_ICON_SIZE, WINDOW_ICON_SIZE]);
  });

  it('has a Windows .ico with every size from 16 to 256 px', () => {
    const ico = read('build/icon.ico');
    expect(ico.readUInt16LE(2)).toBe(1); // type 1: icon
    const count = ico.readUInt16LE(4);
    // Each directory entry: width and height in one byte each, 0 meaning 256.
    const sizes = Array.from({ length: count }, (_, i) => ico[6 + i * 16] || 256).sort((a, b) => a - b);
    expect(sizes).toEqual(ICO_SIZES);
  });

  it('has a macOS .icns up to 1024 px', () => {
    const icns = read('build/icon.icns');
    expect(icns.toString('latin1', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const types: string[] = [];
    for (let at = 8; at < icns.length; at += icns.readUInt32BE(at + 4))
      types.push(icns.toString('latin1', at, at + 4));
    expect(types).toContain('ic10'); // 1024 px (512@2x)
    expect(types.length).toBeGreaterThanOrEqual(ICNS_SIZES.length - 1);
  });

  it("is what electron-builder.yml points at, with the .desktop entry named like Electron's app id", () => {
    const yml = read('electron-builder.yml').toString();
    expect(yml).toMatch(/^ {2}icon: build\/icons$/m);
    expect(yml).toMatch(/^ {2}icon: build\/icon\.icns$/m);
    expect(yml).toMatch(/^ {2}icon: build\/icon\.ico$/m);
    expect(yml).toMatch(/^ {2}executableName: torpedo$/m);
    expect(yml).toMatch(/^ {2}syncDesktopName: true$/m);
    const pkg = JSON.parse(read('package.json').toString()) as { desktopName?: string };
    expect(pkg.desktopName).toBe('torpedo.desktop');
    for (const file of ['build/icon.ico', 'build/icon.icns', 'build/icon.png'])
      expect(existsSync(join(ROOT, file))).toBe(true);
  });
});
