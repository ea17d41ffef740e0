import { describe, expect, it } from 'vitest';
import { apiErrorText, fieldErrorMap, ForbiddenError, HttpError, toApiError, UnauthorizedError, UNREACHABLE_MESSAGE } from './errors.js';

describe('ApiError', () => {
  it('is parsed once from the envelope when the answer arrives', () => {
    const error = new HttpError(422, JSON.stringify({ status: 'ERROR', message: 'Check the form', errors: [{ field: 'phone', message: 'Invalid', link: '/x' }, { field: 'phone', message: 'Second' }] }));
    expect(error.message).toBe(`HTTP error! Status: 422 - ${error.body}`);
    expect(error.problem).toEqual({ status: 422, message: 'Check the form', errors: [{ field: 'phone', message: 'Invalid', link: '/x' }, { field: 'phone', message: 'Second' }] });
    expect(toApiError(error)).toBe(error.problem);
    expect(fieldErrorMap(toApiError(error))).toEqual({ phone: 'Invalid' });
    expect(apiErrorText(error)).toBe('Invalid');
  });

  it('keeps the record as it is now on a 409', () => {
    const error = new HttpError(409, JSON.stringify({ message: 'Changed meanwhile', current: { id: 'a', version: 2 } }));
    expect(toApiError(error)).toEqual({ status: 409, message: 'Changed meanwhile', errors: [], current: { id: 'a', version: 2 } });
  });

  it('gives a general message for a body that is not the envelope', () => {
    expect(toApiError(new HttpError(502, 'Bad gateway'))).toEqual({ status: 502, message: 'The request failed.', errors: [] });
  });

  it('reads the 401 and 423 errors, endpoint errors and network failures', () => {
    expect(toApiError(new UnauthorizedError())).toEqual({ status: 401, message: 'Unauthorized', errors: [] });
    expect(toApiError(new ForbiddenError())).toEqual({ status: 423, message: 'Forbidden - Access denied', errors: [] });
    expect(toApiError({ status: 400, message: 'No', errors: [], data: {} })).toEqual({ status: 400, message: 'No', errors: [] });
    expect(toApiError(new TypeError('Failed to fetch'))).toEqual({ status: 'FETCH_ERROR', message: UNREACHABLE_MESSAGE, errors: [] });
    expect(apiErrorText(new TypeError('x'))).toBe(UNREACHABLE_MESSAGE);
  });
});
