import { describe, expect, it } from 'vitest';
import { ROLE_CREATE_ROUTE, ROLE_EDIT_ROUTE, brokerLinks, roleLinks, webhookLink } from './links.js';

describe("the settings screens' links (issue 30)", () => {
  it('are the paths written by hand before them', () => {
    expect(webhookLink('w1')).toBe('/settings/webhooks?id=w1');
    expect(brokerLinks.link('b1')).toBe('/settings/leads/brokers?record=b1');
    expect([ROLE_CREATE_ROUTE, ROLE_EDIT_ROUTE, roleLinks.route, roleLinks.linkToCreate()]).toEqual(['/settings/CreateRole', '/settings/editRole', '/settings/roles', '/settings/CreateRole']);
  });
});
