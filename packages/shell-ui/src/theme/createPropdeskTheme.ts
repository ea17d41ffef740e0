import { createTheme, type Theme } from '@mui/material/styles';
import type { Language } from '@propdesk/i18n';
import { muiWords } from './muiWords.js';

/** Inter where installed, then the platform's own UI font. */
export const FONT_STACK =
  '"Inter", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const BRAND_COLORS = {
  primary: '#1d4e89',
  secondary: '#0f766e',
  background: '#f4f6f9',
  surface: '#ffffff',
  text: '#1b2533',
} as const;

/**
 * Propdesk's look: a calm back office. A deep blue primary with a teal accent on neutral
 * surfaces, the Inter/system font stack, compact controls and quiet borders instead of shadows.
 */
export function createPropdeskTheme(direction: 'ltr' | 'rtl' = 'ltr', language: Language = 'en'): Theme {
  const words = muiWords(language);
  return createTheme(
    {
    // Issue 29: right to left for Arabic, with the emotion cache of PropdeskThemeProvider (MUI's RTL guide).
    direction,
    palette: {
      mode: 'light',
      primary: { main: BRAND_COLORS.primary, contrastText: '#ffffff' },
      secondary: { main: BRAND_COLORS.secondary, contrastText: '#ffffff' },
      // MUI's orange (#ed6c02) gives white text 3.0:1; this amber gives 5.0:1 (WCAG AA for small text).
      warning: { main: '#b45309', contrastText: '#ffffff' },
      background: { default: BRAND_COLORS.background, paper: BRAND_COLORS.surface },
      text: { primary: BRAND_COLORS.text, secondary: '#5b6677' },
      divider: '#e2e7ee',
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: FONT_STACK,
      fontSize: 14,
      h5: { fontSize: '1.375rem', letterSpacing: '-0.01em' },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiPaper: { styleOverrides: { outlined: { borderColor: '#e2e7ee' } } },
      MuiTableCell: { styleOverrides: { root: { paddingTop: 8, paddingBottom: 8 }, head: { fontWeight: 600, color: '#5b6677' } } },
      MuiListItemButton: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
          }),
        },
      },
      MuiCssBaseline: {
        styleOverrides: { body: { WebkitFontSmoothing: 'antialiased' } },
      },
    },
    },
    // MUI's own words in the page's language (English: none, MUI's defaults): merged over the options above.
    ...(words ? [words] : []),
  );
}
