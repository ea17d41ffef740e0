import { propdeskConfig } from '@propdesk/eslint-config';

export default propdeskConfig({ name: '@propdesk/notifications-core', react: false });
