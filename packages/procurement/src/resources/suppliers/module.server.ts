import { resourceModule } from '@propdesk/records/server';
import { suppliers } from './definition.js';

/** Suppliers: reference data of the engine alone. */
export default resourceModule({ id: 'suppliers', resources: [suppliers] });
