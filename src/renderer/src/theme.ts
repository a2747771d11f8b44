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

/*
 * Contrast (WCAG AA, 4.5:1 for text), checked by axe-core in the e2e suite: naive-ui's
 * third text colour (hints, "updated …") and its tags' coloured text on their tinted
 * backgrounds fall short in both themes, so they are taken a step darker (light) or
 * lighter (dark), keeping their hue.
 */
const lightContrast: GlobalThemeOverrides = {
  Tag: {
    textColorSuccess: '#166534',
    textColorInfo: '#1e40af',
    textColorWarning: '#92400e',
    textColorError: '#b91c1c',
    textColorPrimary: '#166534',
  },
};
const darkContrast: GlobalThemeOverrides = {
  Tag: {
    textColorSuccess: '#86efac',
    textColorInfo: '#93c5fd',
    textColorWarning: '#fcd34d',
    textColorError: '#fca5a5',
    textColorPrimary: '#86efac',
  },
};

export const lightOverrides: GlobalThemeOverrides = {
  common: {
    primaryColor: BRAND.light.primary,
    primaryColorHover: BRAND.light.hover,
    primaryColorPressed: BRAND.light.pressed,
    primaryColorSuppl: BRAND.light.hover,
    textColor3: '#5f6368',
    ...font,
  },
  ...lightContrast,
};

export const darkOverrides: GlobalThemeOverrides = {
  common: {
    primaryColor: BRAND.dark.primary,
    primaryColorHover: BRAND.dark.hover,
    primaryColorPressed: BRAND.dark.pressed,
    primaryColorSuppl: BRAND.dark.hover,
    textColor3: 'rgba(255, 255, 255, 0.66)',
    ...font,
  },
  ...darkContrast,
};

/** Lets the plain CSS (focus ring, links, wordmark) follow the theme in use. */
export function setDocumentTheme(theme: 'light' | 'dark'): void {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.setProperty('--torpedo-accent', BRAND[theme].primary);
}
