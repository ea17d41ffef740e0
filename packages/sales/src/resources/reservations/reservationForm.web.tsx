import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import type { FormExtension } from '@propdesk/records/web';
import { ReferencePicker } from '@propdesk/records/web';
import { getLanguage, useT } from '@propdesk/i18n/react';
import { translator } from '@propdesk/i18n';
import { z } from 'zod';
import { salesCatalog } from '../../web/i18n/catalog.js';
import type { SalesKey } from '../../web/i18n/en.js';
import { BuyersEditor, type BuyerRow } from './BuyersEditor.web.js';
import { HoldFill } from './HoldFill.web.js';
import { ReservationPreview, previewArgsOf } from './ReservationPreview.web.js';

/** A message in the page's language when the form is checked (the schema is made once, the language may change). */
const said = (key: SalesKey) => () => translator(salesCatalog, getLanguage())(key);

const buyers = z
  .array(z.strictObject({ customer: z.uuid({ error: said('doc.chooseBuyer') }), share: z.string().regex(/^\d{1,3}(\.\d{1,4})?$/, { error: said('doc.shareFormat') }) }))
  .max(10, { error: said('doc.atMostBuyers') })
  .refine((rows) => rows.length === 0 || Math.abs(rows.reduce((sum, row) => sum + Number(row.share), 0) - 100) < 0.0001, { error: said('doc.sharesAddUp') });

/**
 * The reservation form's additions to the engine's: the buyers and their shares (the `buyers` lines),
 * the approved hold it comes from (its unit and customer fill the form; `?fromHold=` in the address
 * starts it filled, as the board's Reserve on a held unit does), whether to submit at once, and the
 * server's live preview of the prices and installments. The server checks the same.
 */
export const reservationExtension: FormExtension = {
  create: { buyers: buyers.optional(), fromHold: z.uuid().optional(), submit: z.boolean().optional() },
  update: { buyers: buyers.optional() },
  defaults: (record) => ({ buyers: (record?.buyers as BuyerRow[] | undefined)?.map((row) => ({ customer: row.customer, share: String(Number(row.share)) })) ?? [], ...(record ? {} : { submit: true }) }),
  render: (props) => <ReservationFormParts {...props} />,
};

function ReservationFormParts({ record, values, errors, setValue }: Parameters<FormExtension['render']>[0]) {
  const t = useT(salesCatalog);
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <BuyersEditor rows={(values.buyers as BuyerRow[] | undefined) ?? []} onChange={(rows) => setValue('buyers', rows)} error={errors.buyers} />
      {record ? null : (
        <>
          <ReferencePicker
            resource="hold-requests"
            name="fromHold"
            label={t('doc.fromHold')}
            help={t('doc.fromHoldHelp')}
            value={(values.fromHold as string | undefined) ?? null}
            onChange={(value) => setValue('fromHold', (value as string | null) ?? undefined)}
            error={errors.fromHold}
          />
          <HoldFill holdId={(values.fromHold as string | undefined) ?? null} values={values} setValue={setValue} />
          <FormControlLabel
            control={<Checkbox checked={values.submit === true} onChange={(event) => setValue('submit', event.target.checked)} />}
            label={t('doc.submitNow')}
          />
        </>
      )}
      <ReservationPreview args={previewArgsOf(values)} />
    </Stack>
  );
}
