import { describe, expect, it } from 'vitest';
import { bouncedChequeLinks, brokerLinks, eoiPaymentLinks, installmentLinks, receiptItemLinks, receiptLinks, reservationPaymentLinks } from '@propdesk/sales/model';
import { brokerLinks as settingsBrokerLinks } from '@propdesk/settings/model';
import { composeModules, type NavItem } from '@propdesk/shell-ui';
import { domainModules } from './modules.js';

/**
 * Issue 30: sales and settings are sibling packages and may not import each other (docs/architecture.md),
 * so where one names the other's screen the app, which composes both, checks the path is the other's own link.
 */
describe('links across the domains are the linked screens’ own', () => {
  it("sales' link to a broker is settings' brokers screen", () => {
    expect(brokerLinks.route).toBe(settingsBrokerLinks.route);
    expect(brokerLinks.link('b1')).toBe(settingsBrokerLinks.link('b1'));
  });

  it("Settings › Leads' items for sales' screens are those screens' routes", () => {
    const leads = composeModules(domainModules).nav.settings.find((section) => section.id === 'settings.leads');
    const byLabel = new Map((leads?.children ?? []).map((item: NavItem) => [item.label, item.path]));
    expect(Object.fromEntries(['EOI Payments', 'Reservation Payments', 'Contract Payments', 'Receipts', 'Receipt Items', 'Create Receipt', 'Bounced Cheques'].map((label) => [label, byLabel.get(label)]))).toEqual({
      'EOI Payments': eoiPaymentLinks.route,
      'Reservation Payments': reservationPaymentLinks.route,
      'Contract Payments': installmentLinks.route,
      Receipts: receiptLinks.route,
      'Receipt Items': receiptItemLinks.route,
      'Create Receipt': receiptLinks.linkToCreate(),
      'Bounced Cheques': bouncedChequeLinks.route,
    });
  });
});
