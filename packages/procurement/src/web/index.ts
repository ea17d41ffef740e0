export { procurementModule } from './procurementModule.js';
