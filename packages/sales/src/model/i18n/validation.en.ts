/**
 * Words of sales' schemas and definitions (`problems.push({ field, message })`, `z.string().min(1, 'Say why')`),
 * shared with the web: the envelope finds them by their English (decision 222).
 */
export const validationEn = {
  sayWhy: 'Say why',
  giveReason: 'Give a reason',
  dateAsIso: 'A date as YYYY-MM-DD',
  atMostBuyers: 'At most 10 buyers',
  shareSuchAs: 'A share such as 50 or 33.3333',
  installmentId: 'Must be an installment id',
  amountLike: 'An amount like 1250.50',
  recoveryReference: 'Give the recovery reference',
  discountAtMost100: 'A discount is at most 100%',
  sharesAdd100: 'The buyers’ shares add up to 100',
  chooseCustomerOrLead: 'Choose a customer or a lead',
  notBelowFloorFrom: 'Not below “floor from”',
  sayPreference: 'Say what this preference wants',
  windowClosesAfter: 'The window closes after it opens',
  lettersDigits: 'Letters and digits only',
  unitTypeTwice: 'This unit type is listed twice',
  notBelowZero: 'Not below zero',
  moreThanZero: 'More than zero',
  sayWhyMoneyBack: 'Say why the money goes back',
  chequeHasDate: 'A cheque has a date',
  chooseChequeBank: 'Choose the cheque’s bank',
} as const;

export type SalesValidationKey = keyof typeof validationEn;
