/**
 * Words that schemas of every package use as their own messages (`z.string().min(1, 'Required')`):
 * the envelope finds them by their English (registered with `registerValidationWords`).
 */
export const validationEn = {
  required: 'Required',
  tooLong: 'Too long',
  atMostCharacters: 'At most {max} characters',
  atLeastCharacters: 'At least {min} characters',
  noEdgeSpaces: 'No spaces at the start or end',
  mustBeText: 'Must be text',
  mustBeNumber: 'Must be a number',
  mustBeWholeNumber: 'Must be a whole number',
  mustBeDate: 'Must be a date',
  mustBeRecordId: 'Must be a record id',
  mustBeOneOf: 'Must be one of: {options}',
} as const;

export type ValidationKey = keyof typeof validationEn;
