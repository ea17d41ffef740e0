import PauseCircleOutlined from '@mui/icons-material/PauseCircleOutlined';
import { declareResources } from '@propdesk/records/web';
import type { SectionDeclaration } from '@propdesk/shell-ui';
import { SALES_RESOURCES } from '../../resources/manifest.js';

const resource = declareResources(SALES_RESOURCES);

/**
 * Hold requests and their setup, engine screens; paths under /settings/leads, Sales mode (salesModule's
 * prefixes). The spec shows the hold-request routes with no guard; the server still asks `holdRequest`.
 */
export const holdRequestScreens: SectionDeclaration = {
  id: 'sales.holdRequests', label: 'Hold Requests', icon: PauseCircleOutlined, mode: 'sales', order: 7,
  trail: ['Sales', 'Hold Requests'],
  items: [
    // `/view` is the spec's spelling of one request's view: the list's `?record=` view.
    resource('hold-requests', { guard: null, aliases: ['/settings/leads/holdRequests/view'] }),
    resource('hold-requests', { guard: null, mode: 'create', title: 'Create Hold Request' }),
    resource('hold-request-setups'),
  ],
};
