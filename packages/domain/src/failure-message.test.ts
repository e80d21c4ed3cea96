import { describe, expect, test } from 'vitest';
import { failureMessage } from './failure-message';

describe('the toast text for a failed request follows spec section 8', () => {
  test.each([
    { status: 500, data: { message: 'Custom server text' }, text: 'Custom server text' },
    { status: 401, data: null, text: 'This action is unauthorized.' },
    { status: 403, data: {}, text: 'This action is unauthorized.' },
    { status: 404, data: undefined, text: 'Not Found' },
    {
      status: 409,
      data: {},
      text: 'Updates overlapped, causing a hiccup. Please verify the latest data is correct.',
    },
    { status: 422, data: { errors: ['a is bad', 'b is bad'] }, text: 'Validation Error: a is bad, b is bad' },
    {
      status: 422,
      data: { errors: [{ path: 'email', message: 'Email is invalid' }] },
      text: 'Validation Error: Email is invalid',
    },
    { status: 422, data: { errors: [] }, text: 'Something Went Wrong' },
    { status: 500, data: { message: '' }, text: 'Something Went Wrong' },
    { status: 502, data: null, text: 'Something Went Wrong' },
  ])('status $status with $data -> "$text"', ({ status, data, text }) => {
    expect(failureMessage(status, data)).toBe(text);
  });
});
