import Alert from '@mui/material/Alert';
import type { ServerError } from './api.js';
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';

export type FormFailureProps = {
  failure: ServerError | null;
};

/** The server's refusal above the form: its message, or how many fields need attention. */
export function FormFailure({ failure }: FormFailureProps) {
  const t = useT(recordsCatalog);
  return (
    <>
      {failure && failure.errors.length === 0 ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure.message}
        </Alert>
      ) : null}
      {failure && failure.errors.length > 0 ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {/* A refusal that is not about the typing (409: the phone is on another open lead) says why. */}
          {failure.status === 409 && failure.message ? `${failure.message} ` : ''}
          {t('fieldsNeedAttention', { count: failure.errors.length })}
        </Alert>
      ) : null}
    </>
  );
}
