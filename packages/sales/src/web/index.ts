export { salesModule } from './salesModule.js';
