import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { generateSchedule, planProblems, type PlanProblem } from '@propdesk/finance';
import { formatNumber, localeOf, type Language } from '@propdesk/i18n';
import { useLanguage, useT } from '@propdesk/i18n/react';
import { CURRENCY } from '@propdesk/records/model';
import { DateInput } from '@propdesk/records/web';
import { planTerms } from '../../model/definitions/payments.js';
import { settingsWebCatalog } from '../i18n/catalog.js';

export type SchedulePreviewProps = {
  values: Readonly<Record<string, unknown>>;
};

/** Amounts to the piastre, dates as the page's language writes them (English as before: 1,234.50 and 24 Nov 2026). */
const formats = (language: Language) => {
  // Arabic as the engine's dates read (29 نوفمبر 2026, digits 0–9).
  const date =
    language === 'en'
      ? new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' })
      : new Intl.DateTimeFormat(`${localeOf(language)}-u-nu-latn`, { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return {
    money: (value: string) => formatNumber(Number(value), language === 'en' ? 'en' : language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    date: (day: string) => date.format(new Date(`${day}T00:00:00Z`)),
  };
};
const today = () => new Date().toISOString().slice(0, 10);

/** The full installment schedule of the plan being edited, for a sample price, as the user types. */
export function SchedulePreview({ values }: SchedulePreviewProps) {
  const t = useT(settingsWebCatalog);
  const language = useLanguage();
  const format = useMemo(() => formats(language), [language]);
  const problemText = (problem: PlanProblem) => t(`plans.problem.${problem.code}`, problem.params);
  const [price, setPrice] = useState('3000000');
  const [start, setStart] = useState(today);
  const terms = planTerms(values);
  const problems = planProblems(terms);
  const schedule = useMemo(() => {
    if (problems.length > 0 || !/^\d{1,13}(\.\d{1,2})?$/.test(price) || !/^\d{4}-\d{2}-\d{2}$/.test(start)) return null;
    try {
      return generateSchedule({ price, terms, startDate: start });
    } catch {
      return null;
    }
  }, [price, start, terms, problems.length]);

  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={t('plans.preview')} component="section">
      <Typography variant="h6" component="h3">
        {t('plans.preview')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('plans.previewHelp')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField size="small" label={t('plans.samplePrice', { currency: CURRENCY })} value={price} onChange={(event) => setPrice(event.target.value.replace(/,/g, ''))} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        <Box sx={{ minWidth: 200 }}>
          <DateInput id="preview-start" name="previewStart" label={t('plans.firstPayment')} value={start} onChange={setStart} onBlur={() => undefined} />
        </Box>
      </Stack>
      {problems.length > 0 ? <Alert severity="info">{problemText(problems[0]!)}</Alert> : null}
      {schedule ? (
        <>
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="body2">{t('plans.price', { amount: format.money(schedule.price) })}</Typography>
            <Typography variant="body2">{t('plans.discount', { amount: format.money(schedule.discount) })}</Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('plans.net', { amount: format.money(schedule.netPrice) })}
            </Typography>
            <Typography variant="body2">{t('plans.payments', { count: schedule.lines.length, n: formatNumber(schedule.lines.length, language) })}</Typography>
          </Box>
          <TableContainer sx={{ maxHeight: 420 }}>
            <Table size="small" stickyHeader aria-label={t('plans.schedule')}>
              <TableHead>
                <TableRow>
                  <TableCell>#</TableCell>
                  <TableCell>{t('plans.due')}</TableCell>
                  <TableCell>{t('plans.payment')}</TableCell>
                  <TableCell align="right">{t('plans.amount')}</TableCell>
                  <TableCell align="right">{t('plans.share')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {schedule.lines.map((line) => (
                  <TableRow key={line.seq}>
                    <TableCell>{line.seq}</TableCell>
                    <TableCell>{format.date(line.dueDate)}</TableCell>
                    <TableCell>{t(`plans.kind.${line.kind}`)}</TableCell>
                    <TableCell align="right">{format.money(line.amount)}</TableCell>
                    <TableCell align="right">{line.pctOfNet}%</TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                <TableRow>
                  <TableCell colSpan={3}>{t('plans.total')}</TableCell>
                  <TableCell align="right">{format.money(schedule.total)}</TableCell>
                  <TableCell align="right">100%</TableCell>
                </TableRow>
              </TableFooter>
            </Table>
          </TableContainer>
        </>
      ) : null}
    </Paper>
  );
}
