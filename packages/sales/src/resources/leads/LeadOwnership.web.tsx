import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { fieldErrorMap, toApiError } from '@propdesk/api-client';
import { useChecker, useCurrentUser } from '@propdesk/auth-session/web';
import type { RecordRow } from '@propdesk/records/model';
import { isolate, richText, useT } from '@propdesk/i18n/react';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AssigneePicker } from './AssigneePicker.web.js';
import { useAssignLeadsMutation } from './leadApi.web.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import { useFormat } from '../../web/i18n/format.js';
import { customerFromLeadLink, customerLinks } from './links.js';

export type LeadOwnershipProps = { record: RecordRow };

/** Who holds a lead (take it, assign it, back to the pool), until when, and its customer or the way to make one. */
export function LeadOwnership({ record }: LeadOwnershipProps) {
  const t = useT(salesCatalog);
  const { when } = useFormat();
  const { enqueueSnackbar } = useSnackbar();
  const checker = useChecker();
  const me = useCurrentUser()?.userId ?? null;
  const id = record.id;
  const [assignLeads] = useAssignLeadsMutation();
  const [assignee, setAssignee] = useState<string | null>(null);
  const [assignError, setAssignError] = useState<string | null>(null);

  const assign = async (userId: string | null) => {
    try {
      const answer = await assignLeads({ ids: [id], userId }).unwrap();
      setAssignError(null);
      enqueueSnackbar(answer.message ?? t('lead.assigned'), { variant: 'success' });
    } catch (error) {
      const problem = toApiError(error);
      // The server's reason (who cannot own the lead and why) shows under the picker as well.
      setAssignError(fieldErrorMap(problem).userId ?? null);
      enqueueSnackbar(problem.message, { variant: 'error' });
    }
  };

  const canAssign = checker.can('lead', 'assign');
  const validUntil = typeof record.validUntil === 'string' ? new Date(record.validUntil) : null;
  const expiresSoon = validUntil !== null && validUntil.getTime() - Date.now() < 3 * 86_400_000;

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('lead.ownership')}
        </Typography>
        {record.assignedTo ? <Chip label={richText(t, 'lead.agent', {}, { agent: isolate(String(record.refLabels.assignedTo ?? '')) })} /> : <Chip color="info" label={t('lead.inPool')} />}
        {validUntil ? <Chip color={expiresSoon ? 'warning' : 'default'} label={t('lead.validUntil', { time: when(record.validUntil as string) })} /> : null}
        {!record.assignedTo && me ? (
          <Button variant="outlined" onClick={() => void assign(me)}>
            {t('lead.takeIt')}
          </Button>
        ) : null}
        {canAssign ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 360 }}>
            <Box sx={{ flex: 1, minWidth: 220 }}>
              <AssigneePicker leadId={id} exclude={typeof record.assignedTo === 'string' ? record.assignedTo : null} value={assignee} onChange={(userId) => setAssignee(userId)} error={assignError} />
            </Box>
            <Button disabled={!assignee} onClick={() => void assign(assignee)}>
              {t('lead.assign')}
            </Button>
            {record.assignedTo ? <Button onClick={() => void assign(null)}>{t('lead.toPool')}</Button> : null}
          </Stack>
        ) : null}
        <Stack direction="row" sx={{ marginInlineStart: { md: 'auto' } }}>
          {record.customer ? (
            <Button component={RouterLink} to={customerLinks.link(String(record.customer))}>
              {richText(t, 'lead.customer', {}, { customer: isolate(String(record.refLabels.customer ?? '')) })}
            </Button>
          ) : (
            <Button variant="contained" component={RouterLink} to={customerFromLeadLink(id)}>
              {t('lead.makeCustomer')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
