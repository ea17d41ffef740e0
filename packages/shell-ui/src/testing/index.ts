export { describeDomainModule, privilege } from './describeDomainModule.js';
export type { DomainExpectations, SidebarCase } from './describeDomainModule.js';
