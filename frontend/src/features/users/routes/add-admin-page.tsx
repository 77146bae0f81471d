import { useEffect, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card, PageHeader } from '../../../components/ui/card.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { hasErrors, type FieldErrors } from '../../../lib/validation.ts';
import { createUser } from '../api/create-user.ts';
import { UserFields } from '../components/user-fields.tsx';
import {
  emptyUserForm,
  toUserBody,
  validateUserForm,
  type UserFormField,
  type UserFormValues,
} from '../components/user-form.ts';

/** Spec §9: back to the list 1.5 s after an admin is created. */
const RETURN_DELAY_MS = 1500;

export function AddAdminPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState<UserFormValues>(emptyUserForm);
  const [errors, setErrors] = useState<FieldErrors<UserFormField>>({});
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const [isSaving, setSaving] = useState(false);
  const created = outcome?.tone === 'success';

  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(() => void navigate(paths.users), RETURN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [created, navigate]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateUserForm(values, 'create');
    setErrors(found);
    if (hasErrors(found)) return;
    setSaving(true);
    setOutcome(null);
    try {
      await createUser({ ...toUserBody(values), password: values.password, role: 'admin' });
      setOutcome({ tone: 'success', message: 'Admin created successfully!' });
    } catch (error) {
      setOutcome({ tone: 'error', message: errorMessage(error, 'Failed to create admin.') });
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader title="Add Admin" description="Create an account with admin access to JOB CASTING." />
      <Card className="max-w-2xl">
        <Form onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-5">
          {outcome && <Alert tone={outcome.tone}>{outcome.message}</Alert>}
          <UserFields
            mode="create"
            values={values}
            errors={errors}
            onChange={(field, value) => {
              setValues((current) => ({ ...current, [field]: value }));
              setErrors((current) => ({ ...current, [field]: undefined }));
            }}
          />
          <div className="flex justify-end gap-2">
            <ButtonLink href={paths.users} variant="secondary">
              Cancel
            </ButtonLink>
            <Button type="submit" isPending={isSaving} isDisabled={created}>
              {isSaving && !created ? 'Creating…' : 'Create Admin'}
            </Button>
          </div>
        </Form>
      </Card>
    </>
  );
}
