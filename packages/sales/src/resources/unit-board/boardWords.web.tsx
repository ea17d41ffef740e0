import { isolate, richText, useLanguage, useT } from '@propdesk/i18n/react';
import { useCallback, useMemo, type ReactNode } from 'react';
import type { BoardStatus } from './model.js';
import { salesCatalog } from '../../web/i18n/catalog.js';

/**
 * The unit statuses' Arabic (a unit is a وحدة, so feminine; the same words as the server's `unitState`).
 * The statuses are fixed reference data a migration writes, with English labels in their table: English keeps
 * the table's label, Arabic says the status by its name.
 */
const UNIT_STATUS_AR: Readonly<Record<string, string>> = {
  available: 'متاحة',
  on_hold: 'محجوزة مؤقتًا',
  reserved: 'محجوزة',
  contracted: 'متعاقد عليها',
  sold: 'مباعة',
  blocked: 'موقوفة',
};

/** `data` with its statuses' labels in the page's language (the same object in English). */
export function useStatusWords<T extends { statuses: readonly BoardStatus[] }>(data: T | undefined): T | undefined {
  const language = useLanguage();
  return useMemo(() => {
    if (!data || language !== 'ar') return data;
    return { ...data, statuses: data.statuses.map((status) => ({ ...status, label: UNIT_STATUS_AR[status.name] ?? status.label })) };
  }, [data, language]);
}

/** "Block A": in Arabic the block's name (data, often Latin) isolated in `<bdi>`; English stays plain text. */
export function useBlockTitle(): (block: string) => ReactNode {
  const t = useT(salesCatalog);
  const language = useLanguage();
  return useCallback(
    (block: string) => (language === 'ar' ? richText(t, 'board.block', { block }, { block: isolate(block) }) : t('board.block', { block })),
    [t, language],
  );
}

/** Data (a project's or a launch's name) beside Arabic words, isolated in `<bdi>`; English unchanged. */
export function useIsolate(): (value: ReactNode) => ReactNode {
  const language = useLanguage();
  return useCallback((value: ReactNode) => (language === 'ar' ? isolate(value) : value), [language]);
}
