/**
 * The display the ledger's stored labels name (`shownAs`): an installment's label, a receipt item's, a
 * reservation payment's description written by the server in English (`CNT-… #3 Down payment`), and
 * references to installments. Sales' web module registers it (`storedLabel`, decision 357).
 */
export const LEDGER_LABEL_DISPLAY = 'sales.ledgerLabel';
