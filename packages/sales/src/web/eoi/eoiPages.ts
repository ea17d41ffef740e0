import { placeholderPage } from '@propdesk/shell-ui';

/** The expression-of-interest screens; each is a placeholder until its issue is built. */
export const eoiPages = {
  create: placeholderPage(
    'Create EOI',
    'Registers an expression of interest for a customer in a launch: preferred unit types, floor band, budget and the EOI payment that earns a priority token.',
  ),
  list: placeholderPage(
    'EOI List',
    'All expressions of interest (EOI-YYYY-NNNNN) with customer, project, launch, priority token and status from draft to allocated, refunded, cancelled or expired.',
  ),
  view: placeholderPage(
    'View EOI',
    'One expression of interest with its preferences, payments, priority token and status history.',
  ),
  setup: placeholderPage(
    'EOI Setup',
    'The EOI launches per project: window open and close, amount per unit type, maximum EOIs per customer and whether they are refundable.',
  ),
  setupView: placeholderPage('View EOI Setup', 'One EOI launch setup with its window, amounts per unit type and limits.'),
  setupCreate: placeholderPage(
    'Create EOI Setup',
    'Opens a new EOI launch for a project: its name, window, maximum EOIs per customer and refundability.',
  ),
  setupAmounts: placeholderPage('EOI Setup Amounts', 'Sets the EOI amount for each unit type of a launch being set up.'),
  bulkDeals: placeholderPage(
    'Bulk Deals',
    'Matches the paid EOIs of a launch, in token order, to available units, previews conflicts and turns them into reservations in one go.',
  ),
};

export type EoiPage = keyof typeof eoiPages;
