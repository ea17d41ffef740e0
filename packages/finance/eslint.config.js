import { propdeskConfig } from '@propdesk/eslint-config';

export default propdeskConfig({ name: '@propdesk/finance', react: false });
