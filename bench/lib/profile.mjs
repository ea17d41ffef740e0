// Where a server's CPU went in a time window: the self time of each function in a V8 CPU profile
// (`node --cpu-prof`), counted over the samples taken between two instants of the monotonic clock
// (`process.hrtime.bigint()` in µs, the clock V8 stamps its samples with on Linux), and the same
// time summed by where the code lives (a package of the product, a dependency, Node itself).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** `fromUs`/`toUs`: the window in µs of the monotonic clock; returns functions and places by self ms, largest first. */
export function summarizeProfile(file, fromUs, toUs, top = 25) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map();
  let at = profile.startTime;
  let total = 0;
  for (let index = 0; index < profile.samples.length; index += 1) {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (at < fromUs || at > toUs) continue;
    // A sample stands for the time until the next one.
    const span = profile.timeDeltas[index + 1] ?? delta;
    const id = profile.samples[index];
    selfUs.set(id, (selfUs.get(id) ?? 0) + span);
    total += span;
  }
  const byFunction = new Map();
  const byPlace = new Map();
  for (const [id, us] of selfUs) {
    const { callFrame } = nodes.get(id);
    const key = `${callFrame.functionName || '(anonymous)'} ${shortUrl(callFrame.url)}:${callFrame.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    const place = placeOf(callFrame);
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
  }
  const ranked = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, us]) => ({ name, ms: us / 1000, share: total ? us / total : 0 }));
  return { totalMs: total / 1000, windowMs: (toUs - fromUs) / 1000, functions: ranked(byFunction), places: ranked(byPlace) };
}

function shortUrl(url) {
  return url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\/\.pnpm\/[^/]+\/node_modules\//, '~/').replace(/^.*\/(packages|apps)\//, '$1/');
}

/** A product package, a dependency by name, Node's own code, or V8's entries such as (garbage collector). */
function placeOf({ url, functionName }) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const dependency = /\/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return dependency[1];
  const own = /\/(packages|apps)\/([^/]+)\//.exec(url);
  return own ? `${own[1]}/${own[2]}` : url;
}

/** The newest `.cpuprofile` file of a folder (the one the server wrote as it stopped). */
export function latestProfile(dir) {
  const files = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile')).map((name) => join(dir, name));
  if (files.length === 0) throw new Error(`no CPU profile in ${dir}`);
  return files.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
}

export function printProfile(title, summary) {
  console.log(`\n${title}: ${summary.totalMs.toFixed(0)} ms of samples in a ${summary.windowMs.toFixed(0)} ms window`);
  console.log('| where | self ms | share |');
  console.log('|---|---|---|');
  for (const row of summary.places) console.log(`| ${row.name} | ${row.ms.toFixed(0)} | ${(row.share * 100).toFixed(1)}% |`);
  console.log('| function | self ms | share |');
  console.log('|---|---|---|');
  for (const row of summary.functions) console.log(`| \`${row.name}\` | ${row.ms.toFixed(0)} | ${(row.share * 100).toFixed(1)}% |`);
}
