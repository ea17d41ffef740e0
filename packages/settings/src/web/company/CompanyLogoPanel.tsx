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
import { formatNumber, type Language, type Translate } from '@propdesk/i18n';
import { dataText, useLanguage, useT } from '@propdesk/i18n/react';
import { useRemoveCompanyLogoMutation, useUploadCompanyLogoMutation } from './companyApi.js';
import { settingsWebCatalog } from '../i18n/catalog.js';
import type { SettingsWebKey } from '../i18n/en.js';

type T = Translate<SettingsWebKey>;

/** A file's size (1.0 MB, 240 KB): English as before (`toFixed`), Arabic in its words with Latin digits. */
const sizeText = (bytes: number, t: T, language: Language) => {
  const written = (value: number, digits: number) => (language === 'en' ? value.toFixed(digits) : formatNumber(value, language, { minimumFractionDigits: digits, maximumFractionDigits: digits }));
  return bytes >= 1024 * 1024 ? t('company.mb', { n: written(bytes / (1024 * 1024), 1) }) : t('company.kb', { n: written(Math.max(1, Math.round(bytes / 1024)), 0) });
};

/** When the logo was uploaded: English the engine's format as before; Arabic the month's name, Latin digits. */
const uploadedWhen = (value: unknown, language: Language) => {
  if (language === 'en' || typeof value !== 'string' || !value) return formatDateTime(value);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return formatDateTime(value);
  return new Intl.DateTimeFormat('ar-EG-u-nu-latn', { day: '2-digit', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
};

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
  const t = useT(settingsWebCatalog);
  const language = useLanguage();
  const size = (bytes: number) => sizeText(bytes, t, language);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    if (file.size > LOGO_MAX_BYTES) {
      setProblem(t('company.tooBig', { max: size(LOGO_MAX_BYTES), file: file.name, size: size(file.size) }));
      return;
    }
    try {
      const answer = await upload({ id: record.id, file }).unwrap();
      enqueueSnackbar(answer.message ?? t('company.uploaded'), { variant: 'success' });
    } catch (error) {
      const failure = toApiError(error);
      setProblem(fieldErrorMap(failure).logo ?? failure.message);
    }
  };

  const takeOff = async () => {
    setConfirmRemove(false);
    try {
      const answer = await remove(record.id).unwrap();
      enqueueSnackbar(answer.message ?? t('company.removed'), { variant: 'success' });
    } catch (error) {
      setProblem(toApiError(error).message);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={t('company.logo')}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('company.logo')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ width: 112, height: 112, border: 1, borderColor: 'divider', borderRadius: 1, display: 'grid', placeItems: 'center', bgcolor: 'background.default', flexShrink: 0 }}>
          {hasLogo ? (
            <Box component="img" src={`/api/company-profile/${record.id}/logo?v=${encodeURIComponent(String(record.logoUpdatedOn ?? ''))}`} alt={t('company.logoOf', { name: String(record.name) })} sx={{ maxWidth: 104, maxHeight: 104 }} />
          ) : (
            <Typography variant="caption" color="text.secondary">
              {t('company.noLogo')}
            </Typography>
          )}
        </Box>
        <Stack spacing={1}>
          <Typography variant="body2">
            {hasLogo
              ? dataText(language, (params) => t('company.carries', params), {}, {
                  type: String(record.logoType) === 'image/png' ? 'PNG' : 'JPEG',
                  size: size(Number(record.logoSize ?? 0)),
                  when: uploadedWhen(record.logoUpdatedOn, language),
                })
              : t('company.noLogoPrints')}
          </Typography>
          {canChange ? (
            <Stack direction="row" spacing={1}>
              <input ref={input} type="file" accept="image/png,image/jpeg" hidden aria-label={t('company.logoFile')} onChange={(event) => void choose(event)} />
              <Button variant="outlined" size="small" disabled={uploading} onClick={() => input.current?.click()}>
                {hasLogo ? t('company.uploadAnother') : t('company.upload')}
              </Button>
              {hasLogo ? (
                <Button color="error" size="small" disabled={removing} onClick={() => setConfirmRemove(true)}>
                  {t('company.takeOff')}
                </Button>
              ) : null}
            </Stack>
          ) : null}
          <Typography variant="caption" color="text.secondary">
            {t('company.rule', { size: size(LOGO_MAX_BYTES) })}
          </Typography>
          {problem ? <Alert severity="error">{problem}</Alert> : null}
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirmRemove}
        title={t('company.confirmTitle')}
        body={t('company.confirmBody')}
        confirmLabel={t('company.confirm')}
        danger
        onConfirm={() => void takeOff()}
        onCancel={() => setConfirmRemove(false)}
      />
    </Paper>
  );
}
