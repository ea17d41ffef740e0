import { useT } from '@propdesk/i18n/react';
import { shellCatalog } from '../i18n/catalog.js';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';

export type NotAvailableYetProps = {
  /** The screen's title, as in its breadcrumb. */
  title: string;
  /** What the screen will manage, in a sentence. */
  description?: string;
};

/**
 * The honest placeholder of a screen whose content belongs to a later issue: it names the
 * screen and says that it is not available yet, rather than pretending to work. The page
 * title itself is the breadcrumb bar's heading, so this names the screen at the next level.
 */
export function NotAvailableYet({ title, description }: NotAvailableYetProps) {
  const t = useT(shellCatalog);
  return (
    <Box component="section" aria-labelledby="page-title" sx={{ px: { xs: 2, md: 3 }, pb: 3, pt: 1 }}>
      <Paper variant="outlined" sx={{ p: 3, display: 'flex', gap: 2, alignItems: 'flex-start', maxWidth: 720 }}>
        <Box
          aria-hidden="true"
          sx={{ width: 40, height: 40, flexShrink: 0, borderRadius: 2, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', color: 'text.secondary' }}
        >
          <ConstructionOutlined />
        </Box>
        <Box>
          <Typography id="page-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          <Typography variant="body2" component="p" sx={{ mt: 0.25 }}>
            {t('notAvailableYet')}
          </Typography>
          {description ? (
            <Typography variant="body2" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
              {description}
            </Typography>
          ) : null}
        </Box>
      </Paper>
    </Box>
  );
}
