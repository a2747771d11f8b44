/**
 * `npm run icons`: every raster icon from build/icon.svg, committed so a
 * pack never depends on this step (run it again after changing the SVG; a
 * unit test fails while the committed icons are older than the SVG).
 *
 * - build/icon.ico (Windows: the installer and the .exe), 16 to 256 px;
 * - build/icon.icns (macOS), 16 to 1024 px;
 * - build/icon.png, 1024 px (electron-builder's fallback for any platform);
 * - build/icons/NxN.png, the Linux set (the .desktop entry's Icon, in hicolor);
 * - resources/icon.png, 256 px: the window's icon on Linux, read at run time.
 *
 * icon-gen writes the .ico and .icns; sharp (its own renderer) the PNGs. Both
 * work offline: sharp's libvips ships inside its npm package.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import iconGen from 'icon-gen';
import sharp from 'sharp';

const ROOT = resolve(import.meta.dirname, '..');
const SOURCE = join(ROOT, 'build/icon.svg');
export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
export const ICNS_SIZES = [16, 32, 64, 128, 256, 512, 1024];
export const WINDOW_ICON_SIZE = 256;
/** The SVG's hash the icons were made from (the freshness test compares it). */
export const SOURCE_HASH_FILE = join(ROOT, 'build/icon.svg.sha256');

const png = (svg: Buffer, size: number) =>
  sharp(svg, { density: Math.ceil((72 * size) / 1024) * 4 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();

export async function makeIcons(): Promise<void> {
  const svg = await readFile(SOURCE);
  await rm(join(ROOT, 'build/icons'), { recursive: true, force: true });
  await mkdir(join(ROOT, 'build/icons'), { recursive: true });
  for (const size of LINUX_SIZES) {
    await writeFile(join(ROOT, `build/icons/${size}x${size}.png`), await png(svg, size));
  }
  await writeFile(join(ROOT, 'build/icon.png'), await png(svg, 1024));
  await writeFile(join(ROOT, 'resources/icon.png'), await png(svg, WINDOW_ICON_SIZE));
  await iconGen(SOURCE, join(ROOT, 'build'), {
    report: false,
    ico: { name: 'icon', sizes: ICO_SIZES },
    icns: { name: 'icon', sizes: ICNS_SIZES },
  });
  await writeFile(SOURCE_HASH_FILE, `${createHash('sha256').update(svg).digest('hex')}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  await makeIcons();
  console.log('icons written to build/ and resources/icon.png');
}
