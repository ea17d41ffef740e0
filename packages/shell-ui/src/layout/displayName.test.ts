import { describe, expect, it } from 'vitest';
import { displayName } from './displayName.js';

describe('displayName', () => {
  it.each([
    ['sales.agent', 'Sales Agent'],
    ['admin', 'Admin'],
    ['procurement.officer', 'Procurement Officer'],
    ['JOHN_doe', 'John Doe'],
    ['mary-jane  watson', 'Mary Jane Watson'],
    ['user.admin@propdesk.example', 'User Admin'],
    ['.leading.dot.', 'Leading Dot'],
    ['', ''],
    [null, ''],
  ] as const)('%s → %s', (input, expected) => {
    expect(displayName(input)).toBe(expected);
  });
});
