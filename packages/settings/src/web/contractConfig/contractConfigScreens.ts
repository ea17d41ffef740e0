import type { LazyPage } from '@propdesk/shell-ui';
import type { ContractConfigPage } from './contractConfigPages.js';
import { screen, type Screen } from '@propdesk/shell-ui';

const page = (name: ContractConfigPage): LazyPage => () =>
  import('./contractConfigPages.js').then((m) => ({ Component: m.contractConfigPages[name] }));
const crumb = (title: string) => ({ title, trail: ['Settings', 'Contract Management', title] });

/** The contractStatus routes, shown by the spec with no guard; Settings mode (the General group's Contract Management subgroup). */
export const contractConfigScreens: readonly Screen[] = [
  screen('/contractStatus/Action', crumb('Contract Actions'), page('actions')),
  screen('/contractStatus/Party', crumb('Contract Parties'), page('parties')),
  screen('/contractStatus/Step', crumb('Contract Steps'), page('steps')),
  screen('/contractStatus/Template', crumb('Contract Templates'), page('templates')),
];
