/**
 * The records engine's words on the server. `{thing}` is a definition's singular in lower case,
 * `{field}` a field's label (in lower case where the sentence runs on), both given in the caller's
 * language when the definition's words have it (`registerDefinitionWords`).
 */
export const en = {
  noSuch: 'No such {thing}',
  noSuchRow: 'No such {thing} (row {row})',
  staleVersion: 'Someone else changed this record after you opened it.',
  alreadyExistsWith: 'A {thing} with this {field} already exists: {label}.',
  alreadyExists: 'A {thing} with this {field} already exists.',
  alreadyExistsValues: 'A {thing} with these values already exists.',
  alreadyUsed: 'Already used',
  alreadyUsedBy: 'Already used by {label}',
  singletonExists: 'There is one {thing} already; change it instead.',
  neverDeleted: 'The {thing} is changed, never deleted.',
  inUse: 'This {thing} is used by other records and cannot be deleted.',
  recordMissing: '{field}: the chosen record does not exist',
  notAllowedValue: '{field} is not an allowed value',
  fieldTooLong: '{field} is too long',
  outOfRange: '{field} is out of range',
  notValid: '{field} is not valid',
  giveReason: 'Give a reason',
  actionNotInState: '{action} is not possible while the {thing} is {status}.',
  actionRefused: '{action} is not possible: {why}.',
  actionNotNow: '{action} is not possible: the {thing} does not allow it now.',
  noAction: 'No action {name}',
  cannotBeChosen: 'This {thing} cannot be chosen here',
  unknownResource: 'Unknown resource',
  noSuchView: 'No such view',
  viewNameTaken: 'You already have a view with this name',
  chooseRows: 'Choose the rows or a filter',
  chooseField: 'Choose a field you can change',
  mustBeList: 'Must be a list',
  atMostLines: 'At most {max} lines',
  mustBeLine: 'Must be a line',
  notALine: 'Not a line of this record',
} as const;

export type RecordsKey = keyof typeof en;
