import { emailAddress, minLength, required, validate, type FieldErrors, type Rule } from '../../../lib/validation.ts';

export interface UserFormValues {
  name: string;
  username: string;
  email: string;
  password: string;
}

export type UserFormField = keyof UserFormValues;

/**
 * create: the add-admin form (password required); edit: the Edit User modal (no password);
 * profile: own profile (password optional, blank keeps the current one).
 */
export type UserFormMode = 'create' | 'edit' | 'profile';

export const emptyUserForm: UserFormValues = { name: '', username: '', email: '', password: '' };

// The server's own messages, so that a field reads the same whichever side caught it.
const PASSWORD_LENGTH = minLength(8, 'Password must be at least 8 characters');

const RULES: Record<UserFormMode, Partial<Record<UserFormField, Rule[]>>> = {
  create: {
    name: [required('Name is required')],
    username: [required('Username is required')],
    email: [required('Email is required'), emailAddress('Email must be a valid e-mail address')],
    password: [required('Password is required'), PASSWORD_LENGTH],
  },
  edit: {
    name: [required('Name is required')],
    username: [required('Username is required')],
    email: [required('Email is required'), emailAddress('Email must be a valid e-mail address')],
  },
  profile: {
    name: [required('Name is required')],
    username: [required('Username is required')],
    email: [required('Email is required'), emailAddress('Email must be a valid e-mail address')],
    password: [PASSWORD_LENGTH],
  },
};

export function validateUserForm(values: UserFormValues, mode: UserFormMode): FieldErrors<UserFormField> {
  return validate(values, RULES[mode]);
}

/** The values as the API takes them: trimmed, and without a blank password (which keeps the current one). */
export function toUserBody(values: UserFormValues) {
  const body = { name: values.name.trim(), username: values.username.trim(), email: values.email.trim() };
  return values.password ? { ...body, password: values.password } : body;
}
