import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import { setLanguage } from '@propdesk/i18n/react';
import { shellCatalog } from '../i18n/catalog.js';
import { createPropdeskTheme } from '../theme/createPropdeskTheme.js';
import { AnnouncementDialog } from './AnnouncementDialog.js';

afterEach(async () => {
  await setLanguage('en');
});

describe('the announcement form in Arabic (issue 29)', () => {
  it('labels its fields in Arabic and says the schema’s English messages in Arabic', async () => {
    await setLanguage('ar', [shellCatalog]);
    const send = vi.fn(async () => ({}));
    render(
      <ThemeProvider theme={createPropdeskTheme('rtl')}>
        <SnackbarProvider>
          <AnnouncementDialog open onClose={vi.fn()} myDepartmentId="dep-mine" send={send} loadTargets={async () => ({ departments: [{ id: 'dep-mine', name: 'Management' }], users: [] })} />
        </SnackbarProvider>
      </ThemeProvider>,
    );
    await waitFor(() => expect(screen.queryByLabelText('جارٍ تحميل المستلمين')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'إرسال إعلان' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'إرسال' }));
    // notifications-core's schema writes 'Title is required'.
    expect(screen.getByRole('textbox', { name: /^العنوان/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('العنوان مطلوب')).toBeInTheDocument();
    expect(screen.queryByText('Title is required')).not.toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });
});
