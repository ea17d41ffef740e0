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
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';
import { useFormat } from './i18n/valueFormat.js';

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
  const t = useT(recordsCatalog);
  const format = useFormat();
  const rows = theirs
    ? writableFields(def).filter(([name]) => name in theirs && !same(mine[name], theirs[name]))
    : [];
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="conflict-title">
      <DialogTitle id="conflict-title">{t('conflictTitle', { singular: format.language === 'en' ? inSentence(def.singular) : def.singular })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('conflictBody')}
        </DialogContentText>
        {rows.length === 0 ? (
          <DialogContentText>{t('conflictSame')}</DialogContentText>
        ) : (
          <Table size="small" aria-label={t('conflictDifferences')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('field')}</TableCell>
                <TableCell>{t('conflictTheirs')}</TableCell>
                <TableCell>{t('conflictMine')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map(([name, field]) => (
                <TableRow key={name}>
                  <TableCell component="th" scope="row">
                    {field.label}
                  </TableCell>
                  <TableCell>{formatValue(field, theirs?.[name], theirs?.refLabels[name], format) || '—'}</TableCell>
                  <TableCell>{formatValue(field, mine[name], mineLabels[name], format) || '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onReload}>{t('conflictReload')}</Button>
        <Button onClick={onOverwrite} variant="contained" color="warning">
          {t('conflictOverwrite')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
