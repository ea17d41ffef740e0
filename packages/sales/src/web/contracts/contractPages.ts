import { placeholderPage } from '@propdesk/shell-ui';

/** The sales contract screens; each is a placeholder until its issue is built. */
export const contractPages = {
  list: placeholderPage(
    'Contracts',
    'All contracts (CNT-YYYY-NNNNN) with their reservation, parties, current step, net price and installment schedule.',
  ),
  create: placeholderPage(
    'Create Contract',
    'Draws up a contract from a confirmed reservation and a template, generating the installment schedule from the payment plan.',
  ),
  edit: placeholderPage('Edit Contract', 'Changes a contract’s parties, template or step through the contract actions.'),
  view: placeholderPage(
    'View Contract',
    'One contract with its parties, steps, installment schedule and the printable contract made from its template.',
  ),
  payments: placeholderPage(
    'Contract Payments',
    'Each contract installment with its due date, amount, payment type, status and paid amount, flagging overdue ones.',
  ),
  paymentCreate: placeholderPage('Create Contract Payment', 'Records a payment against a contract installment.'),
  paymentEdit: placeholderPage('Edit Contract Payment', 'Corrects a contract payment.'),
  paymentView: placeholderPage('View Contract Payment', 'One contract payment with its installment, method, cheque and receipt.'),
};

export type ContractPage = keyof typeof contractPages;
