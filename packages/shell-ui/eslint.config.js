import { propdeskConfig } from '@propdesk/eslint-config';

export default propdeskConfig({ name: '@propdesk/shell-ui', react: true });
