import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fieldErrorMap, toApiError } from '@propdesk/api-client';
import { useChecker, useCurrentUser } from '@propdesk/auth-session/web';
import type { RecordRow } from '@propdesk/records/model';
import { DateInput, ReferencePicker } from '@propdesk/records/web';
import { useT } from '@propdesk/i18n/react';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { AssigneePicker } from './AssigneePicker.web.js';
import { useAssignLeadsMutation, useLeadActivitiesQuery, useLogLeadActivityMutation } from './leadApi.web.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import { useFormat } from '../../web/i18n/format.js';

const now = () => new Date().toISOString();

/** Under a lead's view: who holds it (take, assign), make a customer, log an activity and the timeline. */
// eslint-disable-next-line max-lines-per-function -- issue 30: still to split into hooks and components
export function LeadPanel({ record }: { record: RecordRow }) {
  const t = useT(salesCatalog);
  const { when } = useFormat();
  const { enqueueSnackbar } = useSnackbar();
  const checker = useChecker();
  const me = useCurrentUser()?.userId ?? null;
  const id = record.id;
  // The timeline; logging an activity or a change to the lead refreshes it (tags).
  const { data: activities = null } = useLeadActivitiesQuery(id);
  const [logActivity] = useLogLeadActivityMutation();
  const [assignLeads] = useAssignLeadsMutation();
  const [type, setType] = useState<string | null>(null);
  const [at, setAt] = useState(now);
  const [outcome, setOutcome] = useState('');
  const [notes, setNotes] = useState('');
  const [followUp, setFollowUp] = useState('');
  const [assignee, setAssignee] = useState<string | null>(null);
  const [assignError, setAssignError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const log = async (event: FormEvent) => {
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
        lead: id,
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

  // A lead merged into another is kept for its history only: it names the survivor, and nothing more is done on it.
  if (typeof record.mergedInto === 'string' && record.mergedInto) {
    return (
      <Alert severity="info" sx={{ mt: 2 }} action={<Button component={RouterLink} to={`/sales/leads?record=${record.mergedInto}`}>{t('lead.openIt')}</Button>}>
        {t('lead.mergedInto', { lead: String(record.refLabels.mergedInto ?? t('lead.anotherLead')) })}
      </Alert>
    );
  }

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('lead.ownership')}
          </Typography>
          {record.assignedTo ? <Chip label={t('lead.agent', { agent: String(record.refLabels.assignedTo ?? '') })} /> : <Chip color="info" label={t('lead.inPool')} />}
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
              <Button component={RouterLink} to={`/settings/leads/Customers?record=${String(record.customer)}`}>
                {t('lead.customer', { customer: String(record.refLabels.customer ?? '') })}
              </Button>
            ) : (
              <Button variant="contained" component={RouterLink} to={`/sales/leads/addcustomer?lead=${id}`}>
                {t('lead.makeCustomer')}
              </Button>
            )}
          </Stack>
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {t('lead.logActivity')}
        </Typography>
        <Stack component="form" spacing={2} onSubmit={(event) => void log(event)} aria-label={t('lead.logActivity')}>
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
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('lead.timeline')}
        </Typography>
        {activities === null ? null : activities.length === 0 ? (
          <Alert severity="info" sx={{ mt: 1 }}>
            {t('lead.noActivities')}
          </Alert>
        ) : (
          <List aria-label={t('lead.activities')} dense>
            {activities.map((activity, index) => (
              <Stack key={activity.id}>
                {index > 0 ? <Divider component="li" /> : null}
                <ListItem alignItems="flex-start">
                  <ListItemText
                    // Each part isolated (<bdi>): a type or an outcome typed in Latin letters must not reorder the Arabic date beside it.
                    primary={
                      <>
                        <bdi>{String(activity.refLabels.type ?? t('lead.activity'))}</bdi> · <bdi>{when(activity.at)}</bdi>
                        {activity.outcome ? (
                          <>
                            {' · '}
                            <bdi>{activity.outcome}</bdi>
                          </>
                        ) : null}
                      </>
                    }
                    secondary={[activity.notes, activity.nextFollowUpAt ? t('lead.nextFollowUpAt', { time: when(activity.nextFollowUpAt) }) : null].filter(Boolean).join(' — ') || null}
                  />
                </ListItem>
              </Stack>
            ))}
          </List>
        )}
      </Paper>
    </Stack>
  );
}
