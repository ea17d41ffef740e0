import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '@propdesk/i18n/react';
import { useLeadActivitiesQuery } from './leadApi.web.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import { useFormat } from '../../web/i18n/format.js';

export type LeadTimelineProps = { leadId: string };

/** A lead's activities, newest first as the server sends them. */
export function LeadTimeline({ leadId }: LeadTimelineProps) {
  const t = useT(salesCatalog);
  const { when } = useFormat();
  // Logging an activity or a change to the lead refreshes it (tags).
  const { data: activities = null } = useLeadActivitiesQuery(leadId);

  return (
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
  );
}
