import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useCurrentUser } from '@propdesk/auth-session/web';
import { RecordForm, formatDateTime, recordsApi, registerResources, resourceScreen } from '@propdesk/records/web';
import { leadActivities } from '../../model/definitions.js';
import { SALES_RESOURCES } from '../manifest.js';

const ActivityRecord = resourceScreen('lead-activities', SALES_RESOURCES);
const RECENT = 10;

/**
 * "Add Lead Activity" (issue 19): the engine's form to log an activity (lead, type, when, outcome, next
 * follow-up), with the user's own recent activities under it. A link to one activity (`?record=`) opens
 * the engine's view of it, as every resource screen does.
 */
export function AddActivityPage() {
  const [search] = useSearchParams();
  if (search.has('record') || search.has('create')) return <ActivityRecord />;
  return <LogActivity />;
}

function LogActivity() {
  registerResources(SALES_RESOURCES);
  const me = useCurrentUser();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [round, setRound] = useState(0);
  const { data, isLoading } = recordsApi.useListRecordsQuery(
    { resource: 'lead-activities', params: { 'filter[createdBy][eq]': me?.userId ?? '', sort: '-createdOn', pageSize: String(RECENT) } },
    { skip: !me },
  );
  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h5" component="h2" sx={{ mb: 2.5 }}>
          Log an activity
        </Typography>
        <RecordForm
          key={round}
          def={leadActivities}
          initial={{ at: new Date().toISOString() }}
          onSaved={() => {
            enqueueSnackbar('Activity logged; the lead’s validity moved.', { variant: 'success' });
            setRound((value) => value + 1);
          }}
          onCancel={() => void navigate('/sales/leads')}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label="Your recent activities">
        <Typography variant="h6" component="h3">
          Your recent activities
        </Typography>
        {isLoading ? (
          <Skeleton variant="rectangular" height={120} />
        ) : (data?.data ?? []).length === 0 ? (
          <Typography color="text.secondary">None yet.</Typography>
        ) : (
          <List dense>
            {(data?.data ?? []).map((activity) => (
              <ListItem key={activity.id} disableGutters>
                <ListItemText
                  primary={`${String(activity.refLabels.type ?? '')} · ${String(activity.refLabels.lead ?? '')}`}
                  secondary={[
                    formatDateTime(activity.at),
                    activity.outcome ? String(activity.outcome) : null,
                    activity.nextFollowUpAt ? `next follow-up ${formatDateTime(activity.nextFollowUpAt)}` : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </Stack>
  );
}
