// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Privilege } from '@propdesk/privileges';
import type { ResourceDef } from '@propdesk/records/model';
import { RoleMatrix } from './RoleMatrix.js';
import { withRegistry } from '../../test/entityRegistry.js';

afterEach(cleanup);

// The whole matrix renders (every entity × action): slow in jsdom on a loaded machine, so a longer limit.
describe('RoleMatrix', { timeout: 30_000 }, () => {
  it('offers an entity’s own actions (lead readAll and assign) and grants them like any other', () => {
    const onChange = vi.fn<(next: Privilege[]) => void>();
    render(withRegistry(<RoleMatrix value={[{ entityName: 'lead', action: 'readAll' }]} resources={[]} onChange={onChange} />));
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
    render(withRegistry(<RoleMatrix value={[]} resources={[]} onChange={onChange} />));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Every action on Leads' }));
    const granted = onChange.mock.lastCall![0].map((privilege) => privilege.action);
    expect(granted).toEqual(expect.arrayContaining(['read', 'create', 'readAll', 'assign']));
  });

  it('grants a protected field’s read and update on its own row, under its entity', () => {
    const units = {
      name: 'units',
      entity: 'Unit',
      fields: { code: { kind: 'text', label: 'Code' }, basePrice: { kind: 'money', label: 'Base price', protected: true } },
    } as unknown as ResourceDef;
    const onChange = vi.fn<(next: Privilege[]) => void>();
    render(withRegistry(<RoleMatrix value={[{ entityName: 'unit', fieldName: 'basePrice', action: 'read' }]} resources={[units]} onChange={onChange} />));
    expect(screen.getByText('↳ Base price (protected field)')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'read Base price of Units' })).toBeChecked();
    // A field has read and update only.
    expect(screen.queryByRole('checkbox', { name: 'delete Base price of Units' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'update Base price of Units' }));
    expect(onChange).toHaveBeenLastCalledWith([
      { entityName: 'unit', fieldName: 'basePrice', action: 'read' },
      { entityName: 'unit', fieldName: 'basePrice', action: 'update' },
    ]);
  });

  it('selects a column on every entity that has the action, and shows it half checked when some have it', () => {
    const onChange = vi.fn<(next: Privilege[]) => void>();
    const { rerender } = render(withRegistry(<RoleMatrix value={[]} resources={[]} onChange={onChange} />));
    fireEvent.click(screen.getByRole('checkbox', { name: 'approve on every entity' }));
    const granted = onChange.mock.lastCall![0];
    expect(granted.length).toBeGreaterThan(1);
    expect(granted.every((privilege) => privilege.action === 'approve' && !privilege.fieldName)).toBe(true);
    rerender(withRegistry(<RoleMatrix value={granted.slice(1)} resources={[]} onChange={onChange} />));
    expect(screen.getByRole('checkbox', { name: 'approve on every entity' })).toHaveAttribute('data-indeterminate', 'true');
  });
});
