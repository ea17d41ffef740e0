import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '@propdesk/i18n/react';
import { formatMoney } from '../../model/money.js';
import { procurementWebCatalog } from '../../web/i18n/catalog.js';
import { useProcurementDashboardQuery } from './requestApi.web.js';

/** The procurement dashboard on the Purchase Request page's header. */
export function ProcurementDashboard() {
  const { data, error } = useProcurementDashboardQuery();
  const t = useT(procurementWebCatalog);
  if (error || !data) return null;
  const open = data.requestsByStatus.reduce((sum, row) => sum + row.count, 0);
  return (
    <Box component="section" aria-label={t('dash.region')} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1.4fr 1fr 1.4fr' }, mb: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="overline" color="text.secondary">
          {t('dash.openRequests')}
        </Typography>
        <Typography variant="h4" component="p">
          {open}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
          {data.requestsByStatus.map((row) => (
            <Chip key={row.status} size="small" label={t('dash.status', { status: row.status, count: row.count })} />
          ))}
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="overline" color="text.secondary">
          {t('dash.awaitingApproval')}
        </Typography>
        <Typography variant="h4" component="p">
          {data.awaitingApproval.count}
        </Typography>
        <Typography color="text.secondary">{t('dash.inTotal', { total: formatMoney(data.awaitingApproval.total) })}</Typography>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="overline" color="text.secondary">
          {t('dash.spendByProject')}
        </Typography>
        {data.spendByProject.length === 0 ? <Typography color="text.secondary">{t('dash.noSpend')}</Typography> : null}
        {data.spendByProject.map((row) => (
          <Box key={row.project} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <Typography>
              <bdi>{row.project}</bdi>
            </Typography>
            <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(row.total)}</Typography>
          </Box>
        ))}
      </Paper>
    </Box>
  );
}
