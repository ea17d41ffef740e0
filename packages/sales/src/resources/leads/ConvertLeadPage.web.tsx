import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fieldErrorMap, toApiError } from '@propdesk/api-client';
import { DateInput, ReferencePicker } from '@propdesk/records/web';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isNationalIdForm, isPassportForm } from '../../model/phones.js';
import { useConvertLeadMutation } from './leadApi.web.js';

/** Add Customer: a lead becomes a customer (linked both ways; the lead is won). */
export function ConvertLeadPage() {
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
    if (!lead) problems.lead = 'Choose the lead';
    if (nationalId && !isNationalIdForm(nationalId)) problems.nationalId = 'A national ID is 14 digits starting with 2 or 3';
    if (passportNo && !isPassportForm(passportNo)) problems.passportNo = 'A passport number is 6 to 9 letters and digits';
    if (kind === 'individual' && !nationalId && !passportNo) problems.nationalId = 'Enter a national ID or a passport number';
    if (kind === 'company' && !companyName.trim()) problems.companyName = 'Enter the company’s name';
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
      enqueueSnackbar('Customer created from the lead.', { variant: 'success' });
      void navigate(`/settings/leads/Customers?record=${answer.data.id}`);
    } catch (error) {
      const problem = toApiError(error);
      setErrors(fieldErrorMap(problem));
      setFailure(problem.message);
    }
  };

  return (
    <Box component="section" aria-label="Add Customer" sx={{ px: { xs: 2, md: 3 }, pb: 3, pt: 1, maxWidth: 720 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Make a customer of a lead
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The customer takes the lead’s name, phones and email; the lead is marked won and keeps the link.
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack component="form" spacing={2} noValidate onSubmit={(event) => void submit(event)}>
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          <ReferencePicker resource="leads" name="lead" label="Lead" required value={lead} onChange={(value) => setLead((value as string | null) ?? null)} error={errors.lead} />
          <TextField select label="Kind" name="kind" value={kind} onChange={(event) => setKind(event.target.value as 'individual' | 'company')}>
            <MenuItem value="individual">Individual</MenuItem>
            <MenuItem value="company">Company</MenuItem>
          </TextField>
          {kind === 'company' ? <TextField label="Company name" name="companyName" value={companyName} onChange={(event) => setCompanyName(event.target.value)} error={Boolean(errors.companyName)} helperText={errors.companyName ?? ' '} /> : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField fullWidth label="National ID" name="nationalId" value={nationalId} onChange={(event) => setNationalId(event.target.value.trim())} error={Boolean(errors.nationalId)} helperText={errors.nationalId ?? '14 digits'} slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 14 } }} />
            <TextField fullWidth label="Passport number" name="passportNo" value={passportNo} onChange={(event) => setPassportNo(event.target.value.trim())} error={Boolean(errors.passportNo)} helperText={errors.passportNo ?? ' '} />
          </Stack>
          <DateInput id="field-birthDate" name="birthDate" label="Birth date" value={birthDate} onChange={setBirthDate} onBlur={() => undefined} />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => void navigate(-1)}>Cancel</Button>
            <Button type="submit" variant="contained">
              Make customer
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}
