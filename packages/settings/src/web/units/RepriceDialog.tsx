import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { apiRequest } from '@propdesk/api-client';
import { ReferencePicker, requestErrorMessage } from '@propdesk/records/web';
import { numberFromText } from '../../model/unitTools.js';

export type RepriceDialogProps = { open: boolean; projectId: string | null; onClose: (changed: boolean) => void };

type Preview = { count: number; totalBefore: string; totalAfter: string; sample: { id: string; code: string; before: string; after: string }[] };

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Base prices of a project or block changed by a percentage, previewed before they are applied. */
export function RepriceDialog({ open, projectId, onClose }: RepriceDialogProps) {
  const [project, setProject] = useState<string | null>(projectId);
  const [block, setBlock] = useState('');
  const [percent, setPercent] = useState('5');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { enqueueSnackbar } = useSnackbar();
  // The input holds text; the body carries the percentage as a JSON number.
  const change = numberFromText(percent);
  const readable = typeof change === 'number' && change !== 0;

  const send = async (dryRun: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const response = await apiRequest<{ data: Preview; message?: string }>('/api/units/reprice', {
        method: 'POST',
        body: { project, ...(block.trim() ? { block: block.trim() } : {}), percent: change, dryRun },
        headers: { 'X-Change-Source': 'screen' },
      });
      if (dryRun) setPreview(response.data);
      else {
        enqueueSnackbar(response.message ?? 'Prices changed.', { variant: 'success' });
        onClose(true);
      }
    } catch (problem) {
      setError(requestErrorMessage(problem));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={() => onClose(false)} fullWidth maxWidth="sm" aria-labelledby="reprice-title">
      <DialogTitle id="reprice-title">Change base prices by a percentage</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <ReferencePicker resource="projects" name="reprice-project" label="Project" required value={project} onChange={(next) => { setProject(next as string | null); setPreview(null); }} />
          <Stack direction="row" spacing={2}>
            <TextField size="small" label="Block (optional)" value={block} onChange={(event) => { setBlock(event.target.value); setPreview(null); }} />
            <TextField size="small" label="Change (%)" value={percent} error={percent.trim() !== '' && typeof change !== 'number'} helperText={percent.trim() !== '' && typeof change !== 'number' ? 'Must be a number, e.g. 5 or -2.5' : 'Negative lowers prices'} onChange={(event) => { setPercent(event.target.value); setPreview(null); }} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
          </Stack>
          <Alert severity="info">Only available and blocked units change; held, reserved and sold units keep their price.</Alert>
          {preview ? (
            <>
              <Alert severity="success" role="status">
                {preview.count} units: total {money.format(Number(preview.totalBefore))} → {money.format(Number(preview.totalAfter))}
              </Alert>
              <Table size="small" aria-label="Price changes">
                <TableHead>
                  <TableRow>
                    <TableCell>Unit</TableCell>
                    <TableCell align="right">Now</TableCell>
                    <TableCell align="right">New</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.sample.slice(0, 10).map((row) => (
                    <TableRow key={row.id}>
                      <TableCell>{row.code}</TableCell>
                      <TableCell align="right">{money.format(Number(row.before))}</TableCell>
                      <TableCell align="right">{money.format(Number(row.after))}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          ) : null}
          {error ? <Alert severity="error">{error}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>Cancel</Button>
        <Button disabled={busy || !project || !readable} onClick={() => void send(true)}>
          Preview
        </Button>
        <Button variant="contained" color="warning" disabled={busy || !preview || preview.count === 0} onClick={() => void send(false)}>
          {preview ? `Change ${preview.count} prices` : 'Change prices'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
