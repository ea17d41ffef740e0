// The bootstrap: decides on the path which app to load, so a page load of /login downloads the
// sign-in screen alone and not the shell, the notifications or the domains.
import { startPerformanceLogging } from './performance.js';
import { registerServiceWorker } from './serviceWorker.js';
import { isSignInPath } from './signInPath.js';

async function start() {
  startPerformanceLogging();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  if (isSignInPath(window.location.pathname)) {
    const { startSignIn } = await import('./signInApp.js');
    startSignIn(container);
  } else {
    await import('./shellVendors.js');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const { startShell } = await import('./shellApp.js');
    await startShell(container);
  }

  if (import.meta.env.PROD) registerServiceWorker();
}

void start();
