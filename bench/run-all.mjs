// npm run bench: every benchmark, one after the other (they share two cores; never in parallel).
import { mkdirSync, writeFileSync } from 'node:fs';
import { benchApi } from './api.mjs';
import { benchBundle } from './bundle.mjs';
import { benchRecords } from './records.mjs';

const results = { at: new Date().toISOString(), node: process.version };
results.bundle = await benchBundle();
results.api = await benchApi();
results.records = await benchRecords();
mkdirSync(new URL('./results', import.meta.url), { recursive: true });
const file = new URL(`./results/bench-${results.at.replace(/[:.]/g, '-')}.json`, import.meta.url);
writeFileSync(file, JSON.stringify(results, null, 2));
console.log(`\nFigures written to ${file.pathname}`);
