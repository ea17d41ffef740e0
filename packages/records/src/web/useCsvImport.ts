import { useState } from 'react';
import { useSnackbar } from 'notistack';
import type { ImportReport, ResourceDef } from '../model/index.js';
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';
import { useFormat } from './i18n/valueFormat.js';
import { serverError, useImportCsvMutation } from './api.js';
import { inSentence } from './nouns.js';

/** The import dialog's steps: the file chosen, its columns' mapping, the key to update by, the server's report. */
export function useCsvImport(def: ResourceDef, onClose: () => void) {
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [key, setKey] = useState('');
  const [report, setReport] = useState<ImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [runImport, { isLoading }] = useImportCsvMutation();
  const { enqueueSnackbar } = useSnackbar();
  const t = useT(recordsCatalog);
  const format = useFormat();
  // English as it was (1234); another language's digits grouped as its counts are (1,234).
  const count = (n: number) => (format.language === 'en' ? String(n) : format.count(n));

  /** A dry run (nothing written) or the import itself, with the mapping as it is now. */
  const check = async (text: string, nextMapping: Record<string, string>, dryRun: boolean) => {
    setProblem(null);
    const result = await runImport({ resource: def.name, csv: text, dryRun, mapping: nextMapping, ...(key ? { key } : {}) });
    if ('error' in result) {
      const failure = serverError(result.error);
      setProblem(failure.errors.length > 0 ? failure.errors.map((error) => error.message).join(' ') : failure.message);
      return;
    }
    const next = result.data.data;
    setReport(next);
    if (!dryRun && next.committed) {
      enqueueSnackbar(t('imported', { created: count(next.created), updated: count(next.updated), label: format.language === 'en' ? inSentence(def.label) : def.label }), { variant: 'success' });
      handleClose();
    }
  };

  const handleFile = async (chosen: File | undefined) => {
    if (!chosen) return;
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    setMapping({});
    setReport(null);
    await check(text, {}, true);
  };

  const handleClose = () => {
    setFile(null);
    setReport(null);
    setMapping({});
    setProblem(null);
    setKey('');
    onClose();
  };

  const mapColumn = (column: string, field: string) => setMapping((current) => ({ ...current, [column]: field }));
  return { file, mapping, mapColumn, key, setKey, report, problem, isLoading, check, handleFile, handleClose };
}
