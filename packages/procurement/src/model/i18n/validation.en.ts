/** Words of procurement's definitions' rules (shared with the web), found by their English (decision 222). */
export const validationEn = {
  validUntilAfterDate: 'Must not be before the quotation date',
  awardOneLine: 'Award at least one line',
  receiveOneLine: 'Receive at least one line',
} as const;

export type ProcurementValidationKey = keyof typeof validationEn;
