/**
 * A small seeded generator for the property tests (mulberry32): every run draws the same cases, and a
 * failing case prints its seed and inputs so it can be replayed. Integers only; amounts are built
 * from whole piastres, so no binary float ever becomes money.
 */
export type Random = {
  /** A whole number from `min` to `max`, both included (at most 2^53). */
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  /** An amount from 0.01 to `max` (default 100,000,000.00), spread over every order of magnitude. */
  price: (max?: bigint) => string;
};

export function seeded(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const bigInt = (max: bigint): bigint => {
    // 26 bits per draw are exact; three draws cover every range used here.
    const bits = [0, 1, 2].reduce((value) => (value << 26n) | BigInt(int(0, 2 ** 26 - 1)), 0n);
    return bits % (max + 1n);
  };
  return {
    int,
    pick: (items) => items[int(0, items.length - 1)]!,
    price: (max = 10_000_000_000n) => {
      // Pick a number of digits first so that small amounts are as common as large ones.
      const digits = int(1, max.toString().length);
      const ceiling = BigInt('9'.repeat(digits)) < max ? BigInt('9'.repeat(digits)) : max;
      const piastres = 1n + bigInt(ceiling - 1n);
      const text = piastres.toString().padStart(3, '0');
      return `${text.slice(0, -2)}.${text.slice(-2)}`;
    },
  };
}

/** Exact sum of decimal strings with two places, in piastres. */
export const piastres = (amounts: readonly string[]): bigint =>
  amounts.reduce((total, amount) => {
    const [whole = '0', fraction = '00'] = amount.replace('-', '').split('.');
    const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
    return total + (amount.startsWith('-') ? -value : value);
  }, 0n);
