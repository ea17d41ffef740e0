import { placeholderPage } from '@propdesk/shell-ui';

/** The contract-management configuration screens; each is a placeholder until its issue is built. */
export const contractConfigPages = {
  actions: placeholderPage(
    'Contract Actions',
    'The actions that move a contract from one step to another, with their label and whether they need a reason.',
  ),
  parties: placeholderPage(
    'Contract Parties',
    'The roles parties play in a contract: buyer, co-buyer, developer signatory, witness and broker.',
  ),
  steps: placeholderPage('Contract Steps', 'The steps a contract goes through, in order, and which of them are final.'),
  templates: placeholderPage(
    'Contract Templates',
    'Contract texts, optionally per project, with merge fields such as the customer’s name, the unit code, the net price and the schedule.',
  ),
};

export type ContractConfigPage = keyof typeof contractConfigPages;
