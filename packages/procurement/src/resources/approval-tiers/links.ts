import { linksOf } from '@propdesk/records/model';
import { approvalTiers } from './definition.js';

/** Purchase-order approval tiers (`/procurement/approvalTiers`). */
export const approvalTierLinks = linksOf(approvalTiers);
