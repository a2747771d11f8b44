import type { GlobalThemeOverrides } from 'naive-ui';

/**
 * The brand green (hue ≈ 142°) in both themes, so buttons, links and the
 * wordmark keep their colour. `setDocumentTheme` hands the main shade to the
 * plain CSS as `--torpedo-accent`, so there is one source for it.
 */
export const BRAND = {
  // Dark enough for white button text to pass WCAG AA (5:1) on light backgrounds.
  light: { primary: '#15803d', hover: '#166534', pressed: '#14532d' },
  // The same hue, lighter: dark button text on it, and as text on the dark background, pass AA by far.
  dark: { primary: '#4ade80', hover: '#86efac', pressed: '#22c55e' },
} as const;

const font = { fontSize: '15px', fontSizeMedium: '15px' };

export const lightOverrides: GlobalThemeOverrides = {
  common: {
    primaryColor: BRAND.light.primary,
    primaryColorHover: BRAND.light.hover,
    primaryColorPressed: BRAND.light.pressed,
    primaryColorSuppl: BRAND.light.hover,
    ...font,
  },
};

export const darkOverrides: GlobalThemeOverrides = {
  common: {
    primaryColor: BRAND.dark.primary,
    primaryColorHover: BRAND.dark.hover,
    primaryColorPressed: BRAND.dark.pressed,
    primaryColorSuppl: BRAND.dark.hover,
    ...font,
  },
};

/** Lets the plain CSS (focus ring, links, wordmark) follow the theme in use. */
export function setDocumentTheme(theme: 'light' | 'dark'): void {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.setProperty('--torpedo-accent', BRAND[theme].primary);
}
