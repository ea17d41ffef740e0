import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ResourceDef } from '../model/index.js';
import { inSentence } from './nouns.js';
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';

export type ListEmptyProps = {
  def: ResourceDef;
  /** A search or filter hides rows (else the list has none at all). */
  filtered: boolean;
  mayCreate: boolean;
  onClearFilters: () => void;
};

/** What an empty list says: why it is empty and what to do next. */
export function ListEmpty({ def, filtered, mayCreate, onClearFilters }: ListEmptyProps) {
  const t = useT(recordsCatalog);
  const label = inSentence(def.label);
  return (
    <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', p: 3, textAlign: 'center' }} spacing={1}>
      <Typography>{filtered ? t('noneMatch', { label }) : t('noneYet', { label })}</Typography>
      <Typography variant="body2" color="text.secondary">
        {filtered ? t('changeFilters') : mayCreate ? t('createFirst') : t('nothingYet')}
      </Typography>
      {filtered ? (
        <Button size="small" onClick={onClearFilters}>
          {t('clearFilters')}
        </Button>
      ) : null}
    </Stack>
  );
}
