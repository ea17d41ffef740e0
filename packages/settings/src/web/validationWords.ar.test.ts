import { commonValidationCatalog, loadCatalog } from '@propdesk/i18n';
import { validationMessage } from '@propdesk/records/web';
import { beforeAll, describe, expect, it } from 'vitest';
import { settingsValidationCatalog } from '../model/i18n/validation.js';
import './settingsModule.js';

beforeAll(() => Promise.all([loadCatalog(settingsValidationCatalog, 'ar'), loadCatalog(commonValidationCatalog, 'ar')]));

describe('settings’ rules in a form, in the page’s language (issue 29)', () => {
  it('finds a plan’s and a webhook’s English words and says them in Arabic; anything else stays as it is', () => {
    expect(validationMessage('The percentages add up to 110%; they must add up to 100%.', 'ar')).toBe('مجموع النسب 110%، ويجب أن يكون 100%.');
    expect(validationMessage('At least 16 characters', 'ar')).toBe('16 حرفًا على الأقل');
    expect(validationMessage('Choose one or more events', 'ar')).not.toBe('Choose one or more events');
    expect(validationMessage('Something of its own', 'ar')).toBe('Something of its own');
    expect(validationMessage('The percentages add up to 110%; they must add up to 100%.', 'en')).toBe('The percentages add up to 110%; they must add up to 100%.');
  });
});
