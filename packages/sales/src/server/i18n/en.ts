import { notificationsEn } from './notifications.en.js';

/** Sales' server words (issue 29). Done: hold requests. English is what the API always answered. */
export const en = {
  ...notificationsEn,
  holdMaxExtensions: 'A hold can be extended at most {max, plural, one {# time} other {# times}} in {project}; this one has been extended {done}.',
  holdMaxTotalHours: 'A hold can last at most {max} hours in all in {project}; {extra} more hours would make {total}.',
  holdMaxHours: 'A hold can last at most {max} hours in {project}; {hours} were asked.',
  holdMaxActive: 'An agent can have at most {max} active holds (pending or approved) in {project}; you have {count}.',
  holdReleaseRefused: 'Only the requester or an approver can release this hold.',
  holdNoExtension: 'No extension has been asked for on {number}.',
  holdExtendRefused: 'Only the holder can ask to extend this hold.',
  holdExtendOnlyApproved: 'An extension can be asked for only while the hold is approved; this one is {status}.',
  holdExtensionWaiting: 'An extension of {hours} hours is already waiting for approval on {number}.',
  holdExtensionMaxHours: 'An extension can add at most {max} hours in {project}; {hours} were asked.',
  holdNotFound: 'No such hold request',
  holdReserveOnlyApproved: 'Only an approved hold can become a reservation; this one is {status}.',
} as const;

export type SalesKey = keyof typeof en;
