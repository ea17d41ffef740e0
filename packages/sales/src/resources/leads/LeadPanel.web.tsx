import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { RecordRow } from '@propdesk/records/model';
import { isolate, richText, useT } from '@propdesk/i18n/react';
import { Link as RouterLink } from 'react-router';
import { LeadActivityForm } from './LeadActivityForm.web.js';
import { LeadOwnership } from './LeadOwnership.web.js';
import { LeadTimeline } from './LeadTimeline.web.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import { leadLinks } from './links.js';

/** Under a lead's view: who holds it (take, assign), make a customer, log an activity and the timeline. */
export function LeadPanel({ record }: { record: RecordRow }) {
  const t = useT(salesCatalog);

  // A lead merged into another is kept for its history only: it names the survivor, and nothing more is done on it.
  if (typeof record.mergedInto === 'string' && record.mergedInto) {
    return (
      <Alert severity="info" sx={{ mt: 2 }} action={<Button component={RouterLink} to={leadLinks.link(record.mergedInto)}>{t('lead.openIt')}</Button>}>
        {richText(t, 'lead.mergedInto', {}, { lead: isolate(String(record.refLabels.mergedInto ?? t('lead.anotherLead'))) })}
      </Alert>
    );
  }

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <LeadOwnership record={record} />
      <LeadActivityForm leadId={record.id} />
      <LeadTimeline leadId={record.id} />
    </Stack>
  );
}
