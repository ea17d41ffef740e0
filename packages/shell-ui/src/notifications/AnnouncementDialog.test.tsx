import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import { HttpError } from '@propdesk/api-client';
import type { AnnouncementTargets } from '@propdesk/notifications-core/model';
import { createPropdeskTheme } from '../theme/createPropdeskTheme.js';
import { AnnouncementDialog, ANNOUNCEMENT_SENT_TEXT } from './AnnouncementDialog.js';

const TARGETS: AnnouncementTargets = {
  departments: [
    { id: 'dep-mine', name: 'Management' },
    { id: 'dep-sales', name: 'Sales' },
  ],
  users: [
    { id: 'u-admin', username: 'admin', fullName: 'Amina Admin', departmentId: 'dep-mine' },
    { id: 'u-agent', username: 'sales.agent', fullName: 'Samir Sales', departmentId: 'dep-sales' },
  ],
};

type Options = { myDepartmentId?: string | null; loadTargets?: () => Promise<AnnouncementTargets> };

async function renderDialog(send: (request: unknown) => Promise<unknown>, { myDepartmentId = 'dep-mine', loadTargets = async () => TARGETS }: Options = {}) {
  const onClose = vi.fn();
  render(
    <ThemeProvider theme={createPropdeskTheme()}>
      <SnackbarProvider>
        <AnnouncementDialog open onClose={onClose} myDepartmentId={myDepartmentId} send={send} loadTargets={loadTargets} />
      </SnackbarProvider>
    </ThemeProvider>,
  );
  await waitFor(() => expect(screen.queryByLabelText('Loading recipients')).not.toBeInTheDocument());
  return { onClose };
}

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Send' }));
const choose = async (select: string, option: string) => {
  await userEvent.click(screen.getByRole('combobox', { name: new RegExp(`^${select}`) }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
};

describe('the announcement form', () => {
  it('requires a title and sends nothing until it is valid', async () => {
    const send = vi.fn(async () => ({}));
    await renderDialog(send);
    await submit();
    expect(field('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses a title over 200 characters and a link that is neither a path nor https', async () => {
    const send = vi.fn(async () => ({}));
    await renderDialog(send);
    await userEvent.click(field('Title'));
    await userEvent.paste('x'.repeat(201));
    await userEvent.type(field('Link'), 'javascript:alert(1)');
    await submit();
    expect(screen.getByText('Title is too long')).toBeInTheDocument();
    expect(screen.getByText('Link must be a relative path starting with / or an https URL')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('needs a recipient', async () => {
    const send = vi.fn(async () => ({}));
    await renderDialog(send);
    await userEvent.type(field('Title'), 'Hello');
    await choose('Send to', 'A user');
    await submit();
    expect(screen.getByText('User is required')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends to my department by default, toasts and closes', async () => {
    const send = vi.fn(async () => ({}));
    const { onClose } = await renderDialog(send);
    expect(screen.getByRole('combobox', { name: /^Department/ })).toHaveTextContent('Management (my department)');
    await userEvent.type(field('Title'), 'Office closed Friday');
    await userEvent.type(field('Message'), 'Enjoy the long weekend');
    await userEvent.type(field('Link'), '/sales/leads');
    await submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(send).toHaveBeenCalledWith({
      title: 'Office closed Friday',
      body: 'Enjoy the long weekend',
      link: '/sales/leads',
      target: { departmentId: 'dep-mine' },
    });
    expect(await screen.findByText(ANNOUNCEMENT_SENT_TEXT)).toBeInTheDocument();
  });

  it('sends to another department or to a user chosen from the list', async () => {
    const send = vi.fn(async () => ({}));
    await renderDialog(send);
    await userEvent.type(field('Title'), 'To sales');
    await choose('Department', 'Sales');
    await submit();
    await waitFor(() => expect(send).toHaveBeenLastCalledWith({ title: 'To sales', target: { departmentId: 'dep-sales' } }));
    await userEvent.type(field('Title'), 'To Samir');
    await choose('Send to', 'A user');
    await userEvent.type(screen.getByRole('combobox', { name: /^User/ }), 'Samir');
    await userEvent.click(await screen.findByRole('option', { name: 'Samir Sales (sales.agent)' }));
    await submit();
    await waitFor(() => expect(send).toHaveBeenLastCalledWith({ title: 'To Samir', target: { userId: 'u-agent' } }));
  });

  it('takes a typed id when the list of recipients cannot be loaded', async () => {
    const send = vi.fn(async () => ({}));
    await renderDialog(send, { myDepartmentId: null, loadTargets: () => Promise.reject(new Error('down')) });
    expect(screen.getByText('The list of recipients could not be loaded; enter an id instead.')).toBeInTheDocument();
    await userEvent.type(field('Title'), 'Hi');
    await userEvent.type(field('Department id'), 'dep-typed');
    await submit();
    await waitFor(() => expect(send).toHaveBeenCalledWith({ title: 'Hi', target: { departmentId: 'dep-typed' } }));
  });

  it("shows a 400's field errors on the fields and a 404 on the recipient", async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(
        new HttpError(400, JSON.stringify({ status: 'ERROR', message: 'Validation failed', errors: [{ field: 'title', message: 'Title is taken' }] })),
      )
      .mockRejectedValueOnce(new HttpError(404, JSON.stringify({ status: 'ERROR', message: 'Department not found' })));
    const { onClose } = await renderDialog(send);
    await userEvent.type(field('Title'), 'Hello');
    await submit();
    expect(await screen.findByText('Title is taken')).toBeInTheDocument();
    expect(field('Title')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(field('Title'), ' again');
    await submit();
    expect(await screen.findByText('Department not found')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows other failures above the form', async () => {
    const send = vi.fn().mockRejectedValue(new HttpError(500, JSON.stringify({ status: 'ERROR', message: 'Internal server error' })));
    await renderDialog(send);
    await userEvent.type(field('Title'), 'Hello');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error');
  });
});
