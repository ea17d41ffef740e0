import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import type { Usage } from '../model/index.js';
import { findResource } from './registry.js';

export type UsedByNoticeProps = {
  recordId: string;
  used: readonly Usage[];
};

/** "1 broker contract", "2 lead activities". */
const usageText = (item: Usage) => `${item.count} ${(item.count === 1 ? (findResource(item.resource)?.singular ?? item.label) : item.label).toLowerCase()}`;

/** Why a record cannot be deleted: what uses it, each a link to those records' list. */
export function UsedByNotice({ recordId, used }: UsedByNoticeProps) {
  return (
    <Alert severity="info">
      Used by{' '}
      {used.map((item, index) => (
        <span key={`${item.resource}.${item.field}`}>
          {index > 0 ? ', ' : ''}
          {item.route ? (
            <Link component={RouterLink} to={`${item.route}?where=${encodeURIComponent(JSON.stringify({ field: item.field, op: 'eq', value: recordId }))}&active=all`}>
              {usageText(item)}
            </Link>
          ) : (
            usageText(item)
          )}
        </span>
      ))}
      , so it cannot be deleted. Deactivate takes it out of the pickers for new records; the records that use it keep it.
    </Alert>
  );
}
