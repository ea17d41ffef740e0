// npm run bench: every benchmark, one after the other (they share two cores; never in parallel),
// then ONE table of every figure and its goal, and the whole result as JSON in bench/results/.
// Each module is imported just before it runs (notifications.mjs times itself from its import).
import { mkdirSync, writeFileSync } from 'node:fs';

const MODULES = [
  ['bundle', './bundle.mjs', 'benchBundle'],
  ['lighthouse', './lighthouse.mjs', 'benchLighthouse'],
  ['api', './api.mjs', 'benchApi'],
  ['signin', './signin.mjs', 'benchSignIn'],
  ['records', './records.mjs', 'benchRecords'],
  ['leads', './leads.mjs', 'benchLeads'],
  ['notifications', './notifications.mjs', 'benchNotifications'],
  ['board', './board.mjs', 'benchBoard'],
  ['reservations', './reservations.mjs', 'benchReservations'],
  ['bulkdeals', './bulkdeals.mjs', 'benchBulkDeals'],
  ['collections', './collections.mjs', 'benchCollections'],
  ['contracts', './contracts.mjs', 'benchContracts'],
  ['backup', './backup.mjs', 'benchBackup'],
];

/** The closing table: figure | value | goal | met, in markdown so it pastes into a note. */
export function summaryTable(rows) {
  const header = ['figure', 'value', 'goal', 'met'];
  const lines = rows.map((row) => [row.figure, String(row.value), row.goal || '–', row.met === null || row.met === undefined ? '–' : row.met ? 'yes' : 'NO']);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const render = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  return [render(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...lines.map(render)].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.env.BENCH_ONLY?.split(',');
  const results = { at: new Date().toISOString(), node: process.version };
  const summary = [];
  for (const [name, path, exported] of MODULES) {
    if (only && !only.includes(name)) continue;
    try {
      const module = await import(path);
      results[name] = await module[exported]();
      summary.push(...(results[name].summary ?? []));
    } catch (error) {
      // One failed module does not lose the others' figures; the table says it failed.
      console.error(`\n${name} failed:`, error);
      results[name] = { error: String(error?.stack ?? error) };
      summary.push({ figure: `${name} benchmark`, value: 'failed', goal: 'runs', met: false });
    }
  }
  results.summary = summary;
  mkdirSync(new URL('./results', import.meta.url), { recursive: true });
  const file = new URL(`./results/bench-${results.at.replace(/[:.]/g, '-')}.json`, import.meta.url);
  writeFileSync(file, JSON.stringify(results, null, 2));
  console.log(`\nEvery figure and its goal (${summary.filter((row) => row.met === true).length} met, ${summary.filter((row) => row.met === false).length} not met, ${summary.filter((row) => row.met === null || row.met === undefined).length} without a goal)\n`);
  console.log(summaryTable(summary));
  console.log(`\nFigures written to ${file.pathname}`);
  if (summary.some((row) => row.value === 'failed')) process.exitCode = 1;
}
