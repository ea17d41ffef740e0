import { describe, expect, it } from 'vitest';
import { createChecker } from './checker.js';
import { demoPrivileges } from './demo.js';
import { SPEC_DEMO_ROLES } from './testing/index.js';
import { sidebarRules } from './sidebar.js';
import type { Privilege } from './types.js';

const checker = (...privileges: [string, string][]) =>
  createChecker(privileges.map(([entityName, action]): Privilege => ({ entityName, action })));

describe('sidebar visibility (spec section 6)', () => {
  it.each([
    [['eoi', 'read']],
    [['eoi', 'create']],
    [['eoiSetup', 'read']],
    [['EOISETUP', 'create']],
    [['bulkDeal', 'read']],
  ] as [string, string][][])('shows the Sales group for %j', (privilege) => {
    expect(sidebarRules.salesGroup(checker(privilege))).toBe(true);
  });

  it('hides the Sales group without eoi, eoiSetup or bulkDeal privileges, and for create on bulkDeal', () => {
    expect(sidebarRules.salesGroup(checker(['lead', 'read']))).toBe(false);
    expect(sidebarRules.salesGroup(checker(['bulkDeal', 'create']))).toBe(false);
    expect(sidebarRules.salesGroup(checker(['eoiPayment', 'read']))).toBe(false);
  });

  it('applies the lead item rules: read lists, create adds, update logs activity', () => {
    const reader = checker(['lead', 'read']);
    expect([sidebarRules.leadList(reader), sidebarRules.addLead(reader), sidebarRules.addLeadSalesForm(reader), sidebarRules.addLeadActivity(reader)]).toEqual([
      true, false, false, false,
    ]);
    const creator = checker(['lead', 'create']);
    expect([sidebarRules.addLead(creator), sidebarRules.addLeadSalesForm(creator), sidebarRules.leadList(creator)]).toEqual([true, true, false]);
    expect(sidebarRules.addLeadActivity(checker(['lead', 'update']))).toBe(true);
  });

  it('matches each EOI item to its own entity and action', () => {
    expect(sidebarRules.eoiCreate(checker(['eoi', 'create']))).toBe(true);
    expect(sidebarRules.eoiCreate(checker(['eoi', 'read']))).toBe(false);
    expect(sidebarRules.eoiList(checker(['eoi', 'read']))).toBe(true);
    expect(sidebarRules.eoiSetupList(checker(['eoiSetup', 'read']))).toBe(true);
    expect(sidebarRules.eoiSetupCreate(checker(['eoiSetup', 'create']))).toBe(true);
    expect(sidebarRules.eoiPayments(checker(['eoipayment', 'read']))).toBe(true);
    expect(sidebarRules.bulkDeals(checker(['bulkDeal', 'read']))).toBe(true);
    expect(sidebarRules.bulkDeals(checker(['eoi', 'read']))).toBe(false);
  });

  it('shows Users and the Roles group for read on user', () => {
    expect(sidebarRules.users(checker(['user', 'read']))).toBe(true);
    expect(sidebarRules.rolesGroup(checker(['user', 'read']))).toBe(true);
    expect(sidebarRules.rolesGroup(checker(['role', 'read']))).toBe(false);
  });

  it.each(['source', 'sourcetype', 'project', 'nationality', 'channeltype', 'salesteam', 'area', 'broker', 'walkinlocation', 'unit', 'unittype', 'brokerprojecttemplate', 'brokercontract', 'blocktype', 'paymentplansetup', 'paymenttype'])(
    'shows the Settings Leads group for read on %s',
    (entity) => {
      expect(sidebarRules.settingsLeadsGroup(checker([entity, 'read']))).toBe(true);
    },
  );

  it('hides the Settings Leads group for other entities or other actions', () => {
    expect(sidebarRules.settingsLeadsGroup(checker(['channel', 'read']))).toBe(false);
    expect(sidebarRules.settingsLeadsGroup(checker(['source', 'create']))).toBe(false);
  });

  it.each(['nationality', 'site', 'department', 'usertype', 'country', 'paymentmethod'])('shows the General group for read on %s', (entity) => {
    expect(sidebarRules.settingsGeneralGroup(checker([entity, 'read']))).toBe(true);
  });

  it('hides the General group otherwise, and readOn checks one entity', () => {
    expect(sidebarRules.settingsGeneralGroup(checker(['source', 'read']))).toBe(false);
    expect(sidebarRules.readOn('bank')(checker(['BANK', 'read']))).toBe(true);
    expect(sidebarRules.readOn('bank')(checker(['bank', 'create']))).toBe(false);
    expect(sidebarRules.always()).toBe(true);
  });

  it('gives the demo sales agent leads and EOI but not users', () => {
    const agent = createChecker(demoPrivileges('sales.agent', SPEC_DEMO_ROLES));
    expect(sidebarRules.salesGroup(agent)).toBe(true);
    expect(sidebarRules.addLeadActivity(agent)).toBe(true);
    expect(sidebarRules.users(agent)).toBe(false);
    // Units are read on the live board and named by holds and reservations: Settings › Leads shows its Units item.
    expect(sidebarRules.settingsLeadsGroup(agent)).toBe(true);
    expect(sidebarRules.readOn('unit')(agent)).toBe(true);
    expect(sidebarRules.readOn('project')(agent)).toBe(false);
  });
});
