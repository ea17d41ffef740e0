/** The definitions' field rules (model/schemas.ts), as zod schemas write them: found by their English. */
export const validationEn = {
  wholeNumber: 'Must be a whole number',
  decimalPlaces: 'At most {scale} decimal places',
  atLeast: 'Must be at least {min}',
  atMost: 'Must be at most {max}',
  email: 'Must be a valid email address',
  phone: 'Must be a phone number',
  webAddress: 'Must be a web address',
  colour: 'Must be a colour like #1a73e8',
  yesNo: 'Must be yes or no (true or false)',
  wholeDate: 'Must be a whole date: day, month and year',
  realDate: 'Must be a real date (YYYY-MM-DD)',
  dateTime: 'Must be a date and time',
  recordIds: 'Must be a list of record ids',
  rows: 'Must be a list of rows',
  atMostRows: 'At most {max} rows',
  version: 'Must be the version you read',
} as const;

export type RecordsValidationKey = keyof typeof validationEn;
