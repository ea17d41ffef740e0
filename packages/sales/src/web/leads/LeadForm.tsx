import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fieldErrorMap, toApiError } from '@propdesk/api-client';
import { ReferencePicker } from '@propdesk/records/web';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { DuplicateNotice } from './DuplicateNotice.js';
import { useCreateLeadMutation } from './leadApi.js';
import { PhoneInput } from './PhoneInput.js';

const TITLES = {
  walkin: ['Add Lead (Sales Form)', 'Walk-in lead', 'Name, phone, project and source are enough; the rest can wait for the lead’s page.'],
  full: ['Add New Lead', 'Add New Lead', 'The lead is yours once saved. Its phone and email are checked against the open leads while you type.'],
} as const;

/**
 * Add New Lead and Add Lead (Sales Form): the same form, the walk-in one with only name, phone,
 * project, source and walk-in location. Phones are chosen by country and stored in E.164.
 */
export function LeadForm({ variant }: { variant: 'walkin' | 'full' }) {
  const full = variant === 'full';
  const [ariaLabel, heading, intro] = TITLES[variant];
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [fullName, setFullName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [project, setProject] = useState<string | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const [location, setLocation] = useState<string | null>(null);
  const [phone2, setPhone2] = useState('');
  const [extra, setExtra] = useState<Record<string, string | null>>({});
  const setRef = (name: string) => (value: string | string[] | null) => setExtra((current) => ({ ...current, [name]: (value as string | null) ?? null }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [createLead] = useCreateLeadMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!fullName.trim()) missing.fullName = 'Required';
    if (!phone.startsWith('+')) missing.phone = 'Enter a complete number for the chosen country';
    if (!source) missing.source = 'Required';
    if (!project) missing.projects = 'Required';
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setSaving(true);
    setFailure(null);
    try {
      const body: Record<string, unknown> = { fullName: fullName.trim(), phone, source, projects: [project] };
      if (email.trim()) body.email = email.trim();
      if (location) body.walkinLocation = location;
      if (full) {
        if (phone2) body.phone2 = phone2;
        for (const [name, value] of Object.entries(extra)) if (value) body[name] = name === 'nextFollowUpAt' ? new Date(value).toISOString() : value;
      }
      const answer = await createLead(body).unwrap();
      enqueueSnackbar('Lead created.', { variant: 'success' });
      void navigate(`/sales/leads?record=${answer.data.id}`);
    } catch (error) {
      const problem = toApiError(error);
      setErrors(fieldErrorMap(problem));
      setFailure(problem.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box component="section" aria-label={ariaLabel} sx={{ px: { xs: 2, md: 3 }, pb: 3, pt: 1, maxWidth: 720 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {heading}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {intro}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack component="form" spacing={2} noValidate onSubmit={(event) => void submit(event)}>
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          <TextField label="Full name" name="fullName" required autoFocus value={fullName} onChange={(event) => setFullName(event.target.value)} error={Boolean(errors.fullName)} helperText={errors.fullName ?? ' '} />
          <PhoneInput label="Phone" name="phone" required value={phone} onChange={setPhone} error={errors.phone} />
          {full ? <PhoneInput label="Second phone" name="phone2" value={phone2} onChange={setPhone2} error={errors.phone2} /> : null}
          <TextField label="Email" name="email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} error={Boolean(errors.email)} helperText={errors.email ?? ' '} />
          <DuplicateNotice phone={phone} email={email} />
          <ReferencePicker resource="projects" name="projects" label="Project" required value={project} onChange={(value) => setProject((value as string | null) ?? null)} error={errors.projects} />
          <ReferencePicker resource="sources" name="source" label="Source" required value={source} onChange={(value) => setSource((value as string | null) ?? null)} error={errors.source} />
          <ReferencePicker resource="walkin-locations" name="walkinLocation" label="Walk-in location" value={location} onChange={(value) => setLocation((value as string | null) ?? null)} />
          {full ? (
            <>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <Box sx={{ flex: 1, minWidth: 0 }}><ReferencePicker resource="channels" name="channel" label="Channel" value={extra.channel ?? null} onChange={setRef('channel')} error={errors.channel} /></Box>
                <Box sx={{ flex: 1, minWidth: 0 }}><ReferencePicker resource="nationalities" name="nationality" label="Nationality" value={extra.nationality ?? null} onChange={setRef('nationality')} error={errors.nationality} /></Box>
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <Box sx={{ flex: 1, minWidth: 0 }}><ReferencePicker resource="brokers" name="broker" label="Broker" value={extra.broker ?? null} onChange={setRef('broker')} error={errors.broker} /></Box>
                <Box sx={{ flex: 1, minWidth: 0 }}><ReferencePicker resource="unit-types" name="unitType" label="Unit type" value={extra.unitType ?? null} onChange={setRef('unitType')} error={errors.unitType} /></Box>
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField fullWidth label="Budget from" name="budgetMin" inputMode="decimal" value={extra.budgetMin ?? ''} onChange={(event) => setRef('budgetMin')(event.target.value)} error={Boolean(errors.budgetMin)} helperText={errors.budgetMin ?? ' '} />
                <TextField fullWidth label="Budget to" name="budgetMax" inputMode="decimal" value={extra.budgetMax ?? ''} onChange={(event) => setRef('budgetMax')(event.target.value)} error={Boolean(errors.budgetMax)} helperText={errors.budgetMax ?? ' '} />
              </Stack>
              <TextField label="Next follow-up" name="nextFollowUpAt" type="datetime-local" value={extra.nextFollowUpAt ?? ''} onChange={(event) => setRef('nextFollowUpAt')(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
              <TextField label="Notes" name="notes" multiline minRows={3} value={extra.notes ?? ''} onChange={(event) => setRef('notes')(event.target.value)} />
            </>
          ) : null}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => void navigate('/sales/leads')}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={saving}>
              Save lead
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}
