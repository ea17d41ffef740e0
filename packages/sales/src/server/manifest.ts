import { composeDomain, folderModules, type DomainServer, type ResourceModule } from '@propdesk/records/server';
import { SALES_FOLDERS, SALES_RESOURCES } from '../resources/manifest.js';
import { salesRowScope } from './scope.js';

/**
 * The sales folders' server modules, in the manifest's order (`src/resources/manifest.ts`): each
 * folder's `module.server.ts` (hooks, actions' effects, tables, calls, jobs, prints) with the
 * definitions the manifest gives it.
 */
export const SALES_MODULES: readonly ResourceModule[] = await folderModules('sales', SALES_FOLDERS, (folder) => new URL(`../resources/${folder}/module.server.js`, import.meta.url));

/** The sales domain on the server: its folders' modules and the row scope that limits leads and their documents. */
export const salesDomain: DomainServer = composeDomain({ id: 'sales', modules: SALES_MODULES, rowScope: salesRowScope, expect: SALES_RESOURCES });
