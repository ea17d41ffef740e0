import type { LazyPage } from '@propdesk/shell-ui';
import type { ChequePage } from './chequePages.js';
import { readOn, type Screen, screen } from '@propdesk/shell-ui';

const page = (name: ChequePage): LazyPage => () =>
  import('./chequePages.js').then((m) => ({ Component: m.chequePages[name] }));
const crumb = (title: string) => ({ title, trail: ['Settings', 'Leads', title] });

/** Cheques are sales records shown in the Settings sidebar, guarded by read on bouncedCheques. */
export const chequeScreens: readonly Screen[] = [
  screen('/settings/leads/BouncedCheques', crumb('Bounced Cheques'), page('list'), readOn('bouncedCheques')),
  screen('/settings/leads/BouncedCheques/view', crumb('View Bounced Cheque'), page('view'), readOn('bouncedCheques')),
];
