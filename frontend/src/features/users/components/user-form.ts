import { ApiError } from '../../../lib/api-error.ts';
import { emailAddress, minLength, required, validate, type FieldErrors, type Rule } from '../../../lib/validation.ts';

export interface UserFormValues {
  name: string;
  username: string;
  email: string;
  password: string;
  /** Asked on the profile when a new password is typed. */
  currentPassword: string;
}

export type UserFormField = keyof UserFormValues;

/**
 * create: the add-admin form (password required); edit: the Edit User modal (no password);
 * profile: own profile (password optional, blank keeps the current one).
 */
export type UserFormMode = 'create' | 'edit' | 'profile';

export const emptyUserForm: UserFormValues = { name: '', username: '', email: '', password: '', currentPassword: '' };

// The server's own messages, so that a field reads the same whichever side caught it.
const PASSWORD_LENGTH = minLength(8, 'Password must be at least 8 characters');
const CURRENT_PASSWORD_REQUIRED = 'Current password is required';

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

/** Whether the form asks for the current password: on the profile, once a new one is typed. */
export function asksCurrentPassword(values: UserFormValues, mode: UserFormMode): boolean {
  return mode === 'profile' && values.password !== '';
}

export function validateUserForm(values: UserFormValues, mode: UserFormMode): FieldErrors<UserFormField> {
  const errors = validate(values, RULES[mode]);
  if (asksCurrentPassword(values, mode) && !values.currentPassword) errors.currentPassword = CURRENT_PASSWORD_REQUIRED;
  return errors;
}

/**
 * The values as the API takes them: trimmed, and without a blank password (which keeps the current one); a new
 * password goes with the current one when it was asked.
 */
export function toUserBody(values: UserFormValues) {
  const body = { name: values.name.trim(), username: values.username.trim(), email: values.email.trim() };
  if (!values.password) return body;
  return values.currentPassword
    ? { ...body, password: values.password, currentPassword: values.currentPassword }
    : { ...body, password: values.password };
}

/** The server's refusals of the form's own fields, to show beside them. */
export function serverFieldErrors(failure: unknown): FieldErrors<UserFormField> {
  const validation = failure instanceof ApiError ? (failure.body?.details?.validation ?? []) : [];
  const errors: FieldErrors<UserFormField> = {};
  for (const { path, message } of validation) {
    if (path in emptyUserForm) errors[path as UserFormField] ??= message;
  }
  return errors;
}
