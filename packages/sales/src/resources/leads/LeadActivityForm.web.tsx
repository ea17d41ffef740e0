import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fieldErrorMap, toApiError } from '@propdesk/api-client';
import { DateInput, ReferencePicker } from '@propdesk/records/web';
import { useT } from '@propdesk/i18n/react';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { useLogLeadActivityMutation } from './leadApi.web.js';
import { salesCatalog } from '../../web/i18n/catalog.js';

const now = () => new Date().toISOString();

export type LeadActivityFormProps = { leadId: string };

/** Log an activity on a lead: its type, when, the next follow-up, the outcome and notes. */
export function LeadActivityForm({ leadId }: LeadActivityFormProps) {
  const t = useT(salesCatalog);
  const { enqueueSnackbar } = useSnackbar();
  const [logActivity] = useLogLeadActivityMutation();
  const [type, setType] = useState<string | null>(null);
  const [at, setAt] = useState(now);
  const [outcome, setOutcome] = useState('');
  const [notes, setNotes] = useState('');
  const [followUp, setFollowUp] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = (value: string) => !Number.isNaN(new Date(value).getTime());
    const problems: Record<string, string> = {};
    if (!type) problems.type = t('lead.required');
    if (!valid(at)) problems.at = t('lead.giveDateTime');
    if (followUp && !valid(followUp)) problems.nextFollowUpAt = t('lead.giveDateTimeOrEmpty');
    if (!type || Object.keys(problems).length > 0) {
      setErrors(problems);
      return;
    }
    try {
      await logActivity({
        lead: leadId,
        type,
        at: new Date(at).toISOString(),
        ...(outcome.trim() ? { outcome: outcome.trim() } : {}),
        ...(notes.trim() ? { notes: notes.trim() } : {}),
        ...(followUp ? { nextFollowUpAt: new Date(followUp).toISOString() } : {}),
      }).unwrap();
      setErrors({});
      setOutcome('');
      setNotes('');
      setFollowUp('');
      enqueueSnackbar(t('lead.activityLogged'), { variant: 'success' });
    } catch (error) {
      const problem = toApiError(error);
      setErrors(fieldErrorMap(problem));
      enqueueSnackbar(problem.message, { variant: 'error' });
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('lead.logActivity')}
      </Typography>
      <Stack component="form" spacing={2} onSubmit={(event) => void handleSubmit(event)} aria-label={t('lead.logActivity')}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <Box sx={{ flex: 1, minWidth: 220 }}>
            <ReferencePicker resource="lead-activity-types" name="activityType" label={t('lead.type')} required value={type} onChange={(value) => setType((value as string | null) ?? null)} error={errors.type} />
          </Box>
          {/* Day, month, year (the engine's date-time input), never the browser's mm/dd/yyyy. */}
          <Box sx={{ minWidth: 240 }}>
            <DateInput id="activityAt" name="activityAt" label={t('lead.when')} withTime required value={at} onChange={setAt} onBlur={() => undefined} error={Boolean(errors.at)} helperText={errors.at} />
          </Box>
          <Box sx={{ minWidth: 240 }}>
            <DateInput id="activityFollowUp" name="activityFollowUp" label={t('lead.nextFollowUp')} withTime value={followUp} onChange={setFollowUp} onBlur={() => undefined} error={Boolean(errors.nextFollowUpAt)} helperText={errors.nextFollowUpAt} />
          </Box>
        </Stack>
        <TextField label={t('lead.outcome')} name="outcome" value={outcome} onChange={(event) => setOutcome(event.target.value)} error={Boolean(errors.outcome)} helperText={errors.outcome ?? ' '} />
        <TextField label={t('lead.notes')} name="activityNotes" multiline minRows={2} value={notes} onChange={(event) => setNotes(event.target.value)} />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained">
            {t('lead.logButton')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
