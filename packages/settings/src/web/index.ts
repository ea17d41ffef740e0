export { settingsModule } from './settingsModule.js';
