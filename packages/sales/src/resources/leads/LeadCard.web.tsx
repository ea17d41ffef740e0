import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { localeOf, type Language } from '@propdesk/i18n';
import { useLanguage, useT } from '@propdesk/i18n/react';
import type { RecordRow } from '@propdesk/records/model';
import { salesCatalog } from '../../web/i18n/catalog.js';

const DAY = 86_400_000;

/** How a lead's card stands out: an overdue follow-up, or validity ending within three days. */
export function urgencyOf(lead: RecordRow, now = Date.now()): { overdue: boolean; expiring: boolean } {
  const follow = typeof lead.nextFollowUpAt === 'string' ? new Date(lead.nextFollowUpAt).getTime() : null;
  const until = typeof lead.validUntil === 'string' ? new Date(lead.validUntil).getTime() : null;
  return { overdue: follow !== null && follow < now, expiring: until !== null && until - now < 3 * DAY };
}

/** 28 Nov (the month's name in the page's language, digits 0–9). */
const shortDate = (iso: unknown, language: Language) =>
  typeof iso === 'string' ? new Date(iso).toLocaleDateString(language === 'en' ? 'en-GB' : `${localeOf(language)}-u-nu-latn`, { day: 'numeric', month: 'short' }) : '';

/** A lead's lines on the board's card (under its name): phone and agent, and why it is urgent. */
export function LeadCard({ lead }: { lead: RecordRow }) {
  const t = useT(salesCatalog);
  const language = useLanguage();
  const { overdue, expiring } = urgencyOf(lead);
  return (
    <>
      <Typography variant="caption" color="text.secondary" component="div">
        <bdi>{String(lead.phone)}</bdi> · <bdi>{lead.refLabels.assignedTo ?? t('leads.pool')}</bdi>
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap' }}>
        {overdue ? <Chip size="small" color="error" label={t('leads.followUpOn', { date: shortDate(lead.nextFollowUpAt, language) })} /> : null}
        {expiring ? <Chip size="small" color="warning" label={t('leads.expiresOn', { date: shortDate(lead.validUntil, language) })} /> : null}
      </Stack>
    </>
  );
}
