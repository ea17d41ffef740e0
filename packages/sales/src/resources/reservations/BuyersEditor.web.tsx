import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { ReferencePicker } from '@propdesk/records/web';
import { useT } from '@propdesk/i18n/react';
import { salesCatalog } from '../../web/i18n/catalog.js';

export type BuyerRow = { customer: string | null; share: string };

/** The reservation's buyers with their shares (percent, adding up to 100); empty means the customer alone. */
export function BuyersEditor({ rows, onChange, error }: { rows: BuyerRow[]; onChange: (rows: BuyerRow[]) => void; error?: string | undefined }) {
  const t = useT(salesCatalog);
  const total = rows.reduce((sum, row) => sum + (Number(row.share) || 0), 0);
  const set = (index: number, change: Partial<BuyerRow>) => onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <Stack spacing={1} aria-label={t('doc.buyers')}>
      <Typography variant="subtitle2">{t('doc.buyersAndShares')}</Typography>
      {rows.map((row, index) => (
        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <ReferencePicker resource="customers" name={`buyers.${index}.customer`} label={t('doc.buyer')} value={row.customer} onChange={(value) => set(index, { customer: (value as string | null) ?? null })} />
          <TextField
            size="small"
            label={t('doc.sharePct')}
            value={row.share}
            onChange={(event) => set(index, { share: event.target.value })}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': t('doc.shareOf', { n: String(index + 1) }) } }}
            sx={{ width: 120 }}
          />
          <IconButton aria-label={t('doc.removeBuyer', { n: String(index + 1) })} onClick={() => onChange(rows.filter((_row, at) => at !== index))}>
            <DeleteOutlined />
          </IconButton>
        </Stack>
      ))}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button size="small" onClick={() => onChange([...rows, { customer: null, share: rows.length === 0 ? '100' : '' }])}>
          {t('doc.addBuyer')}
        </Button>
        {rows.length > 0 ? (
          <Typography variant="body2" color={Math.abs(total - 100) < 0.0001 ? 'text.secondary' : 'error'}>
            {t('doc.sharesTotal', { total: String(total) })}
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('doc.buysAlone')}
          </Typography>
        )}
      </Stack>
      {error ? (
        <Typography variant="body2" color="error">
          {error}
        </Typography>
      ) : null}
    </Stack>
  );
}
