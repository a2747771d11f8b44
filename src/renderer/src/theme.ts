import type { GlobalThemeOverrides } from 'naive-ui';

// A calm green, dark enough for white button text to pass WCAG AA (5:1).
export const lightOverrides: GlobalThemeOverrides = {
  common: {
    primaryColor: '#15803d',
    primaryColorHover: '#166534',
    primaryColorPressed: '#14532d',
    primaryColorSuppl: '#166534',
    fontSize: '15px',
    fontSizeMedium: '15px',
  },
};

export const darkOverrides: GlobalThemeOverrides = {
  common: {
    fontSize: '15px',
    fontSizeMedium: '15px',
  },
};

/** Lets the plain CSS (focus ring, accent) follow the theme in use. */
export function setDocumentTheme(theme: 'light' | 'dark'): void {
  document.documentElement.dataset.theme = theme;
}
