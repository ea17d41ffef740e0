import { formatMoney } from '@propdesk/finance';

/**
 * Customer messages' templates (issue 28): what each says, in Arabic and English, with the
 * placeholders it may use. Shared by the server (rendering, the override's check on save) and the
 * browser (the template editor lists the placeholders).
 */
export const MESSAGE_TEMPLATES = ['installment_due', 'installment_overdue', 'receipt_issued', 'cheque_bounced', 'statement', 'reservation_confirmed'] as const;
export type MessageTemplate = (typeof MESSAGE_TEMPLATES)[number];
export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_LANGUAGES = ['ar', 'en'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];
export const MESSAGE_STATES = ['queued', 'sent', 'failed', 'skipped'] as const;
export type MessageStatus = (typeof MESSAGE_STATES)[number];
/** The kind of document a message is about. */
export const MESSAGE_DOCUMENTS = ['installment', 'receipt', 'statement', 'cheque', 'reservation'] as const;
export type MessageDocument = (typeof MESSAGE_DOCUMENTS)[number];

/** The document each template is about. */
export const TEMPLATE_DOCUMENT: Readonly<Record<MessageTemplate, MessageDocument>> = {
  installment_due: 'installment',
  installment_overdue: 'installment',
  receipt_issued: 'receipt',
  cheque_bounced: 'cheque',
  statement: 'statement',
  reservation_confirmed: 'reservation',
};

/** Templates a person may send by hand (`POST /api/messages`): the others follow their event. */
export const HAND_TEMPLATES: readonly MessageTemplate[] = ['statement', 'installment_due', 'installment_overdue'];

const COMMON = ['customer', 'company'] as const;

/** The placeholders (`{{name}}`) each template may use. */
export const TEMPLATE_PLACEHOLDERS: Readonly<Record<MessageTemplate, readonly string[]>> = {
  installment_due: [...COMMON, 'amount', 'dueDate', 'days', 'contract', 'installment', 'project'],
  installment_overdue: [...COMMON, 'amount', 'dueDate', 'daysLate', 'graceDays', 'contract', 'installment', 'project'],
  receipt_issued: [...COMMON, 'amount', 'receipt', 'receiptDate', 'contract'],
  cheque_bounced: [...COMMON, 'amount', 'cheque', 'chequeDate', 'bounceCharge', 'contract'],
  statement: [...COMMON, 'balance', 'asOf'],
  reservation_confirmed: [...COMMON, 'reservation', 'unit', 'project', 'amount'],
};

export type Wording = { subject: string; body: string; sms: string };

