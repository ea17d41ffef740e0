import { describe, expect, it } from 'vitest';
import { describeNotificationError } from './errors.js';

describe('describeNotificationError', () => {
  it('uses the message, or the default text when there is none', () => {
    expect(describeNotificationError(new Error('Stream down'))).toEqual({ message: 'Stream down', showToast: true });
    expect(describeNotificationError(new Error(''))).toEqual({ message: 'An error occurred with notifications', showToast: true });
    expect(describeNotificationError(undefined).message).toBe('An error occurred with notifications');
  });

  it('shows no toast when no auth token was found or the token is invalid', () => {
    expect(describeNotificationError(new Error('No auth token found')).showToast).toBe(false);
    expect(describeNotificationError('No authentication token was found').showToast).toBe(false);
    expect(describeNotificationError(new Error('Token is invalid')).showToast).toBe(false);
    expect(describeNotificationError(new Error('Invalid token')).showToast).toBe(false);
  });
});
