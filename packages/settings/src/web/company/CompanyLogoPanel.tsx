import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { fieldErrorMap, toApiError } from '@propdesk/api-client';
import { useChecker } from '@propdesk/auth-session/web';
import type { RecordRow } from '@propdesk/records/model';
import { ConfirmDialog, formatDateTime } from '@propdesk/records/web';
import { useSnackbar } from 'notistack';
import { useRef, useState, type ChangeEvent } from 'react';
import { LOGO_MAX_BYTES } from '../../model/index.js';
import { useRemoveCompanyLogoMutation, useUploadCompanyLogoMutation } from './companyApi.js';

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/**
 * Under the company profile's view: the logo every print carries, and (for whoever may change the
 * profile) a way to upload another or take it off. PNG or JPEG, at most 1 MB: a larger file is
 * refused here before it is sent, and the server judges every file by its bytes.
 */
export function CompanyLogoPanel({ record }: { record: RecordRow }) {
  const { enqueueSnackbar } = useSnackbar();
  const canChange = useChecker().can('companyProfile', 'update');
  const [upload, { isLoading: uploading }] = useUploadCompanyLogoMutation();
  const [remove, { isLoading: removing }] = useRemoveCompanyLogoMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const hasLogo = Boolean(record.logoType);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    if (file.size > LOGO_MAX_BYTES) {
      setProblem(`The logo can be at most ${sizeText(LOGO_MAX_BYTES)}; ${file.name} is ${sizeText(file.size)}.`);
      return;
    }
    try {
      const answer = await upload({ id: record.id, file }).unwrap();
      enqueueSnackbar(answer.message ?? 'Logo uploaded.', { variant: 'success' });
    } catch (error) {
      const failure = toApiError(error);
      setProblem(fieldErrorMap(failure).logo ?? failure.message);
    }
  };

  const takeOff = async () => {
    setConfirmRemove(false);
    try {
      const answer = await remove(record.id).unwrap();
      enqueueSnackbar(answer.message ?? 'Logo removed.', { variant: 'success' });
    } catch (error) {
      setProblem(toApiError(error).message);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Logo">
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        Logo
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ width: 112, height: 112, border: 1, borderColor: 'divider', borderRadius: 1, display: 'grid', placeItems: 'center', bgcolor: 'background.default', flexShrink: 0 }}>
          {hasLogo ? (
            <Box component="img" src={`/api/company-profile/${record.id}/logo?v=${encodeURIComponent(String(record.logoUpdatedOn ?? ''))}`} alt={`Logo of ${String(record.name)}`} sx={{ maxWidth: 104, maxHeight: 104 }} />
          ) : (
            <Typography variant="caption" color="text.secondary">
              No logo
            </Typography>
          )}
        </Box>
        <Stack spacing={1}>
          <Typography variant="body2">
            {hasLogo
              ? `Every print carries it: contracts, receipts, statements, broker statements, purchase requests and orders. ${String(record.logoType) === 'image/png' ? 'PNG' : 'JPEG'}, ${sizeText(Number(record.logoSize ?? 0))}, uploaded ${formatDateTime(record.logoUpdatedOn)}.`
              : 'The prints carry the company’s name and details without a logo until one is uploaded.'}
          </Typography>
          {canChange ? (
            <Stack direction="row" spacing={1}>
              <input ref={input} type="file" accept="image/png,image/jpeg" hidden aria-label="Logo file" onChange={(event) => void choose(event)} />
              <Button variant="outlined" size="small" disabled={uploading} onClick={() => input.current?.click()}>
                {hasLogo ? 'Upload another logo' : 'Upload a logo'}
              </Button>
              {hasLogo ? (
                <Button color="error" size="small" disabled={removing} onClick={() => setConfirmRemove(true)}>
                  Take the logo off
                </Button>
              ) : null}
            </Stack>
          ) : null}
          <Typography variant="caption" color="text.secondary">
            PNG or JPEG, at most {sizeText(LOGO_MAX_BYTES)}; a square image of a few hundred pixels prints best.
          </Typography>
          {problem ? <Alert severity="error">{problem}</Alert> : null}
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirmRemove}
        title="Take the logo off?"
        body="The next prints carry the company’s name and details without a logo. Prints issued already keep theirs."
        confirmLabel="Take it off"
        danger
        onConfirm={() => void takeOff()}
        onCancel={() => setConfirmRemove(false)}
      />
    </Paper>
  );
}
