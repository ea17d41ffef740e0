export { clearCookies, resetBrowserState, setCookie, storeSignedInUser } from './browser.js';
export { makeLoginToken } from './loginToken.js';
export type { LoginTokenOptions } from './loginToken.js';
export { sessionHandlers } from './sessionHandlers.js';
export type { SessionServerState } from './sessionHandlers.js';
