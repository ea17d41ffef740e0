import { describe, expect, it } from 'vitest';
import { findUnstorableText } from './text.js';

describe('findUnstorableText', () => {
  it('finds NUL and lone surrogates in strings, keys and nested lists, and names the path', () => {
    expect(findUnstorableText({ username: 'a\u0000b' }, '')).toBe('username');
    expect(findUnstorableText({ title: 'ok', body: { lines: ['fine', '\ud800'] } }, '')).toBe('body.lines.1');
    expect(findUnstorableText({ ['bad\udc00key']: 1 }, '')).toBe('bad\udc00key');
    expect(findUnstorableText('x\udfffy', 'q')).toBe('q');
  });

  it('lets paired surrogates (emoji) and ordinary text through', () => {
    expect(findUnstorableText({ name: 'Villa 🌴 مصر', n: 3, list: [null, true] }, '')).toBeNull();
  });
});
