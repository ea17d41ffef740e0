import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import type { FormExtension } from '@propdesk/records/web';
import { ReferencePicker } from '@propdesk/records/web';
import { z } from 'zod';
import { BuyersEditor, type BuyerRow } from './BuyersEditor.web.js';
import { HoldFill } from './HoldFill.web.js';
import { ReservationPreview, previewArgsOf } from './ReservationPreview.web.js';

const buyers = z
  .array(z.strictObject({ customer: z.uuid({ error: 'Choose the buyer' }), share: z.string().regex(/^\d{1,3}(\.\d{1,4})?$/, 'A share such as 50 or 33.3333') }))
  .max(10, 'At most 10 buyers')
  .refine((rows) => rows.length === 0 || Math.abs(rows.reduce((sum, row) => sum + Number(row.share), 0) - 100) < 0.0001, 'The shares add up to 100%');

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
  render: ({ record, values, errors, setValue }) => (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <BuyersEditor rows={(values.buyers as BuyerRow[] | undefined) ?? []} onChange={(rows) => setValue('buyers', rows)} error={errors.buyers} />
      {record ? null : (
        <>
          <ReferencePicker
            resource="hold-requests"
            name="fromHold"
            label="From an approved hold (optional)"
            help="The hold’s unit passes to this reservation without ever being free."
            value={(values.fromHold as string | undefined) ?? null}
            onChange={(value) => setValue('fromHold', (value as string | null) ?? undefined)}
            error={errors.fromHold}
          />
          <HoldFill holdId={(values.fromHold as string | undefined) ?? null} values={values} setValue={setValue} />
          <FormControlLabel
            control={<Checkbox checked={values.submit === true} onChange={(event) => setValue('submit', event.target.checked)} />}
            label="Submit now (confirmed within your discount authority, else sent to finance for approval)"
          />
        </>
      )}
      <ReservationPreview args={previewArgsOf(values)} />
    </Stack>
  ),
};
