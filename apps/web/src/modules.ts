import type { DomainModule } from '@propdesk/shell-ui';
import { procurementModule } from '@propdesk/procurement/web';
import { salesModule } from '@propdesk/sales/web';
import { settingsModule } from '@propdesk/settings/web';

/** The domains the app is made of; the shell builds routes, sidebar, crumbs and landing from them. */
export const domainModules: readonly DomainModule[] = [salesModule, settingsModule, procurementModule];
