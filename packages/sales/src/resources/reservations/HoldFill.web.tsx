import Alert from '@mui/material/Alert';
import { humanize, recordsApi } from '@propdesk/records/web';
import { useEffect, useRef } from 'react';

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
  if (error) return <Alert severity="warning">The hold cannot be read: choose the unit and the customer yourself.</Alert>;
  if (!current) return null;
  const labels = (current.refLabels ?? {}) as Record<string, unknown>;
  const number = text(current.number);
  if (current.status !== 'approved') {
    return <Alert severity="warning">{`${number} is ${humanize(text(current.status)).toLowerCase()}: only an approved hold can become a reservation.`}</Alert>;
  }
  if (typeof current.customer !== 'string') {
    const lead = text(labels.lead);
    return <Alert severity="info">{`${number} holds unit ${text(labels.unit)} for the lead ${lead || 'it names'}, who is not a customer yet: choose or add their customer.`}</Alert>;
  }
  return <Alert severity="success">{`From ${number}: unit ${text(labels.unit)} for ${text(labels.customer)}, filled in.`}</Alert>;
}