/** The wording Propdesk ships; a project may override any part (`message-templates`). */
export const DEFAULT_WORDING: Readonly<Record<MessageTemplate, Readonly<Record<MessageLanguage, Wording>>>> = {
  installment_due: {
    en: {
      subject: 'Installment {{installment}} of {{contract}} falls due on {{dueDate}}',
      body: 'Dear {{customer}},\n\nThis is a reminder that installment {{installment}} of your contract {{contract}} ({{project}}), {{amount}}, falls due on {{dueDate}}, in {{days}} days.\n\nIf you have already paid, please disregard this message.\n\n{{company}}',
      sms: '{{company}}: installment {{installment}} of {{contract}}, {{amount}}, is due on {{dueDate}}.',
    },
    ar: {
      subject: 'موعد استحقاق القسط {{installment}} من العقد {{contract}} في {{dueDate}}',
      body: 'السيد/ة {{customer}}،\n\nنذكّركم بأن القسط {{installment}} من عقدكم {{contract}} ({{project}}) بقيمة {{amount}} يستحق في {{dueDate}}، بعد {{days}} أيام.\n\nإذا كنتم قد سددتم بالفعل فيرجى تجاهل هذه الرسالة.\n\n{{company}}',
      sms: '{{company}}: القسط {{installment}} من العقد {{contract}} بقيمة {{amount}} يستحق في {{dueDate}}.',
    },
  },
  installment_overdue: {
    en: {
      subject: 'Installment {{installment}} of {{contract}} is overdue',
      body: 'Dear {{customer}},\n\nInstallment {{installment}} of your contract {{contract}} ({{project}}) fell due on {{dueDate}} and {{amount}} of it is still unpaid, {{daysLate}} days later (the grace period is {{graceDays}} days).\n\nPlease pay it as soon as possible or contact us to agree on a date.\n\n{{company}}',
      sms: '{{company}}: installment {{installment}} of {{contract}}, {{amount}}, due {{dueDate}}, is overdue. Please pay or call us.',
    },
    ar: {
      subject: 'القسط {{installment}} من العقد {{contract}} متأخر السداد',
      body: 'السيد/ة {{customer}}،\n\nاستحق القسط {{installment}} من عقدكم {{contract}} ({{project}}) في {{dueDate}} وما زال مبلغ {{amount}} منه غير مسدد بعد {{daysLate}} يومًا (مهلة السماح {{graceDays}} أيام).\n\nنرجو السداد في أقرب وقت أو التواصل معنا للاتفاق على موعد.\n\n{{company}}',
      sms: '{{company}}: القسط {{installment}} من العقد {{contract}} بقيمة {{amount}} المستحق في {{dueDate}} متأخر. نرجو السداد أو الاتصال بنا.',
    },
  },
  receipt_issued: {
    en: {
      subject: 'Receipt {{receipt}}: {{amount}} received',
      body: 'Dear {{customer}},\n\nWe received {{amount}} from you on {{receiptDate}} for {{contract}}. Receipt {{receipt}} is attached.\n\nThank you.\n\n{{company}}',
      sms: '{{company}}: we received {{amount}} on {{receiptDate}} (receipt {{receipt}}). Thank you.',
    },
    ar: {
      subject: 'إيصال {{receipt}}: تم استلام {{amount}}',
      body: 'السيد/ة {{customer}}،\n\nاستلمنا منكم مبلغ {{amount}} بتاريخ {{receiptDate}} عن {{contract}}. مرفق الإيصال رقم {{receipt}}.\n\nشكرًا لكم.\n\n{{company}}',
      sms: '{{company}}: استلمنا {{amount}} بتاريخ {{receiptDate}} (إيصال {{receipt}}). شكرًا لكم.',
    },
  },
  cheque_bounced: {
    en: {
      subject: 'Cheque {{cheque}} was returned unpaid',
      body: 'Dear {{customer}},\n\nYour cheque {{cheque}} dated {{chequeDate}}, {{amount}}, for {{contract}} was returned unpaid by the bank. The installments it paid are open again. {{bounceCharge}}\n\nPlease replace the cheque or pay the amount within 7 days; our collections team will contact you.\n\n{{company}}',
      sms: '{{company}}: cheque {{cheque}}, {{amount}}, was returned unpaid. Please replace it or pay within 7 days.',
    },
    ar: {
      subject: 'الشيك رقم {{cheque}} مرتد دون صرف',
      body: 'السيد/ة {{customer}}،\n\nارتد شيككم رقم {{cheque}} بتاريخ {{chequeDate}} بقيمة {{amount}} عن {{contract}} دون صرف، وعادت الأقساط التي سددها مستحقة. {{bounceCharge}}\n\nنرجو استبدال الشيك أو سداد المبلغ خلال ٧ أيام، وسيتواصل معكم فريق التحصيل.\n\n{{company}}',
      sms: '{{company}}: ارتد الشيك رقم {{cheque}} بقيمة {{amount}}. نرجو استبداله أو السداد خلال ٧ أيام.',
    },
  },
  statement: {
    en: {
      subject: 'Your statement of account as of {{asOf}}',
      body: 'Dear {{customer}},\n\nYour statement of account as of {{asOf}} is attached. Your balance due is {{balance}}.\n\n{{company}}',
      sms: '{{company}}: your balance due as of {{asOf}} is {{balance}}.',
    },
    ar: {
      subject: 'كشف حسابكم حتى {{asOf}}',
      body: 'السيد/ة {{customer}}،\n\nمرفق كشف حسابكم حتى {{asOf}}. الرصيد المستحق عليكم {{balance}}.\n\n{{company}}',
      sms: '{{company}}: رصيدكم المستحق حتى {{asOf}} هو {{balance}}.',
    },
  },
  reservation_confirmed: {
    en: {
      subject: 'Reservation {{reservation}} confirmed: unit {{unit}}',
      body: 'Dear {{customer}},\n\nYour reservation {{reservation}} of unit {{unit}} in {{project}} is confirmed, at {{amount}}. We will contact you to sign the contract.\n\n{{company}}',
      sms: '{{company}}: reservation {{reservation}} of unit {{unit}} ({{project}}) is confirmed.',
    },
    ar: {
      subject: 'تأكيد الحجز {{reservation}}: الوحدة {{unit}}',
      body: 'السيد/ة {{customer}}،\n\nتم تأكيد حجزكم رقم {{reservation}} للوحدة {{unit}} في {{project}} بقيمة {{amount}}. سنتواصل معكم لتوقيع العقد.\n\n{{company}}',
      sms: '{{company}}: تم تأكيد الحجز {{reservation}} للوحدة {{unit}} ({{project}}).',
    },
  },
};

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholder names a text uses, in order, once each. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))];
}

