export { describeDomainModule, privilege } from './describeDomainModule.js';
export type { DomainExpectations, SidebarCase } from './describeDomainModule.js';
export { grants, renderInStore, renderRoutesInStore, testStore } from './store.js';
export type { RenderInStoreOptions, TestGrants, TestStore } from './store.js';
