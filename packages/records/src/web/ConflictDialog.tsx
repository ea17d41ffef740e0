import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { writableFields, type RecordRow, type ResourceDef } from '../model/index.js';
import { formatValue } from './format.js';
import { inSentence } from './nouns.js';

export type ConflictDialogProps = {
  open: boolean;
  def: ResourceDef;
  mine: Record<string, unknown>;
  mineLabels: Record<string, string | string[] | null>;
  theirs: RecordRow | null;
  onReload: () => void;
  onOverwrite: () => void;
  onClose: () => void;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '') || String(a ?? '') === String(b ?? '');

/** A stale save: field by field, what the other person saved next to what this user typed. */
export function ConflictDialog({ open, def, mine, mineLabels, theirs, onReload, onOverwrite, onClose }: ConflictDialogProps) {
  const rows = theirs
    ? writableFields(def).filter(([name]) => name in theirs && !same(mine[name], theirs[name]))
    : [];
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="conflict-title">
      <DialogTitle id="conflict-title">Someone else changed this {inSentence(def.singular)}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          It was saved by someone else after you opened it. Compare the values, then keep theirs or save yours over them.
        </DialogContentText>
        {rows.length === 0 ? (
          <DialogContentText>Your values and theirs are the same; only the version changed.</DialogContentText>
        ) : (
          <Table size="small" aria-label="Differences">
            <TableHead>
              <TableRow>
                <TableCell>Field</TableCell>
                <TableCell>Their value (saved)</TableCell>
                <TableCell>Your value</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map(([name, field]) => (
                <TableRow key={name}>
                  <TableCell component="th" scope="row">
                    {field.label}
                  </TableCell>
                  <TableCell>{formatValue(field, theirs?.[name], theirs?.refLabels[name]) || '—'}</TableCell>
                  <TableCell>{formatValue(field, mine[name], mineLabels[name]) || '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onReload}>Reload their version</Button>
        <Button onClick={onOverwrite} variant="contained" color="warning">
          Overwrite with mine
        </Button>
      </DialogActions>
    </Dialog>
  );
}
