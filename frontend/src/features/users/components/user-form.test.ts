import { describe, expect, it } from 'vitest';
import { toUserBody, validateUserForm, type UserFormValues } from './user-form.ts';

const filled: UserFormValues = { name: '김배우', username: 'kim', email: 'kim@example.com', password: 'secret-123' };

describe('validateUserForm', () => {
  it('accepts a complete form in every mode', () => {
    expect(validateUserForm(filled, 'create')).toEqual({});
    expect(validateUserForm(filled, 'edit')).toEqual({});
    expect(validateUserForm(filled, 'profile')).toEqual({});
  });

  it('requires name, username and email, blanks included', () => {
    const blank = { name: '  ', username: '', email: '', password: 'secret-123' };
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

  it('checks the length of a password that is given', () => {
    const short = { ...filled, password: 'short' };
    expect(validateUserForm(short, 'create')).toEqual({ password: 'Password must be at least 8 characters' });
    expect(validateUserForm(short, 'profile')).toEqual({ password: 'Password must be at least 8 characters' });
  });
});

describe('toUserBody', () => {
  it('trims the fields and leaves out a blank password', () => {
    expect(toUserBody({ name: ' Kim ', username: ' kim', email: 'kim@example.com ', password: '' })).toEqual({
      name: 'Kim',
      username: 'kim',
      email: 'kim@example.com',
    });
    expect(toUserBody(filled)).toHaveProperty('password', 'secret-123');
  });
});
