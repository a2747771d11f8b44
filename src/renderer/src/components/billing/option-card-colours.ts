import { useThemeVars } from 'naive-ui';
import { computed } from 'vue';

/** The theme's colours for option-card.css, as CSS variables to set on the group of cards. */
export function useOptionCardColours() {
  const vars = useThemeVars();
  return computed(() => ({
    '--option-border': vars.value.borderColor,
    '--option-selected': vars.value.primaryColor,
    '--option-hover': vars.value.hoverColor,
    '--option-muted': vars.value.textColor3,
  }));
}
