import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fieldErrorMap, toApiError } from '@propdesk/api-client';
import { ReferencePicker, formatMoney, recordsApi } from '@propdesk/records/web';
import { isolate, richText, useLanguage, useT } from '@propdesk/i18n/react';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ReservationPreview, previewArgsOf } from './ReservationPreview.web.js';
import { RevisionsList } from './RevisionsCompare.web.js';
import { useModifyReservationMutation, useReservationRevisionsQuery } from './reservationApi.web.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import { useOptionLabel } from '../../web/i18n/definitionWords.js';
import { reservationLinks } from './links.js';

/**
 * `/Reservations/Modify?id=`: asks to change a confirmed reservation's unit, payment plan, offer or
 * discount. The proposal is previewed beside the current prices; once sent it waits for finance,
 * who apply it as a new revision (the old one kept, both shown side by side on the view).
 */
/** The Modify page's content within the page's gutter (as the engine's pages). */
export default function ModifyReservationPage() {
  const t = useT(salesCatalog);
  return (
    <Box component="section" aria-label={t('doc.modifyPage')} sx={{ px: { xs: 2, md: 3 }, pb: 3, pt: 1 }}>
      <ModifyReservation />
    </Box>
  );
}

function ModifyReservation() {
  const t = useT(salesCatalog);
  const language = useLanguage();
  const optionLabel = useOptionLabel();
  const [search, setSearch] = useSearchParams();
  const id = search.get('id') ?? search.get('record');
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { data: record, error: loadError } = recordsApi.useGetRecordQuery({ resource: 'reservations', id: id ?? '' }, { skip: !id });
  const { data: revisions } = useReservationRevisionsQuery(id ?? '', { skip: !id });
  const [modify, { isLoading }] = useModifyReservationMutation();
  const [unit, setUnit] = useState<string | null>(null);
  const [plan, setPlan] = useState<string | null>(null);
  const [offer, setOffer] = useState<string | null | undefined>(undefined);
  const [discountKind, setDiscountKind] = useState<'percent' | 'amount' | ''>('');
  const [discountValue, setDiscountValue] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  if (!id) {
    return (
      <Paper sx={{ p: 3, maxWidth: 640 }}>
        <Typography variant="h6" gutterBottom>
          {t('doc.modifyTitle')}
        </Typography>
        <ReferencePicker resource="reservations" name="reservation" label={t('doc.confirmedReservation')} value={null} onChange={(value) => value && setSearch({ id: String(value) })} />
      </Paper>
    );
  }
  if (loadError) return <Alert severity="error">{t('doc.loadFailed')}</Alert>;
  if (!record) return <Typography color="text.secondary">{t('doc.loading')}</Typography>;

  const proposed = {
    ...record,
    unit: unit ?? record.unit,
    paymentPlan: plan ?? record.paymentPlan,
    offer: offer === undefined ? record.offer : offer,
    discountKind: discountKind || record.discountKind,
    discountValue: discountValue === '' ? record.discountValue : discountValue,
  };
  const body = {
    ...(unit && unit !== record.unit ? { unit } : {}),
    ...(plan && plan !== record.paymentPlan ? { paymentPlan: plan } : {}),
    ...(offer !== undefined && offer !== record.offer ? { offer } : {}),
    ...(discountKind && discountKind !== record.discountKind ? { discountKind } : {}),
    ...(discountValue !== '' ? { discountValue } : {}),
    reason: reason.trim(),
  };
  const editable = record.status === 'confirmed' && !record.modificationPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setErrors({});
    try {
      await modify({ id, body }).unwrap();
      enqueueSnackbar(t('doc.sentForApproval'), { variant: 'success' });
      void navigate(reservationLinks.link(id));
    } catch (error) {
      const failure = toApiError(error);
      setErrors(fieldErrorMap(failure));
      setProblem(failure.message);
    }
  };

  const labels = record.refLabels ?? {};
  const heading = { number: String(record.number), unit: String(labels.unit ?? ''), price: formatMoney(record.netPrice) };
  const status = language === 'ar' ? optionLabel('reservations', 'status', record.status) : String(record.status).replace(/_/g, ' ');
  return (
    <Stack spacing={2}>
      <Typography variant="h6">
        {language === 'ar'
          ? richText(t, 'doc.modifyHeading', heading, { number: isolate(heading.number), unit: isolate(heading.unit), price: isolate(heading.price) })
          : t('doc.modifyHeading', heading)}
      </Typography>
      {!editable ? (
        <Alert severity="info">
          {record.modificationPending ? t('doc.alreadyWaiting') : t('doc.onlyConfirmed', { status })}
        </Alert>
      ) : null}
      {problem ? <Alert severity="error">{problem}</Alert> : null}
      <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
        <Stack spacing={2}>
          <ReferencePicker resource="units" name="unit" label={t('doc.unit')} value={(proposed.unit as string) ?? null} valueLabels={unit ? null : (labels.unit as string | null) ?? null} onChange={(value) => setUnit((value as string | null) ?? null)} error={errors.unit} disabled={!editable} />
          <ReferencePicker resource="payment-plans" name="paymentPlan" label={t('doc.paymentPlan')} pickFor="reservations.paymentPlan" match={typeof proposed.unit === 'string' ? `unit:${proposed.unit}` : undefined} value={(proposed.paymentPlan as string) ?? null} valueLabels={plan ? null : (labels.paymentPlan as string | null) ?? null} onChange={(value) => setPlan((value as string | null) ?? null)} error={errors.paymentPlan} disabled={!editable} />
          <ReferencePicker resource="unit-offers" name="offer" label={t('doc.offer')} pickFor="reservations.offer" match={typeof proposed.unit === 'string' ? `unit:${proposed.unit}` : undefined} value={(proposed.offer as string | null) ?? null} valueLabels={offer === undefined ? ((labels.offer as string | null) ?? null) : null} onChange={(value) => setOffer((value as string | null) ?? null)} error={errors.offer} disabled={!editable} />
          <Stack direction="row" spacing={2}>
            <TextField select size="small" label={t('doc.discountAs')} value={String(proposed.discountKind ?? 'percent')} onChange={(event) => setDiscountKind(event.target.value as 'percent' | 'amount')} disabled={!editable} sx={{ minWidth: 160 }}>
              <MenuItem value="percent">{t('doc.percent')}</MenuItem>
              <MenuItem value="amount">{t('doc.amount')}</MenuItem>
            </TextField>
            <TextField size="small" label={t('doc.discount')} value={discountValue === '' ? String(record.discountValue ?? '') : discountValue} onChange={(event) => setDiscountValue(event.target.value)} error={Boolean(errors.discountValue)} helperText={errors.discountValue} disabled={!editable} />
          </Stack>
          <TextField label={t('doc.why')} required value={reason} onChange={(event) => setReason(event.target.value)} error={Boolean(errors.reason)} helperText={errors.reason ?? t('doc.whyHelp')} disabled={!editable} multiline minRows={2} />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={!editable || isLoading || reason.trim() === ''}>
              {t('doc.sendForApproval')}
            </Button>
            <Button onClick={() => void navigate(reservationLinks.link(id))}>{t('doc.backToReservation')}</Button>
          </Stack>
        </Stack>
        <Stack spacing={2}>
          <ReservationPreview args={previewArgsOf(record)} title={t('doc.nowRevision', { revision: String(record.revision ?? 1) })} />
          <ReservationPreview args={previewArgsOf(proposed)} title={t('doc.asModified')} />
        </Stack>
      </Box>
      <Typography variant="subtitle1">{t('doc.revisions')}</Typography>
      <RevisionsList revisions={revisions ?? []} />
    </Stack>
  );
}
