import { useThemeVars } from 'naive-ui';
import { computed } from 'vue';

/**
 * The style a plain <table> needs to draw its row lines in the theme's
 * divider colour (`var(--row-border)` in the views' CSS), light or dark.
 */
export function useTableStyle() {
  const vars = useThemeVars();
  return computed(() => ({ '--row-border': vars.value.dividerColor }));
}
