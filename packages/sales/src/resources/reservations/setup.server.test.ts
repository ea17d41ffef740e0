import { describe, expect, it } from 'vitest';
import { todayInCairo } from './setup.server.js';

const formatted = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

describe('todayInCairo (formatted once a minute)', () => {
  it('answers the Cairo date of each instant, across Cairo midnight and back', () => {
    const instants = ['2026-11-29T21:59:00Z', '2026-11-29T21:59:59.999Z', '2026-11-29T22:00:00Z', '2026-11-29T22:00:30Z', '2026-11-29T21:59:30Z', '2026-07-01T20:59:59Z', '2026-07-01T21:00:00Z'];
    for (const at of instants) expect(todayInCairo(new Date(at)), at).toBe(formatted(new Date(at)));
    expect(todayInCairo(new Date('2026-11-29T21:59:59Z'))).toBe('2026-11-29');
    expect(todayInCairo(new Date('2026-11-29T22:00:00Z'))).toBe('2026-11-30');
  });

  it('still refuses an invalid date', () => {
    expect(() => todayInCairo(new Date('not a date'))).toThrow(RangeError);
  });
});
