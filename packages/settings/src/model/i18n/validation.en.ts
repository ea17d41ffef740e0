/**
 * Words of settings' schemas and definitions' rules (shared with the web), found by their English in
 * an answer's problems (decision 222).
 */
export const validationEn = {
  mustBeRole: 'Must be a role',
  atMostRoles: 'At most 50 roles',
  mustBeApiKeyId: 'Must be an API key id',
  mustBeCompanyProfileId: 'Must be a company profile id',
  mustBeUserId: 'Must be a user id',
  mustBeWebhookId: 'Must be a webhook id',
  mustBeDeliveryId: 'Must be a delivery id',
  notEntityName: 'Not an entity name',
  notFieldName: 'Not a field name',
  notAction: 'Not an action',
  atMostPrivileges: 'At most 2000 privileges',
  departmentOwnParent: 'A department is not its own parent',
  eitherPctOrAmount: 'Give either a percentage or an amount',
  endsAfterStarts: 'Ends after it starts',
  pctCommissionNeedsPct: 'A percentage commission needs its percentage',
  fixedCommissionNeedsAmount: 'A fixed commission needs its amount',
  payableShare: 'Say what share of the price makes it payable',
  tieredNeedsTier: 'A tiered commission needs at least one tier',
  lastTierOpen: 'Only the last tier may be open-ended',
  mustBeAbove: 'Must be above {min}',
  actionMovesStep: 'An action moves to another step',
  deliveryAfterLaunch: 'Delivery comes after the launch',
  chooseEvents: 'Choose one or more events',
  unknownEvent: 'Unknown event {event}; one of {events}',
  eventTwice: 'An event is named twice',
  lastFloorAfterFirst: 'The last floor comes after the first',
  atMostUnitsAtOnce: 'At most 2,000 units at once',
  writeArabic: 'Write it in Arabic letters',
  // A payment plan's terms (finance's planProblems; the plan's schedule preview says them by code)
  planPercent: 'Between 0 and 100',
  planYears: 'A whole number from 0 to 30',
  planMonths: 'A whole number of months from 0 to 360',
  planOver100: 'The percentages add up to {total}%; they must add up to 100%.',
  planNotAll: 'With no installment years the percentages must add up to 100% (now {total}%).',
  planNothingLeft: 'Nothing is left for installments: set years to 0 or lower a percentage.',
} as const;

export type SettingsValidationKey = keyof typeof validationEn;
