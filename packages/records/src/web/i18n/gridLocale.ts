import type { GridLocaleText } from '@mui/x-data-grid';
import type { Language } from '@propdesk/i18n';

/** MUI X's own Arabic words of the data grid (menus, column panel, pager), loaded only for Arabic. */
let arabic: Partial<GridLocaleText> | null = null;
let loading: Promise<void> | null = null;

export function gridLocaleText(language: Language): Partial<GridLocaleText> | null | Promise<void> {
  if (language === 'en') return null;
  if (arabic) return arabic;
  loading ??= import('@mui/x-data-grid/locales').then(({ arSD }) => {
    arabic = arSD.components.MuiDataGrid.defaultProps.localeText;
  });
  return loading;
}
