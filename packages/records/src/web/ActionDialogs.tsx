import type { ActionDef, RecordRow, ResourceDef } from '../model/index.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { fillPlaceholders } from './format.js';
import { ReasonDialog } from './ReasonDialog.js';
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';
import { useFormat } from './i18n/valueFormat.js';

export type ActionDialogsProps = {
  def: ResourceDef;
  record: RecordRow;
  /** The workflow action waiting for its reason or confirmation, if any. */
  pendingAction: string | null;
  onRun: (name: string, reason?: string) => void;
  onCancel: () => void;
};

/** A workflow action's question before it runs: a reason to give, or a yes/no. */
export function ActionDialogs({ def, record, pendingAction, onRun, onCancel }: ActionDialogsProps) {
  const t = useT(recordsCatalog);
  const format = useFormat();
  const action: ActionDef | undefined = pendingAction ? def.actions?.[pendingAction] : undefined;
  // What the action will do, from the definition, with the record's own values: "Submit PR-2026-00001 for approval?"
  const actionQuestion = action?.confirm ? fillPlaceholders(action.confirm, def.fields, record, format, t('thisRecord')) : undefined;
  return (
    <>
      {action && pendingAction && action.reason ? (
        <ReasonDialog
          title={action.label}
          body={actionQuestion}
          required={action.reason === 'required'}
          label={action.reasonLabel}
          cancelLabel={t('goBack')}
          onConfirm={(text) => onRun(pendingAction, text)}
          onCancel={onCancel}
        />
      ) : null}
      <ConfirmDialog
        open={Boolean(action && pendingAction && !action.reason)}
        title={action?.label ?? ''}
        body={actionQuestion ?? ''}
        confirmLabel={action?.label ?? ''}
        cancelLabel={t('goBack')}
        onConfirm={() => pendingAction && onRun(pendingAction)}
        onCancel={onCancel}
      />
    </>
  );
}
