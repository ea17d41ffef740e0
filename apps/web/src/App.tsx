import { useCallback } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Provider } from 'react-redux';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createPropdeskTheme, NotificationSessionWatcher, PropdeskSnackbarProvider } from '@propdesk/shell-ui';
import type { AppStore } from './store.js';

const theme = createPropdeskTheme();

export type AppProps = {
  store: AppStore;
  router: DataRouter;
};

/**
 * The providers around the router: store, theme, toasts; and, once inside the toasts, the live
 * notifications, which start with a signed-in session and stop when it ends.
 */
export function App({ store, router }: AppProps) {
  const navigate = useCallback((path: string) => void router.navigate(path), [router]);
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <PropdeskSnackbarProvider>
          <NotificationSessionWatcher navigate={navigate} />
          <RouterProvider router={router} />
        </PropdeskSnackbarProvider>
      </ThemeProvider>
    </Provider>
  );
}
