import { CacheProvider, __unsafe_useEmotionCache as useEmotionCache, type EmotionCache } from '@emotion/react';
import createCache from '@emotion/cache';
import { ThemeProvider } from '@mui/material/styles';
import { directionOf, type Language } from '@propdesk/i18n';
import { useLanguage } from '@propdesk/i18n/react';
import { use, useMemo, type ReactNode } from 'react';
import { createPropdeskTheme } from './createPropdeskTheme.js';

let rtl: Promise<EmotionCache> | null = null;
let rtlLoaded: EmotionCache | null = null;
/** The right-to-left emotion cache, loaded once and only for a right-to-left page. */
function loadRtlCache(): Promise<EmotionCache> {
  rtl ??= import('./rtlCache.js').then((module) => (rtlLoaded = module.rtlCache));
  return rtl;
}

let ltr: EmotionCache | null = null;
/** Emotion's own cache when there is none above (emotion gives none outside a browser). */
function ltrCache(): EmotionCache {
  ltr ??= createCache({ key: 'css' });
  return ltr;
}

/** Loads what a language's direction needs before the first render (the bootstrap calls it). */
export async function prepareDirection(language: Language): Promise<void> {
  if (directionOf(language) === 'rtl') await loadRtlCache();
}

/**
 * Propdesk's theme in the page's direction (issue 29): `direction: 'rtl'` and the RTL emotion cache
 * for Arabic, as MUI documents it; `<html dir>` itself is set by the language runtime.
 */
export function PropdeskThemeProvider({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const direction = directionOf(language);
  const theme = useMemo(() => createPropdeskTheme(direction, language), [direction, language]);
  // The same elements in both directions, only the cache changes: a change of language re-renders
  // the page in place instead of unmounting it (its router, open menus, sidebar, notifications).
  // The bootstrap and the user menu load the RTL cache before they switch, so `use` rarely waits.
  const outer = useEmotionCache() ?? ltrCache();
  const cache = direction === 'ltr' ? outer : (rtlLoaded ?? use(loadRtlCache()));
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>{children}</ThemeProvider>
    </CacheProvider>
  );
}

/** Styles of an icon whose drawing means a direction (an arrow out of a door): mirrored right to left. */
export const MIRROR_IN_RTL = { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } as const;
