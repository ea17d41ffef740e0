import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { RecordRow } from '@propdesk/records/model';
import type { Translate } from '@propdesk/i18n';
import { isolate, useT } from '@propdesk/i18n/react';
import { Link as RouterLink } from 'react-router';
import { useCustomerPortfolioQuery, type CustomerPortfolio as Portfolio } from './reservationApi.web.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import type { SalesKey } from '../../web/i18n/en.js';
import { useOptionLabel } from '../../web/i18n/definitionWords.js';
import { useFormat, type SalesFormat } from '../../web/i18n/format.js';
import { leadLinks } from '../leads/links.js';
import { eoiLinks } from '../eois/links.js';
import { eoiPaymentLinks } from '../eoi-payments/links.js';
import { holdLinks } from '../hold-requests/links.js';
import { reservationGroupPaymentLinks } from '../reservation-payments/links.js';
import { reservationLinks } from './links.js';

type Column = [label: string, value: (row: RecordRow) => string];
const ref = (row: RecordRow, name: string) => String(row.refLabels?.[name] ?? '');

/** A cell's data (a code, a name, an amount with its currency, a date) keeps its own order in right-to-left rows. */
const cell = (text: string) => (text ? isolate(text) : text);

type Option = (resource: string, field: string, value: unknown) => string;

/** The sections in the page's words: a status is its definition's option label. */
const sections = (t: Translate<SalesKey>, format: SalesFormat, option: Option): readonly { key: keyof Portfolio; title: string; link: (row: RecordRow) => string; columns: Column[] }[] => {
  const status = (resource: string) => (row: RecordRow) => (row.status ? option(resource, 'status', row.status) : '');
  const number: Column = [t('portfolio.number'), (row) => String(row.number ?? '')];
  return [
    { key: 'leads', title: t('portfolio.leads'), link: (row) => leadLinks.link(row.id), columns: [[t('portfolio.name'), (row) => String(row.fullName ?? '')], [t('portfolio.status'), (row) => ref(row, 'status')], [t('portfolio.agent'), (row) => ref(row, 'assignedTo')]] },
    { key: 'eois', title: t('portfolio.eois'), link: (row) => eoiLinks.link(row.id), columns: [number, [t('portfolio.token'), (row) => String(row.tokenLabel ?? '')], [t('portfolio.paid'), (row) => format.money(row.paidAmount)], [t('portfolio.status'), status('eois')]] },
    { key: 'eoiPayments', title: t('portfolio.eoiPayments'), link: (row) => eoiPaymentLinks.link(row.id), columns: [number, [t('portfolio.date'), (row) => format.date(row.paidOn)], [t('portfolio.amount'), (row) => format.money(row.amount)], [t('portfolio.status'), status('eoi-payments')]] },
    { key: 'holds', title: t('portfolio.holds'), link: (row) => holdLinks.link(row.id), columns: [number, [t('portfolio.unit'), (row) => ref(row, 'unit')], [t('portfolio.status'), status('hold-requests')]] },
    { key: 'reservations', title: t('portfolio.reservations'), link: (row) => reservationLinks.link(row.id), columns: [number, [t('portfolio.unit'), (row) => ref(row, 'unit')], [t('portfolio.netPrice'), (row) => format.money(row.netPrice)], [t('portfolio.status'), status('reservations')]] },
    { key: 'reservationPayments', title: t('portfolio.reservationPayments'), link: (row) => reservationGroupPaymentLinks.link(row.id), columns: [number, [t('portfolio.date'), (row) => format.date(row.paidOn)], [t('portfolio.amount'), (row) => format.money(row.amount)], [t('portfolio.status'), status('reservation-payments')]] },
  ];
};

/** Under a customer's view: their leads, EOIs, holds, reservations and payments (the parts the reader may see). */
export function CustomerPortfolio({ customerId }: { customerId: string }) {
  const t = useT(salesCatalog);
  const format = useFormat();
  const option = useOptionLabel();
  const { data } = useCustomerPortfolioQuery(customerId);
  if (!data) return null;
  return (
    <Stack spacing={2} aria-label={t('portfolio.region')}>
      {sections(t, format, option).filter((section) => data[section.key] !== null).map((section) => {
        const rows = data[section.key] ?? [];
        return (
          <Paper key={section.key} variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1">
              {t('portfolio.title', { title: section.title, n: format.number(rows.length) })}
            </Typography>
            {rows.length === 0 ? (
              <Typography color="text.secondary">{t('portfolio.none')}</Typography>
            ) : (
              <Table size="small">
                <TableHead>
                  <TableRow>
                    {section.columns.map(([label]) => (
                      <TableCell key={label}>{label}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={row.id}>
                      {section.columns.map(([label, value], index) => (
                        <TableCell key={label}>{index === 0 ? <RouterLink to={section.link(row)}>{isolate(value(row) || '—')}</RouterLink> : cell(value(row))}</TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
