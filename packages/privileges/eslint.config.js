import { propdeskConfig } from '@propdesk/eslint-config';

export default propdeskConfig({ name: '@propdesk/privileges', react: false });
