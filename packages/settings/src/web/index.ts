export { settingsModule } from './settingsModule.js';
export { EntityRegistryProvider } from './roles/entityRegistry.js';
export { entityCatalogOf } from './i18n/entities.js';
