/** The refusals of the customer-message routes (send by hand, preview, unsubscribe link). Spread into en.ts. */
export const messagesEn = {
  messageStatementNoDocument: 'A statement is about the customer; name no document',
  messageOnlyStatementDate: 'Only a statement has a date',
  messageLinkInvalid: 'This link is not valid',
  messageUnknownPlaceholder: 'Unknown placeholder {names}',
  messageNotFound: 'No such message',
  messageNotRetried: 'This message is {status}; only a failed message is retried.',
  messageNothingToRetry: 'This message has nothing to retry',
  messageSmsOff: 'SMS is not configured on this server (PROPDESK_SMS_URL and PROPDESK_SMS_TOKEN)',
  messageOptedOutEmail: 'The customer opted out of e-mails (emailOptOut)',
  messageOptedOutSms: 'The customer opted out of SMS (smsOptOut)',
  messageNoEmail: 'No e-mail address: the customer has none to send to',
  messageNoPhone: 'No phone: the customer has none to send to',
} as const;
