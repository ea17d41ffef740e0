import { useMemo, useState } from 'react';
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
import { catalogWords } from '@propdesk/i18n';
import { useLanguage, useT } from '@propdesk/i18n/react';
import { localizeResource, type DefinitionWords, type ResourceDef } from '@propdesk/records/model';
import { RecordForm, recordsApi, registerResources, resourceScreen } from '@propdesk/records/web';
import { leadActivities } from '../../model/definitions.js';
import { SALES_RESOURCES } from '../manifest.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import { definitionWords } from '../../web/i18n/definitionWords.js';
import { useFormat } from '../../web/i18n/format.js';
import { leadLinks } from './links.js';

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

/** The activity's definition in the page's language (its labels and help), as the engine's own pages show it. */
function useLocalized(def: ResourceDef): ResourceDef {
  useT(definitionWords);
  const language = useLanguage();
  return useMemo(() => {
    const words = language === 'en' ? undefined : catalogWords(definitionWords, language);
    return words ? localizeResource(def, words as DefinitionWords) : def;
  }, [def, language]);
}

function LogActivity() {
  registerResources(SALES_RESOURCES);
  const t = useT(salesCatalog);
  const { dateTime } = useFormat();
  const def = useLocalized(leadActivities);
  const me = useCurrentUser();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [round, setRound] = useState(0);
  const { data, isLoading } = recordsApi.useListRecordsQuery(
    { resource: 'lead-activities', params: { 'filter[createdBy][eq]': me?.userId ?? '', sort: '-createdOn', pageSize: String(RECENT) } },
    { skip: !me },
  );
  return (
    // The shell's pages bring their own margins (as the engine's ResourcePage does).
    <Stack spacing={2} sx={{ maxWidth: 960, px: { xs: 2, md: 3 }, pb: 3, pt: 1 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h5" component="h2" sx={{ mb: 2.5 }}>
          {t('lead.logActivity')}
        </Typography>
        <RecordForm
          key={round}
          def={def}
          initial={{ at: new Date().toISOString() }}
          onSaved={() => {
            enqueueSnackbar(t('lead.activityLogged'), { variant: 'success' });
            setRound((value) => value + 1);
          }}
          onCancel={() => void navigate(leadLinks.route)}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label={t('activity.recent')}>
        <Typography variant="h6" component="h3">
          {t('activity.recent')}
        </Typography>
        {isLoading ? (
          <Skeleton variant="rectangular" height={120} />
        ) : (data?.data ?? []).length === 0 ? (
          <Typography color="text.secondary">{t('activity.noneYet')}</Typography>
        ) : (
          <List dense>
            {(data?.data ?? []).map((activity) => (
              <ListItem key={activity.id} disableGutters>
                <ListItemText
                  // Typed data (a type, a lead's name, an outcome) isolated: Latin letters must not reorder the Arabic beside them.
                  primary={
                    <>
                      <bdi>{String(activity.refLabels.type ?? '')}</bdi> · <bdi>{String(activity.refLabels.lead ?? '')}</bdi>
                    </>
                  }
                  secondary={[dateTime(activity.at), activity.outcome ? String(activity.outcome) : null, activity.nextFollowUpAt ? t('activity.nextFollowUp', { time: dateTime(activity.nextFollowUpAt) }) : null]
                    .filter((part): part is string => Boolean(part))
                    .map((part, index) => (
                      <span key={index}>
                        {index > 0 ? ' · ' : null}
                        <bdi>{part}</bdi>
                      </span>
                    ))}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </Stack>
  );
}
