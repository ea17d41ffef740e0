export { SALES_RESOURCES, holdRequestSetups, leadValidityConfigs } from './definitions.js';
