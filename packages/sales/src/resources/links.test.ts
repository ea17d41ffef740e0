import { describe, expect, it } from 'vitest';
import { ADD_CUSTOMER_ROUTE, CREATE_CUSTOMER_ROUTE, WALK_IN_LEAD_ROUTE, customerFromLeadLink, customerLinks, leadLinks, leadsWhereLink } from './leads/links.js';
import { HOLD_VIEW_ROUTE, holdLink, holdLinks, holdSetupLinks } from './hold-requests/links.js';
import { EOI_CREATE_ROUTE, EOI_VIEW_ROUTE, eoiLink, eoiLinks } from './eois/links.js';
import { EOI_PAYMENT_VIEW_ROUTE, eoiPaymentLink, eoiPaymentLinks } from './eoi-payments/links.js';
import { eoiSetupLinks } from './eoi-setups/links.js';
import { bulkDealLinks } from './bulk-deals/links.js';
import { RESERVATION_MODIFY_ROUTE, RESERVATION_VIEW_ROUTE, discountAuthorityLinks, modifyReservationLink, reservationLink, reservationLinks, reservationSetupLinks } from './reservations/links.js';
import { RESERVATION_PAYMENT_VIEW_ROUTE, reservationGroupPaymentLinks, reservationPaymentLink, reservationPaymentLinks } from './reservation-payments/links.js';
import { brokerLinks, contractLinks } from './contracts/links.js';
import { contractPaymentLinks, installmentLinks } from './installments/links.js';
import { RECEIPT_CREATE_ROUTE, receiptLinks } from './receipts/links.js';
import { receiptItemLinks } from './receipt-items/links.js';
import { BOUNCED_CHEQUE_VIEW_ROUTE, bouncedChequeLink, bouncedChequeLinks, chequeLinks } from './cheques/links.js';
import { collectionsLinks } from './collections/links.js';
import { collectionSettingLinks } from './collection-settings/links.js';
import { BROKER_STATEMENT_ROUTE, COMMISSION_VIEW_ROUTE, brokerStatementLink, commissionLinks, commissionViewLink } from './commissions/links.js';
import { messageTemplateLinks, messagesLinks } from './messages/links.js';
import { salesDashboardLinks, unitBoardLinks } from './unit-board/links.js';

const ID = '00000000-0000-4000-8000-0000000000a1';

/**
 * Issue 30: each folder's `links.ts` builds the links that were written by hand before it. Every URL
 * stays exactly as it was (routes, query names, the spec's `/view?id=` links of notifications): each
 * expectation below is the path as it was written at its call site.
 */
