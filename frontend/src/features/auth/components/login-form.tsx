import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { emailAddress, hasErrors, required, validate, type FieldErrors } from '../../../lib/validation.ts';
import { login, type Credentials } from '../api/login.ts';

type Field = keyof Credentials;

const RULES = {
  email: [required('Email is required'), emailAddress('Email must be a valid e-mail address')],
  password: [required('Password is required')],
};

export function LoginForm({ onSignedIn }: { onSignedIn: (session: Awaited<ReturnType<typeof login>>) => void }) {
  const [values, setValues] = useState<Credentials>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  const change = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(values, RULES);
    setErrors(found);
    if (hasErrors(found)) return;
    setSubmitting(true);
    setFailure(null);
    try {
      onSignedIn(await login({ email: values.email.trim(), password: values.password }));
    } catch (error) {
      setFailure(errorMessage(error, 'Invalid email or password'));
      setSubmitting(false);
    }
  };

  return (
    <Form onSubmit={submit} className="flex flex-col gap-4" validationBehavior="aria">
      {failure && <Alert>{failure}</Alert>}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        isRequired
        value={values.email}
        onChange={change('email')}
        error={errors.email}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        isRequired
        value={values.password}
        onChange={change('password')}
        error={errors.password}
      />
      <Button type="submit" isPending={isSubmitting} className="mt-2 w-full">
        {isSubmitting ? 'Signing In…' : 'Sign In'}
      </Button>
    </Form>
  );
}
