import { resourceModule } from '@propdesk/records/server';
import { approvalTiers } from './definition.js';

/** Purchase-order approval tiers: reference data of the engine alone. */
export default resourceModule({ id: 'approval-tiers', resources: [approvalTiers] });
