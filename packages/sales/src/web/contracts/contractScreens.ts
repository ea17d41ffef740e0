import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import { placeholderFamily, type SectionDeclaration } from '@propdesk/shell-ui';

const contracts = placeholderFamily('/sales/contracts', 'Contract', 'Contracts');
const payments = placeholderFamily('/sales/contracts/payments', 'Contract Payment', 'Contract Payments');

/**
 * The contract screens, placeholders until their issue is built. The spec's contract routes have
 * no guard; the payments paths are sidebar targets with no route in the spec.
 */
export const contractScreens: SectionDeclaration = {
  id: 'sales.contracts', label: 'Contracts', icon: DescriptionOutlined, mode: 'sales', order: 5,
  trail: ['Sales', 'Contracts'],
  items: [
    contracts.list('All contracts (CNT-YYYY-NNNNN) with their reservation, parties, current step, net price and installment schedule.', { navLabel: 'All Contracts' }),
    contracts.create('Draws up a contract from a confirmed reservation and a template, generating the installment schedule from the payment plan.'),
    payments.list('Each contract installment with its due date, amount, payment type, status and paid amount, flagging overdue ones.'),
  ],
  pages: [
    contracts.edit('Changes a contract’s parties, template or step through the contract actions.'),
    contracts.view('One contract with its parties, steps, installment schedule and the printable contract made from its template.'),
    payments.create('Records a payment against a contract installment.'),
    payments.edit('Corrects a contract payment.'),
    payments.view('One contract payment with its installment, method, cheque and receipt.'),
  ],
};
