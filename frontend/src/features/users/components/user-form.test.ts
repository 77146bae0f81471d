import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import {
  asksCurrentPassword,
  serverFieldErrors,
  toUserBody,
  validateUserForm,
  type UserFormValues,
} from './user-form.ts';

const filled: UserFormValues = {
  name: '김배우',
  username: 'kim',
  email: 'kim@example.com',
  password: 'secret-123',
  currentPassword: 'old-secret-1',
};

describe('validateUserForm', () => {
  it('accepts a complete form in every mode', () => {
    expect(validateUserForm(filled, 'create')).toEqual({});
    expect(validateUserForm(filled, 'edit')).toEqual({});
    expect(validateUserForm(filled, 'profile')).toEqual({});
  });

  it('requires name, username and email, blanks included', () => {
    const blank = { name: '  ', username: '', email: '', password: 'secret-123', currentPassword: 'old-secret-1' };
    for (const mode of ['create', 'edit', 'profile'] as const) {
      expect(validateUserForm(blank, mode)).toMatchObject({
        name: 'Name is required',
        username: 'Username is required',
        email: 'Email is required',
      });
    }
  });

  it('rejects an address that is not an e-mail', () => {
    expect(validateUserForm({ ...filled, email: 'kim.example.com' }, 'edit')).toEqual({
      email: 'Email must be a valid e-mail address',
    });
  });

  it('requires a password on create only', () => {
    const noPassword = { ...filled, password: '' };
    expect(validateUserForm(noPassword, 'create')).toEqual({ password: 'Password is required' });
    expect(validateUserForm(noPassword, 'profile')).toEqual({});
    expect(validateUserForm(noPassword, 'edit')).toEqual({});
  });

  it('asks the profile for the current password once a new one is typed, and only there', () => {
    expect(asksCurrentPassword(filled, 'profile')).toBe(true);
    expect(asksCurrentPassword({ ...filled, password: '' }, 'profile')).toBe(false);
    expect(asksCurrentPassword(filled, 'create')).toBe(false);
    const withoutCurrent = { ...filled, currentPassword: '' };
    expect(validateUserForm(withoutCurrent, 'profile')).toEqual({ currentPassword: 'Current password is required' });
    expect(validateUserForm(withoutCurrent, 'create')).toEqual({});
    expect(validateUserForm({ ...withoutCurrent, password: '' }, 'profile')).toEqual({});
  });

  it('checks the length of a password that is given', () => {
    const short = { ...filled, password: 'short' };
    expect(validateUserForm(short, 'create')).toEqual({ password: 'Password must be at least 8 characters' });
    expect(validateUserForm(short, 'profile')).toEqual({ password: 'Password must be at least 8 characters' });
  });
});

describe('toUserBody', () => {
  it('trims the fields and leaves out a blank password', () => {
    expect(
      toUserBody({
        name: ' Kim ',
        username: ' kim',
        email: 'kim@example.com ',
        password: '',
        currentPassword: 'old-secret-1',
      }),
    ).toEqual({
      name: 'Kim',
      username: 'kim',
      email: 'kim@example.com',
    });
    expect(toUserBody(filled)).toMatchObject({ password: 'secret-123', currentPassword: 'old-secret-1' });
    expect(toUserBody({ ...filled, currentPassword: '' })).not.toHaveProperty('currentPassword');
  });
});

describe('serverFieldErrors', () => {
  it('puts the server’s refusal of a form field beside it', () => {
    const refusal = new ApiError(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Current password is incorrect',
      details: {
        validation: [
          { path: 'currentPassword', message: 'Current password is incorrect' },
          { path: 'role', message: 'x' },
        ],
      },
    });
    expect(serverFieldErrors(refusal)).toEqual({ currentPassword: 'Current password is incorrect' });
    expect(serverFieldErrors(new Error('offline'))).toEqual({});
  });
});
