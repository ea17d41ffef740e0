import { describe, expect, it } from 'vitest';
import { statementDay } from './statement.server.js';

describe("a day in a statement line's description", () => {
  it("is the screen's Arabic on the screen, the print's on a print, and English as the engine writes it", () => {
    expect(statementDay('2027-03-20', 'ar', 'screen')).toBe('20 مارس 2027');
    expect(statementDay('2027-03-20', 'ar', 'print')).toBe('٢٠/٠٣/٢٠٢٧');
    expect(statementDay('2027-03-20', 'en', 'screen')).toBe('20 Mar 2027');
    expect(statementDay('2027-03-20', 'en', 'print')).toBe('20 Mar 2027');
  });
});
