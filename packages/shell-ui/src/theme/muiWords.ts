import { arEG } from '@mui/material/locale';
import { formatNumber, type Language } from '@propdesk/i18n';
import type { ThemeOptions } from '@mui/material/styles';

/**
 * MUI's own words (Autocomplete's "No options", pagination's labels, an alert's close button) in the page's
 * language: MUI's `arEG` for Arabic, with the pagination's count in 0–9 (MUI's `arEG` formats it in `ar-EG`,
 * Arabic-Indic digits; the product writes Latin digits). English: none, MUI's defaults as before.
 */
export function muiWords(language: Language): Pick<ThemeOptions, 'components'> | undefined {
  if (language === 'en') return undefined;
  const n = (value: number) => formatNumber(value, 'ar');
  const pagination = arEG.components?.MuiTablePagination?.defaultProps ?? {};
  return {
    components: {
      ...arEG.components,
      MuiTablePagination: {
        defaultProps: {
          ...pagination,
          labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) => `${n(from)}–${n(to)} من ${count !== -1 ? n(count) : `أكثر من ${n(to)}`}`,
        },
      },
    },
  };
}
