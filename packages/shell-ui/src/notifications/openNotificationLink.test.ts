import { afterEach, describe, expect, it, vi } from 'vitest';
import { isInternalLink, openNotificationLink } from './openNotificationLink.js';

afterEach(() => vi.restoreAllMocks());

describe('openNotificationLink', () => {
  it('routes paths inside the app and opens https links in a new tab without an opener', () => {
    const navigate = vi.fn();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    openNotificationLink('/sales/leads/7', navigate);
    expect(navigate).toHaveBeenCalledWith('/sales/leads/7');
    openNotificationLink('https://example.com/x', navigate);
    expect(open).toHaveBeenCalledWith('https://example.com/x', '_blank', 'noopener,noreferrer');
  });

  it('treats //host and /\\host as other origins and ignores other schemes', () => {
    const navigate = vi.fn();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    expect(isInternalLink('//evil.example')).toBe(false);
    expect(isInternalLink('/\\evil.example')).toBe(false);
    openNotificationLink('javascript:alert(1)', navigate);
    openNotificationLink('not a url', navigate);
    expect(navigate).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });
});