describe("the sales documents' links are the paths written by hand before them", () => {
  it('routes', () => {
    expect({
      leads: leadLinks.route,
      walkIn: WALK_IN_LEAD_ROUTE,
      addCustomer: ADD_CUSTOMER_ROUTE,
      customers: customerLinks.route,
      createCustomer: CREATE_CUSTOMER_ROUTE,
      holds: holdLinks.route,
      holdView: HOLD_VIEW_ROUTE,
      holdSetups: holdSetupLinks.route,
      eois: eoiLinks.route,
      eoiCreate: EOI_CREATE_ROUTE,
      eoiView: EOI_VIEW_ROUTE,
      eoiSetups: eoiSetupLinks.route,
      eoiPayments: eoiPaymentLinks.route,
      eoiPaymentView: EOI_PAYMENT_VIEW_ROUTE,
      bulkDeals: bulkDealLinks.route,
      reservations: reservationLinks.route,
      reservationModify: RESERVATION_MODIFY_ROUTE,
      reservationView: RESERVATION_VIEW_ROUTE,
      reservationSetups: reservationSetupLinks.route,
      discountAuthorities: discountAuthorityLinks.route,
      reservationPayments: reservationPaymentLinks.route,
      reservationPaymentView: RESERVATION_PAYMENT_VIEW_ROUTE,
      reservationGroupPayments: reservationGroupPaymentLinks.route,
      contracts: contractLinks.route,
      brokers: brokerLinks.route,
      installments: installmentLinks.route,
      contractPayments: contractPaymentLinks.route,
      receipts: receiptLinks.route,
      receiptCreate: RECEIPT_CREATE_ROUTE,
      receiptItems: receiptItemLinks.route,
      cheques: chequeLinks.route,
      bouncedCheques: bouncedChequeLinks.route,
      bouncedChequeView: BOUNCED_CHEQUE_VIEW_ROUTE,
      collections: collectionsLinks.route,
      collectionSettings: collectionSettingLinks.route,
      commissions: commissionLinks.route,
      commissionView: COMMISSION_VIEW_ROUTE,
      brokerStatement: BROKER_STATEMENT_ROUTE,
      messages: messagesLinks.route,
      messageTemplates: messageTemplateLinks.route,
      unitBoard: unitBoardLinks.route,
      salesDashboard: salesDashboardLinks.route,
    }).toEqual({
      leads: '/sales/leads',
      walkIn: '/sales/leads/addLeadFSales',
      addCustomer: '/sales/leads/addcustomer',
      customers: '/settings/leads/Customers',
      createCustomer: '/settings/leads/CreateCustomer',
      holds: '/settings/leads/holdRequests',
      holdView: '/settings/leads/holdRequests/view',
      holdSetups: '/settings/leads/holdRequestSetUp',
      eois: '/sales/eoi/list',
      eoiCreate: '/sales/eoi/create',
      eoiView: '/sales/eoi/list/view',
      eoiSetups: '/sales/eoi/setup',
      eoiPayments: '/settings/leads/EoiPayments',
      eoiPaymentView: '/settings/leads/EoiPayments/view',
      bulkDeals: '/sales/eoi/bulkdeals',
      reservations: '/Reservations',
      reservationModify: '/Reservations/Modify',
      reservationView: '/reservations/view',
      reservationSetups: '/settings/leads/reservationSetup',
      discountAuthorities: '/settings/leads/discountAuthority',
      reservationPayments: '/settings/leads/ReservationPayments',
      reservationPaymentView: '/settings/leads/ReservationPayments/view',
      reservationGroupPayments: '/Reservations/payments',
      contracts: '/sales/contracts',
      brokers: '/settings/leads/brokers',
      installments: '/settings/leads/ContractPayments',
      contractPayments: '/sales/contracts/payments',
      receipts: '/settings/leads/Receipt',
      receiptCreate: '/receipt/createNewReceipt',
      receiptItems: '/settings/leads/ReceiptItem',
      cheques: '/settings/leads/Cheques',
      bouncedCheques: '/settings/leads/BouncedCheques',
      bouncedChequeView: '/settings/leads/BouncedCheques/view',
      collections: '/sales/contracts/collections',
      collectionSettings: '/sales/contracts/collections/settings',
      commissions: '/sales/contracts/commissions',
      commissionView: '/sales/contracts/commissions/view',
      brokerStatement: '/sales/contracts/commissions/statement',
      messages: '/sales/contracts/messages',
      messageTemplates: '/sales/contracts/messages/templates',
      unitBoard: '/sales/units/board',
      salesDashboard: '/sales/dashboard',
    });
  });

  it("a record's links, in the style each place used", () => {
    expect(leadLinks.link(ID)).toBe(`/sales/leads?record=${ID}`);
    expect(leadLinks.linkToCreate()).toBe('/sales/leads/addlead');
    expect(customerLinks.link(ID)).toBe(`/settings/leads/Customers?record=${ID}`);
    expect(customerFromLeadLink(ID)).toBe(`/sales/leads/addcustomer?lead=${ID}`);
    expect(holdLinks.link(ID)).toBe(`/settings/leads/holdRequests?record=${ID}`);
    expect(eoiLinks.link(ID)).toBe(`/sales/eoi/list?record=${ID}`);
    expect(eoiPaymentLinks.link(ID)).toBe(`/settings/leads/EoiPayments?record=${ID}`);
    expect(eoiPaymentLinks.linkToCreate({ eoi: ID })).toBe(`/settings/leads/EoiPayments/create?eoi=${ID}`);
    expect(bulkDealLinks.link(ID)).toBe(`/sales/eoi/bulkdeals?record=${ID}`);
    expect(reservationLinks.link(ID)).toBe(`/Reservations?record=${ID}`);
    expect(reservationLinks.linkToCreate({ unit: ID })).toBe(`/Reservations/Create?unit=${ID}`);
    expect(reservationLinks.linkToCreate({ unit: ID, fromHold: 'h1' })).toBe(`/Reservations/Create?unit=${ID}&fromHold=h1`);
    expect(modifyReservationLink(ID)).toBe(`/Reservations/Modify?id=${ID}`);
    expect(reservationSetupLinks.link(ID)).toBe(`/settings/leads/reservationSetup?record=${ID}`);
    expect(reservationGroupPaymentLinks.link(ID)).toBe(`/Reservations/payments?record=${ID}`);
    expect(reservationGroupPaymentLinks.linkToCreate({ reservation: ID })).toBe(`/Reservations/payments/create?reservation=${ID}`);
    expect(contractLinks.link(ID)).toBe(`/sales/contracts?record=${ID}`);
    expect(brokerLinks.link(ID)).toBe(`/settings/leads/brokers?record=${ID}`);
    expect(commissionLinks.link(ID)).toBe(`/sales/contracts/commissions?record=${ID}`);
    expect(receiptLinks.linkToCreate({ customer: 'c1', contract: ID })).toBe(`/receipt/createNewReceipt?customer=c1&contract=${ID}`);
    expect(receiptLinks.linkToCreate()).toBe('/receipt/createNewReceipt');
    expect(brokerStatementLink('b1')).toBe('/sales/contracts/commissions/statement?broker=b1');
    expect(brokerStatementLink()).toBe('/sales/contracts/commissions/statement');
    expect(commissionViewLink(ID)).toBe(`/sales/contracts/commissions/view?record=${ID}`);
    expect(leadsWhereLink({ field: 'status', op: 'eq', value: 'x' }, '-createdAt')).toBe(
      `/sales/leads?${new URLSearchParams({ where: JSON.stringify({ field: 'status', op: 'eq', value: 'x' }), sort: '-createdAt' }).toString()}`,
    );
  });

  it('the links notifications carry (the spec’s view routes)', () => {
    expect(holdLink(ID)).toBe(`/settings/leads/holdRequests/view?id=${ID}`);
    expect(eoiLink(ID)).toBe(`/sales/eoi/list/view?id=${ID}`);
    expect(eoiPaymentLink(ID)).toBe(`/settings/leads/EoiPayments/view?id=${ID}`);
    expect(reservationLink(ID)).toBe(`/reservations/view?id=${ID}`);
    expect(reservationPaymentLink(ID)).toBe(`/settings/leads/ReservationPayments/view?id=${ID}`);
    expect(bouncedChequeLink(ID)).toBe(`/settings/leads/BouncedCheques/view?record=${ID}`);
  });
});
