import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fieldErrorMap, toApiError } from '@propdesk/api-client';
import { useT } from '@propdesk/i18n/react';
import { DateInput, ReferencePicker } from '@propdesk/records/web';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isNationalIdForm, isPassportForm } from '../../model/phones.js';
import { useConvertLeadMutation } from './leadApi.web.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import { customerLinks } from './links.js';

/** Add Customer: a lead becomes a customer (linked both ways; the lead is won). */
export function ConvertLeadPage() {
  const t = useT(salesCatalog);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [lead, setLead] = useState<string | null>(search.get('lead'));
  const [kind, setKind] = useState<'individual' | 'company'>('individual');
  const [nationalId, setNationalId] = useState('');
  const [passportNo, setPassportNo] = useState('');
  const [companyName, setCompanyName] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [convertLead] = useConvertLeadMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!lead) problems.lead = t('convert.chooseLead');
    if (nationalId && !isNationalIdForm(nationalId)) problems.nationalId = t('convert.nationalIdForm');
    if (passportNo && !isPassportForm(passportNo)) problems.passportNo = t('convert.passportForm');
    if (kind === 'individual' && !nationalId && !passportNo) problems.nationalId = t('convert.idOrPassport');
    if (kind === 'company' && !companyName.trim()) problems.companyName = t('convert.companyNameRequired');
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !lead) return;
    try {
      const answer = await convertLead({
        id: lead,
        body: {
          kind,
          ...(nationalId ? { nationalId } : {}),
          ...(passportNo ? { passportNo } : {}),
          ...(companyName.trim() ? { companyName: companyName.trim() } : {}),
          ...(birthDate ? { birthDate } : {}),
        },
      }).unwrap();
      enqueueSnackbar(t('convert.created'), { variant: 'success' });
      void navigate(customerLinks.link(answer.data.id));
    } catch (error) {
      const problem = toApiError(error);
      setErrors(fieldErrorMap(problem));
      setFailure(problem.message);
    }
  };

  return (
    <Box component="section" aria-label={t('convert.region')} sx={{ px: { xs: 2, md: 3 }, pb: 3, pt: 1, maxWidth: 720 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('convert.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('convert.intro')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack component="form" spacing={2} noValidate onSubmit={(event) => void submit(event)}>
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          <ReferencePicker resource="leads" name="lead" label={t('convert.lead')} required value={lead} onChange={(value) => setLead((value as string | null) ?? null)} error={errors.lead} />
          <TextField select label={t('convert.kind')} name="kind" value={kind} onChange={(event) => setKind(event.target.value as 'individual' | 'company')}>
            <MenuItem value="individual">{t('convert.individual')}</MenuItem>
            <MenuItem value="company">{t('convert.company')}</MenuItem>
          </TextField>
          {kind === 'company' ? <TextField label={t('convert.companyName')} name="companyName" value={companyName} onChange={(event) => setCompanyName(event.target.value)} error={Boolean(errors.companyName)} helperText={errors.companyName ?? ' '} /> : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField fullWidth label={t('convert.nationalId')} name="nationalId" value={nationalId} onChange={(event) => setNationalId(event.target.value.trim())} error={Boolean(errors.nationalId)} helperText={errors.nationalId ?? t('convert.nationalIdHelp')} slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 14 } }} />
            <TextField fullWidth label={t('convert.passportNo')} name="passportNo" value={passportNo} onChange={(event) => setPassportNo(event.target.value.trim())} error={Boolean(errors.passportNo)} helperText={errors.passportNo ?? ' '} />
          </Stack>
          <DateInput id="field-birthDate" name="birthDate" label={t('convert.birthDate')} value={birthDate} onChange={setBirthDate} onBlur={() => undefined} />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => void navigate(-1)}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained">
              {t('lead.makeCustomer')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}
