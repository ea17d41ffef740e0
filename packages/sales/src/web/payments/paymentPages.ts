import { placeholderPage } from '@propdesk/shell-ui';

/** The back-office payment screens (Settings mode); each is a placeholder until its issue is built. */
export const paymentPages = {
  eoiList: placeholderPage(
    'EOI Payments',
    'The payments made on expressions of interest, with method, bank, reference, cheque number, date and amount; paying an EOI earns its priority token.',
  ),
  eoiCreate: placeholderPage('Create EOI Payment', 'Records a payment on an expression of interest.'),
  eoiEdit: placeholderPage('Edit EOI Payment', 'Corrects an EOI payment.'),
  eoiView: placeholderPage('View EOI Payment', 'One EOI payment with its EOI, method, cheque and receipt.'),
  reservationList: placeholderPage(
    'Reservation Payments',
    'The reservation fee and down payments collected across reservations, with method, bank, reference and cheque details.',
  ),
  reservationCreate: placeholderPage('Create Reservation Payment', 'Records a payment against a reservation.'),
  reservationEdit: placeholderPage('Edit Reservation Payment', 'Corrects a reservation payment.'),
  reservationView: placeholderPage('View Reservation Payment', 'One reservation payment with its method, reference, cheque and receipt.'),
  contractList: placeholderPage(
    'Contract Payments',
    'The installments due and paid across contracts, with due date, amount, payment type, status and paid amount, flagging overdue ones.',
  ),
  contractView: placeholderPage('View Contract Payment', 'One contract payment with its installment, method, cheque and receipt.'),
  contractEdit: placeholderPage('Edit Contract Payment', 'Corrects a contract payment.'),
};

export type PaymentPage = keyof typeof paymentPages;
