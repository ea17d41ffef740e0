import { describe, expect, it } from 'vitest';
import { composeModules } from '../compose/composeModules.js';
import { fixtureModules } from '../test/fixtures.js';
import { editModeOf, resolveCrumb } from './breadcrumbs.js';

const { crumbs } = composeModules(fixtureModules());

describe('resolveCrumb', () => {
  it('matches a path exactly, case-insensitively', () => {
    expect(resolveCrumb('/sales/leads/addlead', crumbs)).toEqual({ title: 'Add Lead', trail: ['Sales', 'Leads', 'Add Lead'] });
    expect(resolveCrumb('/SALES/LEADS', crumbs)).toEqual({ title: 'Leads', trail: ['Sales', 'Leads'] });
  });

  it('falls back to the longest known prefix', () => {
    expect(resolveCrumb('/sales/leads/addlead/step-2', crumbs)?.title).toBe('Add Lead');
    expect(resolveCrumb('/settings/leads/brokers/ProjectTemplate/create', crumbs)?.title).toBe('Brokers');
    expect(resolveCrumb('/sales/leads/42', crumbs)?.title).toBe('Leads');
  });

  it('does not take a prefix that stops mid-segment', () => {
    expect(resolveCrumb('/sales/leadsX', crumbs)).toBeNull();
  });

  it('gives nothing for an unknown path (the bar shows just Home)', () => {
    expect(resolveCrumb('/Reservations', crumbs)).toBeNull();
  });

  it.each([
    ['lead', 'Edit Lead'],
    ['user', 'Edit User'],
    ['eoi', 'Edit EOI'],
    ['payment', 'Edit Payment'],
  ] as const)('edit mode %s renames the last label to %s', (mode, label) => {
    expect(resolveCrumb('/sales/leads/addlead', crumbs, mode)?.trail).toEqual(['Sales', 'Leads', label]);
  });
});

describe('editModeOf', () => {
  it('reads only the known edit modes from navigation state', () => {
    expect(editModeOf({ editMode: 'lead' })).toBe('lead');
    expect(editModeOf({ editMode: 'contract' })).toBeNull();
    expect(editModeOf(null)).toBeNull();
    expect(editModeOf('lead')).toBeNull();
  });
});
