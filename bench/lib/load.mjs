// A bounded load run against one loopback URL with autocannon, recording every response time
// so the median and p95 are exact (autocannon's own summary has no p95).
import autocannon from 'autocannon';

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

/** `fn` once to warm up, then `rounds` times one after the other: the median and p95 in ms. */
export async function timeIt(fn, rounds) {
  await fn();
  const times = [];
  for (let index = 0; index < rounds; index += 1) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p95: percentile(times, 95) };
}

export async function load({ url, method = 'GET', headers = {}, body, connections = 10, duration = 10, expectStatus = 200 }) {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)(:|\/)/.test(url)) throw new Error('benchmarks only target loopback');
  const times = [];
  const statuses = new Map();
  const instance = autocannon({ url, method, headers, body, connections, duration });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    times.push(responseTime);
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const wrong = [...statuses].filter(([status]) => status !== expectStatus);
  return {
    requests: times.length,
    rps: times.length / duration,
    medianMs: percentile(times, 50),
    p95Ms: percentile(times, 95),
    p99Ms: percentile(times, 99),
    errors: result.errors + result.timeouts,
    unexpectedStatuses: Object.fromEntries(wrong),
  };
}

export const fmt = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
