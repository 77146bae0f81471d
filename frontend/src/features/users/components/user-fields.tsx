import { TextField } from '../../../components/ui/text-field.tsx';
import type { FieldErrors } from '../../../lib/validation.ts';
import { asksCurrentPassword, type UserFormField, type UserFormMode, type UserFormValues } from './user-form.ts';

interface UserFieldsProps {
  mode: UserFormMode;
  values: UserFormValues;
  errors: FieldErrors<UserFormField>;
  onChange: (field: UserFormField, value: string) => void;
  autoFocus?: boolean;
}

/** Name, username, e-mail, (except in the Edit User modal) password, and the current one for a new own password. */
export function UserFields({ mode, values, errors, onChange, autoFocus }: UserFieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Name"
        name="name"
        isRequired
        autoFocus={autoFocus}
        value={values.name}
        onChange={(value) => onChange('name', value)}
        error={errors.name}
      />
      <TextField
        label="Username"
        name="username"
        isRequired
        autoComplete="off"
        value={values.username}
        onChange={(value) => onChange('username', value)}
        error={errors.username}
      />
      <div className="sm:col-span-2">
        <TextField
          label="Email"
          name="email"
          type="email"
          isRequired
          autoComplete="off"
          value={values.email}
          onChange={(value) => onChange('email', value)}
          error={errors.email}
        />
      </div>
      {mode !== 'edit' && (
        <div className="sm:col-span-2">
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            isRequired={mode === 'create'}
            description={mode === 'profile' ? 'Leave blank to keep the current password.' : 'At least 8 characters.'}
            value={values.password}
            onChange={(value) => onChange('password', value)}
            error={errors.password}
          />
        </div>
      )}
      {asksCurrentPassword(values, mode) && (
        <div className="sm:col-span-2">
          <TextField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            isRequired
            description="Needed to change your password. Your other sign-ins end when it changes."
            value={values.currentPassword}
            onChange={(value) => onChange('currentPassword', value)}
            error={errors.currentPassword}
          />
        </div>
      )}
    </div>
  );
}
