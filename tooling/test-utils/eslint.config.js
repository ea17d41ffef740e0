import { propdeskConfig } from '@propdesk/eslint-config';

export default propdeskConfig({ name: '@propdesk/test-utils', react: false });
