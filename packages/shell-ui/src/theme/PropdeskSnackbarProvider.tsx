import type { ReactNode } from 'react';
import GlobalStyles from '@mui/material/GlobalStyles';
import { SnackbarProvider } from 'notistack';
import { DEFAULT_TOAST_ANCHOR, DEFAULT_TOAST_AUTO_HIDE_MS, MAX_TOASTS } from './snackbar.js';

export type PropdeskSnackbarProviderProps = {
  children: ReactNode;
};

const TOP_TOASTS_CLASS = 'propdesk-toasts-top';

/**
 * Top-right toasts (the notification toasts) start below the top bar: over it they would cover
 * the bell, and a pointer resting on a toast keeps it open. The class is doubled to outrank
 * notistack's own single-class rule whatever the order the style sheets load in.
 */
const topToastStyles = {
  [`.${TOP_TOASTS_CLASS}.${TOP_TOASTS_CLASS}`]: { top: 64 },
  '@media (min-width: 600px)': { [`.${TOP_TOASTS_CLASS}.${TOP_TOASTS_CLASS}`]: { top: 72 } },
};

/** notistack with Propdesk's defaults: coloured variants (notistack's own), 2 s auto-close. */
export function PropdeskSnackbarProvider({ children }: PropdeskSnackbarProviderProps) {
  return (
    <>
      <GlobalStyles styles={topToastStyles} />
      <SnackbarProvider
        maxSnack={MAX_TOASTS}
        autoHideDuration={DEFAULT_TOAST_AUTO_HIDE_MS}
        anchorOrigin={DEFAULT_TOAST_ANCHOR}
        classes={{ containerAnchorOriginTopRight: TOP_TOASTS_CLASS }}
        preventDuplicate
      >
        {children}
      </SnackbarProvider>
    </>
  );
}
