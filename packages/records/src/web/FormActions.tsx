import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ResourceDef } from '../model/index.js';
import { inSentence } from './nouns.js';
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';

export type FormActionsProps = {
  def: ResourceDef;
  editing: boolean;
  saving: boolean;
  /** The save button's words (default "Create lead" / "Save changes"). */
  submitLabel: string | undefined;
  /** Some field is required: the form says what the star means. */
  hasRequired: boolean;
  onCancel: () => void;
};

/** The form's save and cancel buttons, and the "* required" note. */
export function FormActions({ def, editing, saving, submitLabel, hasRequired, onCancel }: FormActionsProps) {
  const t = useT(recordsCatalog);
  return (
    <Stack direction="row" spacing={1.5} sx={{ mt: 3, alignItems: 'center' }}>
      <Button type="submit" variant="contained" disabled={saving}>
        {saving ? t('saving') : (submitLabel ?? (editing ? t('saveChanges') : t('create', { singular: inSentence(def.singular) })))}
      </Button>
      <Button onClick={onCancel} disabled={saving}>
        {t('cancel')}
      </Button>
      {hasRequired ? (
        <Box component="span" sx={{ color: 'text.secondary', fontSize: 13, ml: 'auto' }}>
          {t('required')}
        </Box>
      ) : null}
    </Stack>
  );
}
