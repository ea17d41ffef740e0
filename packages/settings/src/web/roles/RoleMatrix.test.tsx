// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Privilege } from '@propdesk/privileges';
import { RoleMatrix } from './RoleMatrix.js';

afterEach(cleanup);

// The whole matrix renders (every entity × action): slow in jsdom on a loaded machine, so a longer limit.
describe('RoleMatrix', { timeout: 30_000 }, () => {
  it('offers an entity’s own actions (lead readAll and assign) and grants them like any other', () => {
    const onChange = vi.fn<(next: Privilege[]) => void>();
    render(<RoleMatrix value={[{ entityName: 'lead', action: 'readAll' }]} resources={[]} onChange={onChange} />);
    expect(screen.getByRole('checkbox', { name: 'readAll on Leads' })).toBeChecked();
    const assign = screen.getByRole('checkbox', { name: 'assign on Leads' });
    expect(assign).not.toBeChecked();
    fireEvent.click(assign);
    expect(onChange).toHaveBeenLastCalledWith([
      { entityName: 'lead', action: 'readAll' },
      { entityName: 'lead', action: 'assign' },
    ]);
  });

  it('counts the own actions in the row’s "every action" box', () => {
    const onChange = vi.fn<(next: Privilege[]) => void>();
    render(<RoleMatrix value={[]} resources={[]} onChange={onChange} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Every action on Leads' }));
    const granted = onChange.mock.lastCall![0].map((privilege) => privilege.action);
    expect(granted).toEqual(expect.arrayContaining(['read', 'create', 'readAll', 'assign']));
  });
});
