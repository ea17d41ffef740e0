import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState, type ChangeEvent } from 'react';
import { apiErrorText } from '@propdesk/api-client';
import { useChecker } from '@propdesk/auth-session/web';
import { useProcurementWords } from '../../web/i18n/words.js';
import { useUploadQuotationAttachmentMutation } from './quotationApi.web.js';

const LIMIT = 5 * 1024 * 1024;

/** The supplier's PDF of a quotation: uploaded (PDF only, at most 5 MB) and opened in the browser. */
export function AttachmentPanel({ quotationId, name }: { quotationId: string; name: string | null }) {
  const { t } = useProcurementWords();
  const checker = useChecker();
  const [uploadAttachment] = useUploadQuotationAttachmentMutation();
  const { enqueueSnackbar } = useSnackbar();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf')) return setError(t('att.onlyPdf'));
    if (file.size > LIMIT) return setError(t('att.tooLarge'));
    setBusy(true);
    setError(null);
    try {
      await uploadAttachment({ id: quotationId, file, name: file.name }).unwrap();
      enqueueSnackbar(t('att.uploaded'), { variant: 'success' });
    } catch (problem) {
      setError(apiErrorText(problem));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('att.section')}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('att.title')}
      </Typography>
      {error ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      ) : null}
      <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        {name ? (
          <Link href={`/api/quotations/${quotationId}/attachment`} target="_blank" rel="noopener">
            {name}
          </Link>
        ) : (
          <Typography color="text.secondary">{t('att.none')}</Typography>
        )}
        {checker.can('quotation', 'update') ? (
          <Button component="label" variant="outlined" size="small" startIcon={<UploadFileOutlined />} disabled={busy}>
            {name ? t('att.replace') : t('att.upload')}
            <input hidden type="file" accept="application/pdf,.pdf" aria-label={t('att.input')} onChange={(event) => void upload(event)} />
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
