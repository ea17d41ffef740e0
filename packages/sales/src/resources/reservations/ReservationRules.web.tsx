import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useChecker } from '@propdesk/auth-session/web';
import type { RecordRow } from '@propdesk/records/model';
import { humanize, recordsApi } from '@propdesk/records/web';
import { isolate, richText, useT } from '@propdesk/i18n/react';
import { Link as RouterLink } from 'react-router';
import { salesCatalog } from '../../web/i18n/catalog.js';
import { useFormat } from '../../web/i18n/format.js';
import { useOptionLabel } from '../../web/i18n/definitionWords.js';
import { discountAuthorityLinks, reservationSetupLinks } from './links.js';

const SETUP_ROUTE = reservationSetupLinks.route;
const AUTHORITY_ROUTE = discountAuthorityLinks.route;

const where = (node: unknown) => `where=${encodeURIComponent(JSON.stringify(node))}`;

/** The Settings screens of a reservation's rules: its project's reservation setup, and the discount authorities that allow its discount. */
export function reservationRuleLinks(record: RecordRow, setupId: string | null) {
  const project = typeof record.project === 'string' ? record.project : null;
  const pct = record.discountPct === null || record.discountPct === undefined || record.discountPct === '' ? '0' : String(record.discountPct);
  return {
    setup: setupId ? reservationSetupLinks.link(setupId) : project ? `${SETUP_ROUTE}?${where({ field: 'project', op: 'eq', value: project })}` : SETUP_ROUTE,
    // The roles whose authority covers this discount without approval (a person's highest role counts).
    authority: `${AUTHORITY_ROUTE}?${where({ field: 'maxPct', op: 'gte', value: pct })}`,
    pct,
  };
}

/**
 * Under a reservation's view: the rules it was made under, each linked to its Settings screen: the
 * project's reservation setup (days to sign, fee on cancel, approvers) and the discount authority
 * that decides whether its discount needed approval.
 */
export function ReservationRules({ record }: { record: RecordRow }) {
  const t = useT(salesCatalog);
  const format = useFormat();
  const optionLabel = useOptionLabel();
  const project = typeof record.project === 'string' ? record.project : '';
  // The setup is read with reservationSetup read (the server's rule); without it the links stay, the figures do not.
  const readsSetups = useChecker().can('reservationSetup', 'read');
  const { data } = recordsApi.useListRecordsQuery({ resource: 'reservation-setups', params: { 'filter[project]': project, pageSize: '1' } }, { skip: !project || !readsSetups });
  const setup = data?.data[0] ?? null;
  const links = reservationRuleLinks(record, setup?.id ?? null);
  const label = record.refLabels?.project;
  const projectName = typeof label === 'string' ? label : t('rules.thisProject');
  const onCancel = (value: unknown) => (format.language === 'en' ? humanize(String(value)).toLowerCase() : optionLabel('reservation-setups', 'feeOnCancel', value));
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={t('rules.label')}>
      <Typography variant="subtitle1">{t('rules.title')}</Typography>
      <Stack spacing={0.5}>
        <Typography variant="body2">
          <Link component={RouterLink} to={links.setup}>
            {richText(t, 'rules.setupOf', {}, { project: isolate(projectName) })}
          </Link>
          {setup
            ? t('rules.setup', { days: String(setup.signByDays), count: Number(setup.signByDays), fee: format.money(setup.defaultFee), onCancel: onCancel(setup.feeOnCancel) })
            : data
              ? t('rules.noSetup')
              : ''}
        </Typography>
        <Typography variant="body2">
          <Link component={RouterLink} to={links.authority}>
            {t('rules.authority')}
          </Link>
          {t('rules.discount', { pct: format.percent(links.pct) })}
          {record.needsApprovalReason ? ` (${String(record.needsApprovalReason)})` : ''}
        </Typography>
      </Stack>
    </Paper>
  );
}
