import Alert from '@mui/material/Alert';
import { humanize, recordsApi } from '@propdesk/records/web';
import { useT } from '@propdesk/i18n/react';
import { useEffect, useRef } from 'react';
import { salesCatalog } from '../../web/i18n/catalog.js';
import { useFormat } from '../../web/i18n/format.js';
import { useOptionLabel } from '../../web/i18n/definitionWords.js';

type HoldFillProps = {
  holdId: string | null;
  values: Readonly<Record<string, unknown>>;
  setValue: (name: string, value: unknown) => void;
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The reservation form's hold: once an approved hold is chosen (or the form is opened from a held
 * unit on the board, `?fromHold=`), its unit and its customer fill the form (a customer already
 * chosen is kept), once per hold. Says what the hold is, and what is still to do when it names a lead and no customer
 * or is not approved (the server refuses those the same).
 */
export function HoldFill({ holdId, values, setValue }: HoldFillProps) {
  const t = useT(salesCatalog);
  const { language } = useFormat();
  const optionLabel = useOptionLabel();
  const { data: hold, error } = recordsApi.useGetRecordQuery({ resource: 'hold-requests', id: holdId ?? '' }, { skip: !holdId });
  const filled = useRef<string | null>(null);
  // The form as it is when the hold arrives; what the person changes after it stays theirs.
  const form = useRef({ values, setValue });
  form.current = { values, setValue };
  const current = hold && hold.id === holdId ? hold : null;
  useEffect(() => {
    if (!current || current.status !== 'approved' || filled.current === current.id) return;
    filled.current = current.id;
    const { values: now, setValue: set } = form.current;
    if (typeof current.unit === 'string' && current.unit !== now.unit) set('unit', current.unit);
    if (typeof current.customer === 'string' && !now.customer) set('customer', current.customer);
  }, [current]);
  if (!holdId) return null;
  if (error) return <Alert severity="warning">{t('holdFill.unreadable')}</Alert>;
  if (!current) return null;
  const labels = (current.refLabels ?? {}) as Record<string, unknown>;
  const number = text(current.number);
  if (current.status !== 'approved') {
    return <Alert severity="warning">{t('holdFill.notApproved', { number, status: language === 'en' ? humanize(text(current.status)).toLowerCase() : optionLabel('hold-requests', 'status', current.status) })}</Alert>;
  }
  if (typeof current.customer !== 'string') {
    const lead = text(labels.lead);
    return <Alert severity="info">{t('holdFill.forLead', { number, unit: text(labels.unit), lead: lead || t('holdFill.itNames') })}</Alert>;
  }
  return <Alert severity="success">{t('holdFill.filled', { number, unit: text(labels.unit), customer: text(labels.customer) })}</Alert>;
}
