import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useSnackbar } from 'notistack';
import { downloadExport, type DownloadProgress } from './download.js';
import { countText } from './format.js';
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';

export type ExportMenuProps = {
  resource: string;
  /** The list's query (filters, search, sort) and columns, so the export is exactly the view. */
  params: Record<string, string>;
  columns: readonly string[];
  total: number;
  /** False when `total` is a lower bound; the export itself counts exactly (x-total-count). */
  totalExact?: boolean;
  label?: string;
};

const number = new Intl.NumberFormat('en-US');

/** Export of everything the filters match, in the view's columns, with progress for large exports. */
export function ExportMenu({ resource, params, columns, total, totalExact = true, label: given }: ExportMenuProps) {
  const t = useT(recordsCatalog);
  const label = given ?? t('export');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const { enqueueSnackbar } = useSnackbar();

  const handleExport = async (format: 'csv' | 'xlsx') => {
    setAnchor(null);
    const { page: _page, pageSize: _size, ...filters } = params;
    const query = new URLSearchParams({ ...filters, format, columns: columns.join(',') });
    const stamp = new Date().toISOString().slice(0, 10);
    controller.current = new AbortController();
    setProgress({ received: 0, total: totalExact ? total : null, rows: 0 });
    let exported = totalExact ? total : null;
    try {
      await downloadExport(
        `/api/${resource}/export?${query.toString()}`,
        `${resource}-${stamp}.${format}`,
        (next) => {
          if (next.total !== null) exported = next.total;
          setProgress(next);
        },
        controller.current.signal,
      );
      enqueueSnackbar(exported === null ? t('exported') : t('exportedRows', { count: exported }), { variant: 'success' });
    } catch (error) {
      if ((error as Error).name !== 'AbortError') enqueueSnackbar((error as Error).message, { variant: 'error' });
    } finally {
      setProgress(null);
    }
  };

  const percent = progress && progress.total && progress.rows !== null ? Math.min(100, (progress.rows / Math.max(1, progress.total)) * 100) : null;
  return (
    <>
      <Button startIcon={<FileDownloadOutlined />} onClick={(event) => setAnchor(event.currentTarget)} aria-haspopup="menu" disabled={progress !== null}>
        {label}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void handleExport('csv')}>{t('exportCsv', { count: countText(total, totalExact) })}</MenuItem>
        <MenuItem onClick={() => void handleExport('xlsx')}>{t('exportXlsx')}</MenuItem>
      </Menu>
      <Snackbar open={progress !== null} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Box sx={{ bgcolor: 'background.paper', boxShadow: 3, borderRadius: 1, p: 2, minWidth: 300 }} role="status">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('exporting', { count: progress?.total ? number.format(progress.total) : countText(total, totalExact) })}{' '}
            {progress ? (progress.rows !== null ? t('exportDone', { count: number.format(progress.rows) }) : t('exportKib', { count: number.format(Math.round(progress.received / 1024)) })) : ''}
          </Typography>
          <LinearProgress variant={percent === null ? 'indeterminate' : 'determinate'} value={percent ?? 0} />
          <Button size="small" sx={{ mt: 1 }} onClick={() => controller.current?.abort()}>
            {t('cancel')}
          </Button>
        </Box>
      </Snackbar>
    </>
  );
}
