import { describe, expect, it } from 'vitest';
import { BRAND, darkOverrides, lightOverrides, setDocumentTheme } from '@renderer/theme';

/** Hue (degrees) and lightness (0–1) of a #rrggbb colour. */
function hsl(hex: string): { hue: number; lightness: number } {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  const hue = d === 0 ? 0 : max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { hue: (hue * 60 + 360) % 360, lightness: (max + min) / 2 };
}

const PRIMARY_KEYS = [
  'primaryColor',
  'primaryColorHover',
  'primaryColorPressed',
  'primaryColorSuppl',
] as const;

describe('theme', () => {
  it.each([
    ['light', lightOverrides],
    ['dark', darkOverrides],
  ] as const)(
    'the %s theme sets every primary colour (no naive-ui default shows through)',
    (_, overrides) => {
      for (const key of PRIMARY_KEYS) expect(overrides.common?.[key]).toMatch(/^#[0-9a-f]{6}$/);
    },
  );

  it('dark mode keeps the brand hue, in a lighter shade', () => {
    const light = hsl(BRAND.light.primary);
    for (const key of PRIMARY_KEYS) {
      const dark = hsl(darkOverrides.common?.[key] as string);
      expect(Math.abs(dark.hue - light.hue)).toBeLessThan(6);
      expect(dark.lightness).toBeGreaterThan(light.lightness);
    }
  });

  it('the plain-CSS accent follows the theme in use', () => {
    const root = document.documentElement;
    setDocumentTheme('dark');
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.getPropertyValue('--torpedo-accent')).toBe(BRAND.dark.primary);
    setDocumentTheme('light');
    expect(root.dataset.theme).toBe('light');
    expect(root.style.getPropertyValue('--torpedo-accent')).toBe(BRAND.light.primary);
  });
});
