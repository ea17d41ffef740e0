// Lists every key of a domain package's definitions with its English (run after the build):
//   node scripts/definition-keys.mjs procurement > keys.json
import { definitionKeys } from '../packages/records/dist/model/index.js';

const EXPORTS = { settings: 'SETTINGS_RESOURCES', sales: 'SALES_RESOURCES', procurement: 'PROCUREMENT_RESOURCES' };
const name = process.argv[2];
if (!EXPORTS[name]) throw new Error(`usage: node scripts/definition-keys.mjs ${Object.keys(EXPORTS).join('|')}`);
const model = await import(`../packages/${name}/dist/model/index.js`);
const keys = model[EXPORTS[name]].flatMap((def) => definitionKeys(def));
process.stdout.write(JSON.stringify(Object.fromEntries(keys.map(({ key, english }) => [key, english])), null, 1) + '\n');
