import { describe, expect, it } from 'vitest';
import { messageConfigFromEnv, smsConfigured } from './transport.server.js';

describe('smsConfigured', () => {
  it('is whether the message configuration has SMS, for every way the two settings can be set', () => {
    const values = [undefined, '', '   ', 'https://sms.example/send', ' token '];
    for (const url of values) {
      for (const token of values) {
        const env = { PROPDESK_SMS_URL: url, PROPDESK_SMS_TOKEN: token, PROPDESK_DATA_DIR: '/tmp/x' };
        expect(smsConfigured(env), `${url} / ${token}`).toBe(messageConfigFromEnv(env).sms !== null);
      }
    }
    expect(smsConfigured({ PROPDESK_SMS_URL: 'https://sms.example/send', PROPDESK_SMS_TOKEN: 't' })).toBe(true);
  });
});
