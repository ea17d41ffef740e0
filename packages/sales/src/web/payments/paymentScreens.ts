import { placeholderFamily, type UnlistedScreens } from '@propdesk/shell-ui';

const eoiPayments = placeholderFamily('/settings/leads/EoiPayments', 'EOI Payment', 'EOI Payments');
const reservationPayments = placeholderFamily('/settings/leads/ReservationPayments', 'Reservation Payment', 'Reservation Payments');
const contractPayments = placeholderFamily('/settings/leads/ContractPayments', 'Contract Payment', 'Contract Payments');

/**
 * Payments are sales records (domain.md), so their screens live here, but the spec places them
 * under /settings/leads and in the Settings sidebar (the settings Leads group links to them).
 * Unguarded, as the spec shows them; placeholders until their issue is built.
 */
export const paymentScreens: UnlistedScreens = {
  trail: ['Settings', 'Leads'],
  pages: [
    eoiPayments.list('The payments made on expressions of interest, with method, bank, reference, cheque number, date and amount; paying an EOI earns its priority token.'),
    eoiPayments.create('Records a payment on an expression of interest.'),
    eoiPayments.edit('Corrects an EOI payment.'),
    eoiPayments.view('One EOI payment with its EOI, method, cheque and receipt.'),
    reservationPayments.list('The reservation fee and down payments collected across reservations, with method, bank, reference and cheque details.'),
    reservationPayments.create('Records a payment against a reservation.'),
    reservationPayments.edit('Corrects a reservation payment.'),
    reservationPayments.view('One reservation payment with its method, reference, cheque and receipt.'),
    contractPayments.list('The installments due and paid across contracts, with due date, amount, payment type, status and paid amount, flagging overdue ones.'),
    contractPayments.view('One contract payment with its installment, method, cheque and receipt.'),
    contractPayments.edit('Corrects a contract payment.'),
  ],
};
