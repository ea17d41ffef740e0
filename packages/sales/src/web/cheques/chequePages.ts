import { placeholderPage } from '@propdesk/shell-ui';

/** The bounced-cheque screens (Settings mode); each is a placeholder until its issue is built. */
export const chequePages = {
  list: placeholderPage(
    'Bounced Cheques',
    'Cheques that bounced, with bank, due date, amount, drawer and bounced reason, until they are replaced or returned.',
  ),
  view: placeholderPage(
    'View Bounced Cheque',
    'One bounced cheque with the installment it reopened and its replacement or return.',
  ),
};

export type ChequePage = keyof typeof chequePages;
