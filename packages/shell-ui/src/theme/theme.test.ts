import { describe, expect, it } from 'vitest';
import { createPropdeskTheme, FONT_STACK } from './createPropdeskTheme.js';
import { DEFAULT_TOAST_AUTO_HIDE_MS, NOTIFICATION_TOAST_ANCHOR, NOTIFICATION_TOAST_AUTO_HIDE_MS } from './snackbar.js';

describe('theme and toasts', () => {
  it('states the toast timings of spec section 9', () => {
    expect(DEFAULT_TOAST_AUTO_HIDE_MS).toBe(2000);
    expect(NOTIFICATION_TOAST_AUTO_HIDE_MS).toBe(3000);
    expect(NOTIFICATION_TOAST_ANCHOR).toEqual({ vertical: 'top', horizontal: 'right' });
  });

  it('uses the Inter/system stack and a phone breakpoint of 900 px', () => {
    const theme = createPropdeskTheme();
    expect(theme.typography.fontFamily).toBe(FONT_STACK);
    expect(FONT_STACK.startsWith('"Inter"')).toBe(true);
    expect(theme.breakpoints.values.md).toBe(900);
  });
});
