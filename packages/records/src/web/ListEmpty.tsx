import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ResourceDef } from '../model/index.js';
import { inSentence } from './nouns.js';

export type ListEmptyProps = {
  def: ResourceDef;
  /** A search or filter hides rows (else the list has none at all). */
  filtered: boolean;
  mayCreate: boolean;
  onClearFilters: () => void;
};

/** What an empty list says: why it is empty and what to do next. */
export function ListEmpty({ def, filtered, mayCreate, onClearFilters }: ListEmptyProps) {
  return (
    <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', p: 3, textAlign: 'center' }} spacing={1}>
      <Typography>{filtered ? `No ${inSentence(def.label)} match this search or filter.` : `No ${inSentence(def.label)} yet.`}</Typography>
      <Typography variant="body2" color="text.secondary">
        {filtered ? 'Change or clear the filters to see more.' : mayCreate ? `Create the first one, or import a CSV file.` : 'Nothing has been recorded here yet.'}
      </Typography>
      {filtered ? (
        <Button size="small" onClick={onClearFilters}>
          Clear filters
        </Button>
      ) : null}
    </Stack>
  );
}
