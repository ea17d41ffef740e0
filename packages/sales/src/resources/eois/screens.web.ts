import { sidebarRules } from '@propdesk/privileges';
import { declareResources } from '@propdesk/records/web';
import type { SalesScreens } from '../../web/manifest.js';
import { SALES_RESOURCES } from '../manifest.js';
import { EOI_CREATE_ROUTE, EOI_VIEW_ROUTE } from './links.js';
import { withSalesWords } from '../../web/i18n/preload.js';

const resource = declareResources(SALES_RESOURCES);

/**
 * The expression-of-interest screens, engine screens of `eois`. The spec shows the EOI routes with no
 * guard (the server still asks the EOI privileges); the sidebar items carry the EOI privileges (spec
 * section 6).
 */
export const eoiScreens: SalesScreens = [
  {
    section: 'eoi',
    items: [
      resource('eois', { guard: null, mode: 'create', path: EOI_CREATE_ROUTE, title: 'Create EOI', visible: sidebarRules.eoiCreate }),
      // `/list/view` is the spec's view of one EOI (the list's `?record=` view); /sales/eoi/view is a sidebar target with no route in the spec, the same view.
      resource('eois', { guard: null, title: 'EOI List', visible: sidebarRules.eoiList, aliases: [EOI_VIEW_ROUTE, '/sales/eoi/view'], extend: () => withSalesWords(import('./EoiPanel.web.js')).then((m) => m.eoiPage) }),
    ],
  },
];