/** The placeholders of `text` the template does not know (an override using one is refused on save). */
export function unknownPlaceholders(template: MessageTemplate, text: string): string[] {
  const known = TEMPLATE_PLACEHOLDERS[template];
  return placeholdersIn(text).filter((name) => !known.includes(name));
}

/** `text` with each `{{name}}` replaced by its value (a known placeholder with no value becomes empty). */
export function fillTemplate(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (_all, name: string) => values[name] ?? '');
}

/** Dates as a person reads them: `28 November 2026` / `٢٨ نوفمبر ٢٠٢٦` (Intl, ar-EG or en-GB), a calendar day. */
// One formatter per language, made once (making one costs far more than using it).
const DATES = {
  ar: new Intl.DateTimeFormat('ar-EG', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
} as const;
const NUMBERS = { ar: new Intl.NumberFormat('ar-EG'), en: new Intl.NumberFormat('en-GB') } as const;

export function messageDate(isoDay: string, lang: MessageLanguage): string {
  const [year, month, day] = isoDay.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(year!, (month ?? 1) - 1, day ?? 1));
  return DATES[lang === 'ar' ? 'ar' : 'en'].format(date);
}

/** Money with its currency, as the receipts print it (Eastern digits in Arabic). */
export const messageMoney = (amount: string, lang: MessageLanguage) => formatMoney(amount, { lang, currency: 'EGP' });

/** A whole number in the language's digits. */
export const messageNumber = (value: number, lang: MessageLanguage) => NUMBERS[lang === 'ar' ? 'ar' : 'en'].format(value);

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const UNSUBSCRIBE_WORDS: Readonly<Record<MessageLanguage, { text: string; link: string }>> = {
  en: { text: 'To stop receiving these e-mails:', link: 'unsubscribe' },
  ar: { text: 'لإيقاف هذه الرسائل:', link: 'إلغاء الاشتراك' },
};

/** The e-mail's HTML: paragraphs of the body, right to left in Arabic, with the unsubscribe link at the foot. */
export function emailHtml(lang: MessageLanguage, subject: string, body: string, unsubscribeUrl: string | null): string {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const paragraphs = body
    .split(/\n{2,}/)
    .map((part) => `<p>${escapeHtml(part).replaceAll('\n', '<br>')}</p>`)
    .join('\n');
  const words = UNSUBSCRIBE_WORDS[lang];
  const foot = unsubscribeUrl ? `\n<hr>\n<p style="font-size:12px;color:#666">${escapeHtml(words.text)} <a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(words.link)}</a></p>` : '';
  return `<!doctype html>\n<html lang="${lang}" dir="${dir}">\n<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>\n<body dir="${dir}" style="font-family:Arial,Tahoma,sans-serif;text-align:${lang === 'ar' ? 'right' : 'left'}">\n${paragraphs}${foot}\n</body>\n</html>\n`;
}

/** The e-mail's plain-text part, with the unsubscribe link at the foot. */
export function emailText(lang: MessageLanguage, body: string, unsubscribeUrl: string | null): string {
  return unsubscribeUrl ? `${body}\n\n--\n${UNSUBSCRIBE_WORDS[lang].text} ${unsubscribeUrl}\n` : `${body}\n`;
}
