import { useCallback } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { Provider } from 'react-redux';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { NotificationSessionWatcher, PropdeskSnackbarProvider, PropdeskThemeProvider } from '@propdesk/shell-ui';
import { EntityRegistryProvider } from '@propdesk/settings/web';
import { ENTITIES } from './entities.js';
import type { AppStore } from './store.js';

export type AppProps = {
  store: AppStore;
  router: DataRouter;
};

/**
 * The providers around the router: store, theme (in the page's language and direction), toasts, the composed entity
 * registry (the Roles matrix's rows); and, once inside the toasts, the live
 * notifications, which start with a signed-in session and stop when it ends.
 */
export function App({ store, router }: AppProps) {
  const navigate = useCallback((path: string) => void router.navigate(path), [router]);
  return (
    <Provider store={store}>
      <PropdeskThemeProvider>
        <CssBaseline />
        <PropdeskSnackbarProvider>
          <NotificationSessionWatcher navigate={navigate} />
          <EntityRegistryProvider value={ENTITIES}>
            <RouterProvider router={router} />
          </EntityRegistryProvider>
        </PropdeskSnackbarProvider>
      </PropdeskThemeProvider>
    </Provider>
  );
}
