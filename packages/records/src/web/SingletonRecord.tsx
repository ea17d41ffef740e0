import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import type { ResourceDef } from '../model/index.js';
import { serverError, useListRecordsQuery } from './api.js';
import { inSentence } from './nouns.js';

export type SingletonRecordProps = { def: ResourceDef; canCreate: boolean };

/**
 * The screen of a singleton resource (the company profile) has no list: it opens the one record
 * (`?record=`), or the form that makes it when there is none yet and the user may create it. The
 * address is replaced, not pushed, so Back leaves the screen.
 */
export function SingletonRecord({ def, canCreate }: SingletonRecordProps) {
  const t = useT(recordsCatalog);
  const [search, setSearch] = useSearchParams();
  const { data, isLoading, error } = useListRecordsQuery({ resource: def.name, params: { pageSize: '1' } });
  const id = data?.data[0]?.id;
  const empty = data !== undefined && !id;
  useEffect(() => {
    if (!id && !(empty && canCreate)) return;
    const next = new URLSearchParams(search);
    if (id) next.set('record', id);
    else next.set('create', '1');
    setSearch(next, { replace: true });
  }, [id, empty, canCreate, search, setSearch]);
  if (error) return <Alert severity="error">{t('singletonFailed', { message: serverError(error).message })}</Alert>;
  if (isLoading || id || (empty && canCreate)) return <Skeleton variant="rounded" height={240} />;
  return <Alert severity="info">{t('singletonNone', { singular: inSentence(def.singular) })}</Alert>;
}
