// What every database bench shares: a run on PGlite, then on PostgreSQL when an admin URL is given
// (BENCH_DATABASE_URL or TEST_DATABASE_URL, a scratch database each), and the summary table printed
// as markdown rows (figure, value, goal, met).
import { withScratchDatabase } from './postgres.mjs';

/** `run(kind, url?)` on PGlite and, where a server is named, on a scratch PostgreSQL database; answers the results in that order. */
export async function onBothDatabases(run, prefix) {
  const results = [await run('PGlite')];
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (adminUrl) results.push(await withScratchDatabase(adminUrl, (url) => run('PostgreSQL', url), prefix));
  return results;
}

/** Prints the summary rows as a markdown table. */
export function printSummary(rows) {
  console.log('\n| figure | value | goal | met |');
  console.log('|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.figure} | ${row.value} | ${row.goal} | ${row.met ? 'yes' : 'no'} |`);
}
