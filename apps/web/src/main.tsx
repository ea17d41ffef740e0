import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { enqueueSnackbar } from 'notistack';
import { configureApiClient, loadConfig } from '@propdesk/api-client';
import { bindSessionToApiClient } from '@propdesk/auth-session/web';
import { createAppRoutes, installPreloadErrorHandler } from '@propdesk/shell-ui';
import { App } from './App.js';
import { domainModules } from './modules.js';
import { startPerformanceLogging } from './performance.js';
import { registerServiceWorker } from './serviceWorker.js';
import { createShellSession } from './shellSession.js';
import { makeStore } from './store.js';

async function start() {
  installPreloadErrorHandler();
  startPerformanceLogging();
  await loadConfig();

  const store = makeStore();
  bindSessionToApiClient(store.dispatch);
  const router = createBrowserRouter(createAppRoutes({ modules: domainModules, session: createShellSession(store) }));
  configureApiClient({
    navigate: (path) => {
      void router.navigate(path);
    },
    notify: (message, variant) => {
      enqueueSnackbar(message, { variant });
    },
  });

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>,
  );

  if (import.meta.env.PROD) registerServiceWorker();
}

void start();
