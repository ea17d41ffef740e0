/** Spec section 7: the service worker is registered at /sw.js on page load (production builds only). */
export const SERVICE_WORKER_URL = '/sw.js';

export function registerServiceWorker(target: Window = window): void {
  if (!('serviceWorker' in target.navigator)) return;
  const register = () => {
    target.navigator.serviceWorker.register(SERVICE_WORKER_URL).catch((error: unknown) => {
      console.warn('Service worker registration failed.', error);
    });
  };
  if (target.document.readyState === 'complete') register();
  else target.addEventListener('load', register, { once: true });
}
