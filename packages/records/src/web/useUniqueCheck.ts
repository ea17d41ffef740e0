import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';
import { useEffect, useRef, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { FieldDef, RecordRow, ResourceDef } from '../model/index.js';
import { useReferenceCalls } from './api.js';
import type { RecordFormApi } from './useRecordFormState.js';

const UNIQUE_CHECK_DELAY_MS = 400;

export type UniqueCheckOptions = {
  def: ResourceDef;
  record: RecordRow | undefined;
  form: RecordFormApi;
  /** The form has saved / is saving: a check answering now would find the record itself. */
  saved: RefObject<boolean>;
  submitting: RefObject<boolean>;
  setClashLinks: Dispatch<SetStateAction<Record<string, string>>>;
};

/** A unique field is checked on the server as it is typed (400 ms after the last key): a clash names and links the record. */
export function useUniqueCheck({ def, record, form, saved, submitting, setClashLinks }: UniqueCheckOptions) {
  const { formState, setError, clearErrors, getValues } = form;
  const t = useT(recordsCatalog);
  const uniqueTimers = useRef<Record<string, ReturnType<typeof setTimeout>>>({});
  const { unique } = useReferenceCalls();
  const checkUnique = (name: string, field: FieldDef, value: unknown) => {
    if (!field.unique) return;
    clearTimeout(uniqueTimers.current[name]);
    if (typeof value !== 'string' || value.trim() === '') return;
    uniqueTimers.current[name] = setTimeout(() => {
      if (saved.current) return;
      const scope = Array.isArray(field.unique) ? Object.fromEntries(field.unique.map((scopeName) => [scopeName, getValues(scopeName)])) : {};
      unique({ resource: def.name, field: name, value, id: record?.id, scope })
        .then((data) => {
          // A check that answers during or after the save would find the record being saved.
          if (saved.current || submitting.current) return;
          if (data.available || !data.clash) {
            if (formState.errors[name]?.type === 'unique') clearErrors(name);
            setClashLinks((links) => ({ ...links, [name]: '' }));
          } else {
            setError(name, { type: 'unique', message: t('alreadyUsedBy', { label: data.clash.label }) });
            setClashLinks((links) => ({ ...links, [name]: data.clash?.link ?? '' }));
          }
        })
        .catch(() => undefined);
    }, UNIQUE_CHECK_DELAY_MS);
  };
  const cancelUniqueChecks = () => {
    for (const timer of Object.values(uniqueTimers.current)) clearTimeout(timer);
  };
  // A form closed within the pause asks nothing more (its check would answer a form that is gone).
  useEffect(() => {
    const timers = uniqueTimers.current;
    return () => {
      for (const timer of Object.values(timers)) clearTimeout(timer);
    };
  }, []);
  return { checkUnique, cancelUniqueChecks };
}
