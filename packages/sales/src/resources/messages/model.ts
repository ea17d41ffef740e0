import type { MessageChannel, MessageDocument, MessageLanguage, MessageStatus, MessageTemplate } from './templates.js';

// The channels a message goes on, for a request that names one (a band's reminders).
export { MESSAGE_CHANNELS, type MessageChannel } from './templates.js';

/** A customer message as `/api/messages` answers it (issue 28). */
export type MessageView = {
  id: string;
  customer: string;
  customerName: string;
  channel: MessageChannel;
  template: MessageTemplate;
  language: MessageLanguage;
  documentType: MessageDocument | null;
  documentId: string | null;
  status: MessageStatus;
  skippedReason: string | null;
  attempts: number;
  lastError: string | null;
  nextTryAt: string | null;
  providerId: string | null;
  transport: string | null;
  recipient: string | null;
  subject: string | null;
  body: string | null;
  idempotencyKey: string;
  byHand: boolean;
  createdOn: string;
  sentAt: string | null;
};
