/** The procurement dashboard's English words (the purchase requests list's header), byte for byte as the screen wrote them. */
export const dashboardEn = {
  'dash.region': 'Procurement dashboard',
  'dash.openRequests': 'Open requests',
  'dash.status':
    '{status, select, draft {draft} submitted {submitted} approved {approved} rejected {rejected} partially_ordered {partially ordered} ordered {ordered} closed {closed} cancelled {cancelled} other {{status}}}: {count}',
  'dash.awaitingApproval': 'Orders awaiting approval',
  'dash.inTotal': '{total} in total',
  'dash.spendByProject': 'Spend by project this month',
  'dash.noSpend': 'No approved orders this month.',
};
